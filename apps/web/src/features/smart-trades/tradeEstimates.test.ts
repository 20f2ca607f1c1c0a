import { describe, expect, it } from 'vitest';
import { tradeEstimate, type EstimateLeg } from './tradeEstimates';

const legs = (...pairs: [number, number][]): EstimateLeg[] => pairs.map(([price, quantity]) => ({ price, quantity }));

describe("a trade's estimates (2-trading §9: 'All values are Estimates')", () => {
  it('shares: the sum of price × quantity, exactly, and no commission', () => {
    expect(tradeEstimate(legs([0.1, 3]), false)).toEqual({ value: 0.3, fees: 0, total: 0.3 });
    expect(tradeEstimate(legs([10, 30], [12.35, 7]), false)).toEqual({ value: 386.45, fees: 0, total: 386.45 });
  });

  it('options: × 100 per contract, fees 0.6 per contract plus 0.4 (the engine: 1.25 × 3 is 375 + 2.2)', () => {
    expect(tradeEstimate(legs([1.25, 3]), true)).toEqual({ value: 375, fees: 2.2, total: 377.2 });
    expect(tradeEstimate(legs([1.25, 3], [0.5, 2]), true)).toEqual({ value: 475, fees: 3.4, total: 478.4 });
  });

  it('no contracts, no fees', () => {
    expect(tradeEstimate([], true)).toEqual({ value: 0, fees: 0, total: 0 });
  });

  it('rounded once to cents, half a cent up', () => {
    expect(tradeEstimate(legs([0.00005, 100]), false).value).toBe(0.01);
    expect(tradeEstimate(legs([0.00004999, 100]), false).value).toBe(0);
  });
});
