import { describe, expect, it } from 'vitest';
import { alertRiskReward, alertTrackerProgress, riskVsRewardText } from './measures';
import { barVolatility, scanLevels } from './scan';

describe('alertTrackerProgress: from the alert price towards the top target', () => {
  const base = { alertPrice: 100, targetRangeHigh: 110, completedStatus: 'ONGOING' as const };
  it.each([
    [null, 0],
    [90, 0],
    [100, 0],
    [102.5, 25],
    [105, 50],
    [109.999, 99.99],
    [110, 100],
    [130, 100],
  ])('price %s → %s%%', (price, progress) => {
    expect(alertTrackerProgress({ ...base, price })).toBe(progress);
  });
  it('is 100 once completed at target 2, whatever the price after', () => {
    expect(alertTrackerProgress({ ...base, price: 104, completedStatus: 'TARGET 2' })).toBe(100);
  });
  it('a half-completed alert shows where its price is', () => {
    expect(alertTrackerProgress({ ...base, price: 106, completedStatus: 'TARGET 1' })).toBe(60);
  });
  it('an alert price at or above the top target is 0 until the price reaches it', () => {
    expect(
      alertTrackerProgress({ alertPrice: 120, targetRangeHigh: 110, price: 105, completedStatus: 'ONGOING' }),
    ).toBe(0);
    expect(
      alertTrackerProgress({ alertPrice: 120, targetRangeHigh: 110, price: 111, completedStatus: 'ONGOING' }),
    ).toBe(100);
  });
});

describe('alertRiskReward', () => {
  it('measures from the top of the buy range', () => {
    expect(alertRiskReward({ buyRangeHigh: 100, stopLoss: 95, targetRangeHigh: 112.5 })).toEqual({
      riskPercent: 5,
      rewardPercent: 12.5,
    });
    expect(riskVsRewardText(5, 12.5)).toBe('1 : 2.50');
    expect(riskVsRewardText(0, 12.5)).toBe('1 : 0.00');
  });
});

describe('scanLevels', () => {
  it('barVolatility of a constant series is 0, of a zig-zag is positive', () => {
    expect(barVolatility([10, 10, 10, 10])).toBe(0);
    expect(barVolatility([10, 10.1, 10, 10.1, 10])).toBeGreaterThan(0.005);
    expect(barVolatility([10])).toBe(0);
  });

  const prices = [0.0042, 0.37, 1.2, 8.5, 42, 187.3, 950, 4200];
  const vols = [0, 0.0005, 0.002, 0.01, 0.05];
  it('always orders stop < buy low < buy high < target low < target high, all above 0', () => {
    for (const price of prices)
      for (const barVol of vols)
        for (const pullback of [0, 0.3, 0.7, 1])
          for (const horizonBars of [30, 390, 2000]) {
            const decimals = price < 1 ? 4 : 2;
            const l = scanLevels({ price, barVol, horizonBars, pullback, reach: 2, decimals });
            const label = JSON.stringify({ price, barVol, pullback, horizonBars, l });
            expect(l.stopLoss, label).toBeGreaterThan(0);
            expect(l.stopLoss, label).toBeLessThan(l.buyRangeLow);
            expect(l.buyRangeLow, label).toBeLessThan(l.buyRangeHigh);
            expect(l.buyRangeHigh, label).toBeLessThan(l.targetRangeLow);
            expect(l.targetRangeLow, label).toBeLessThan(l.targetRangeHigh);
            for (const v of Object.values(l)) expect(Number(v.toFixed(decimals)), label).toBe(v);
          }
  });

  it('holds the price in the buy range for pull-back < 0.5 and waits under it otherwise', () => {
    const now = scanLevels({ price: 100, barVol: 0.001, horizonBars: 390, pullback: 0.2, reach: 2, decimals: 2 });
    expect(now.buyRangeLow).toBeLessThanOrEqual(100);
    expect(now.buyRangeHigh).toBeGreaterThanOrEqual(100);
    const later = scanLevels({ price: 100, barVol: 0.001, horizonBars: 390, pullback: 0.8, reach: 2, decimals: 2 });
    expect(later.buyRangeHigh).toBeLessThan(100);
  });

  it('spreads the levels with the volatility', () => {
    const quiet = scanLevels({ price: 100, barVol: 0.0005, horizonBars: 390, pullback: 0.2, reach: 2, decimals: 2 });
    const wild = scanLevels({ price: 100, barVol: 0.003, horizonBars: 390, pullback: 0.2, reach: 2, decimals: 2 });
    expect(wild.targetRangeHigh - wild.stopLoss).toBeGreaterThan(quiet.targetRangeHigh - quiet.stopLoss);
  });
});
