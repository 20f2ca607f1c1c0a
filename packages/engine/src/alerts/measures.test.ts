import { describe, expect, it } from 'vitest';
import { alertRiskReward, liveProfit, riskVsReward, trackerProgress, winRate } from './measures';
import { barVolatility, scanContracts, scanExpiration, scanLevels } from './scan';

describe('trackerProgress: from the alert price towards the top target', () => {
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
    expect(trackerProgress({ ...base, price })).toBe(progress);
  });
  it('is 100 once completed at target 2, whatever the price after', () => {
    expect(trackerProgress({ ...base, price: 104, completedStatus: 'TARGET 2' })).toBe(100);
  });
  it('a half-completed alert shows where its price is', () => {
    expect(trackerProgress({ ...base, price: 106, completedStatus: 'TARGET 1' })).toBe(60);
  });
  it('an alert price at or above the top target is 0 until the price reaches it', () => {
    expect(trackerProgress({ alertPrice: 120, targetRangeHigh: 110, price: 105, completedStatus: 'ONGOING' })).toBe(0);
    expect(trackerProgress({ alertPrice: 120, targetRangeHigh: 110, price: 111, completedStatus: 'ONGOING' })).toBe(
      100,
    );
  });
});

describe('alertRiskReward', () => {
  it('measures from the top of the buy range', () => {
    expect(alertRiskReward({ buyRangeHigh: 100, stopLoss: 95, targetRangeHigh: 112.5 })).toEqual({
      riskPercent: 5,
      rewardPercent: 12.5,
    });
    expect(riskVsReward(5, 12.5)).toBe('1 : 2.50');
  });
});

describe('riskVsReward', () => {
  it.each([
    [5, 10, '1 : 2.00'],
    [3, 10, '1 : 3.33'],
    [10, 5, '1 : 0.50'],
    [0, 10, '-'],
    [-1, 10, '-'],
  ])('risk %s %%, reward %s %% → %s', (risk, reward, expected) => expect(riskVsReward(risk, reward)).toBe(expected));
});

describe('trackerProgress', () => {
  const base = { alertPrice: 100, targetRangeHigh: 120, completedStatus: 'ONGOING' };
  it.each([
    ['no price yet', { price: null }, 0],
    ['at the alert price', { price: 100 }, 0],
    ['below the alert price', { price: 90 }, 0],
    ['a quarter of the way', { price: 105 }, 25],
    ['a third of the way (2 decimals)', { price: 106.6667 }, 33.33],
    ['at the top target', { price: 120 }, 100],
    ['past the top target', { price: 130 }, 100],
    ['completed at TARGET 2 whatever the price', { price: 90, completedStatus: 'TARGET 2' }, 100],
    ['stopped out below', { price: 95, completedStatus: 'STOP' }, 0],
    ['half completed at target 1', { price: 110, completedStatus: 'TARGET 1' }, 50],
    ['a target at the alert price, not reached', { targetRangeHigh: 100, price: 99 }, 0],
    ['a target at the alert price, reached', { targetRangeHigh: 100, price: 100 }, 100],
  ])('%s', (_label, over, expected) => expect(trackerProgress({ ...base, ...over } as never)).toBe(expected));
});

describe('winRate (1-core §9)', () => {
  it.each([
    [0, 0, 0],
    [1, 1, 100],
    [0, 5, 0],
    [2, 3, 66.67],
    [1, 3, 33.33],
    [1, 8, 12.5],
    [7, 9, 77.78],
  ])('%s wins of %s → %s %%', (wins, total, expected) => expect(winRate(wins, total)).toBe(expected));
});

describe('liveProfit', () => {
  it('difference and percent of the alert price', () => {
    expect(liveProfit(50, 55)).toEqual({ pl: 5, percent: 10 });
    expect(liveProfit(0.012, 0.009)).toEqual({ pl: -0.003, percent: -25 });
    expect(liveProfit(50, null)).toEqual({ pl: null, percent: null });
    expect(liveProfit(0, 1)).toEqual({ pl: 1, percent: null });
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

describe('scanner contract choice', () => {
  const strikes = [95, 97.5, 100, 102.5, 105];
  it('takes the first listed expiration after the day, among the next three', () => {
    expect(scanExpiration(['2026-01-02', '2026-01-09', '2026-01-16'], '2026-01-02', 0)).toBe('2026-01-09');
    expect(scanExpiration(['2026-01-02'], '2026-01-02', 0)).toBeNull();
  });
  it('buys the call at or above the price and the put at or below it', () => {
    expect(scanContracts('AAPL', 101, 'BUY CALL', '2026-01-16', strikes)?.fields).toEqual({
      single_strike: 102.5,
      single_expiration: '2026-01-16',
    });
    expect(scanContracts('AAPL', 101, 'BUY PUT', '2026-01-16', strikes)?.symbols).toEqual(['AAPL260116P00100000']);
  });
  it('straddles the nearest strike and strangles ±1.5 % around the price', () => {
    expect(scanContracts('AAPL', 101, 'STRADDLE', '2026-01-16', strikes)?.label).toBe('CALL 100 <-> PUT 100');
    expect(scanContracts('AAPL', 101, 'STRANGLE', '2026-01-16', strikes)?.label).toBe('CALL 105 <-> PUT 97.5');
  });
  it('finds nothing on a chain of fewer than three strikes', () => {
    expect(scanContracts('AAPL', 101, 'BUY CALL', '2026-01-16', [100, 105])).toBeNull();
  });
});
