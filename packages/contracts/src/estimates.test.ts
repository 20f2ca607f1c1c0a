import { describe, expect, it } from 'vitest';
import { optionsOf, SHARES, tradeEstimate, type EstimateLeg } from './estimates';

const legs = (...pairs: [number, number][]): EstimateLeg[] => pairs.map(([price, quantity]) => ({ price, quantity }));

describe("a trade's estimates (2-trading §9: 'All values are Estimates')", () => {
  it('shares: the sum of price × quantity, exactly, and no commission', () => {
    expect(tradeEstimate(legs([0.1, 3]), SHARES)).toEqual({ value: 0.3, fees: 0, total: 0.3 });
    expect(tradeEstimate(legs([10, 30], [12.35, 7]), SHARES)).toEqual({ value: 386.45, fees: 0, total: 386.45 });
  });

  it('a single call or put: × 100 per contract, fees 0.6 per contract plus 0.4 (1.25 × 3 is 375 + 2.20)', () => {
    expect(tradeEstimate(legs([1.25, 3]), optionsOf('BUY CALL'))).toEqual({ value: 375, fees: 2.2, total: 377.2 });
    expect(tradeEstimate(legs([1.25, 3], [0.5, 2]), optionsOf('BUY PUT'))).toEqual({
      value: 475,
      fees: 3.4,
      total: 478.4,
    });
  });

  it('2 strangles are 4 contracts, a call and a put each: fees 0.6 × 4 + 0.4 = 2.80', () => {
    expect(tradeEstimate(legs([3.5, 2]), optionsOf('STRANGLE'))).toEqual({ value: 700, fees: 2.8, total: 702.8 });
    expect(tradeEstimate(legs([3.5, 1], [3.4, 1]), optionsOf('STRADDLE')).fees).toBe(2.8);
  });

  it("the advanced drawer's ranges are one contract a unit each: two ranges of one call and one put are 2.80 too", () => {
    expect(tradeEstimate(legs([1.5, 2], [2, 2]), optionsOf()).fees).toBe(2.8);
  });

  it('no contracts, no fees', () => {
    expect(tradeEstimate([], optionsOf('STRANGLE'))).toEqual({ value: 0, fees: 0, total: 0 });
  });

  it('rounded once to cents, half a cent up', () => {
    expect(tradeEstimate(legs([0.00005, 100]), SHARES).value).toBe(0.01);
    expect(tradeEstimate(legs([0.00004999, 100]), SHARES).value).toBe(0);
  });
});
