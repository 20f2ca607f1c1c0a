import { describe, expect, it } from 'vitest';
import { splitTotal, totalOf } from './amounts';

describe('amount splitting (2-trading §4)', () => {
  it('a total splits in half between the two buy ranges', () => {
    expect(splitTotal(100)).toEqual({ low: 50, high: 50 });
    expect(splitTotal(2)).toEqual({ low: 1, high: 1 });
  });
  it('an odd share goes to the low range', () => {
    expect(splitTotal(7)).toEqual({ low: 4, high: 3 });
  });
  it('changing one amount makes the total their sum', () => {
    expect(totalOf(3, 5)).toBe(8);
    expect(totalOf(null, 5)).toBe(5);
  });
});
