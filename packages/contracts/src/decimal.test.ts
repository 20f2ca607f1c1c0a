import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decimalPlaces, exactDecimal, significantDigits } from './decimal';

describe('amounts at the edge', () => {
  it.each([
    [12.5, 1],
    [300, 0],
    [0.0000005, 7],
    [1e-7, 7],
    [190.55, 2],
    [-0.05, 2],
    [1e21, 0],
  ])('%s has %s decimals', (n, places) => expect(decimalPlaces(n)).toBe(places));

  it.each([
    [190.55, 5],
    [0.0005, 1],
    [1234567.8901, 11],
  ])('%s has %s significant digits', (n, digits) => expect(significantDigits(n)).toBe(digits));

  it('refuses a price with more decimals than the column keeps, in the field’s words', () => {
    const price = exactDecimal(z.number(), 8, 'Alert Price has more than 8 decimals.');
    expect(price.safeParse(0.00000001).success).toBe(true);
    expect(price.safeParse(12.34567891).success).toBe(true);
    const r = price.safeParse(0.000000001);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Alert Price has more than 8 decimals.');
  });
});
