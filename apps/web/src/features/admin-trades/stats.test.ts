import { describe, expect, it } from 'vitest';
import { countsOf, totalOf } from './stats';

describe('smart-trader analysis counts (3-bots-admin-public §2.4)', () => {
  it('shows Completed, Active (OPEN), Pending and Cancelled in that order, with their counts', () => {
    const counts = countsOf([
      { status: 'PENDING', count: 3 },
      { status: 'OPEN', count: 2 },
      { status: 'COMPLETED', count: 5 },
      { status: 'CANCELLED', count: 1 },
      { status: 'FAIL', count: 4 },
    ]);
    expect(counts.map((c) => [c.label, c.count])).toEqual([
      ['Completed', 5],
      ['Active', 2],
      ['Pending', 3],
      ['Cancelled', 1],
    ]);
    expect(totalOf(counts)).toBe(11);
  });

  it('a status the answer leaves out counts 0', () => {
    expect(countsOf([]).map((c) => c.count)).toEqual([0, 0, 0, 0]);
  });
});
