import { describe, expect, it } from 'vitest';
import { toText } from '../money/decimal';
import type { ReplayBar } from '../trading/replay';
import type { BotAlert } from './filters';
import { replayBot, type ReplayAlert, type ReplayBot } from './replay';

const HOUR = 3_600_000;
const off = { on: false, min: 0, max: 100 };
const bot = (over: Partial<ReplayBot['capital']> = {}): ReplayBot => ({
  filters: {
    tradeCategory: 'SWING-ALERTS',
    alertsFrom: '2026-01-01',
    alertsTo: '2026-12-31',
    riskAtMost: 10,
    rewardAtLeast: 50,
    alertPriceGreaterThan: 0,
    alertPriceLessThan: 100,
    sharesOutstanding: off,
    sharesFloat: off,
    averageVolume: off,
    sectors: ['ALL SECTORS'],
    openInterest: off,
    optionsVolume: off,
    expirationFrom: null,
    expirationTo: null,
    optionsStrategy: '',
  },
  capital: { amountPerTrade: 1000, maxTrades: 10, maxTotal: 10_000, dailyLimit: 20, ...over },
  sizing: {
    amountPerTrade: 1000,
    entryOnePercent: 50,
    entryTwoPercent: 50,
    splitHundred: false,
    strictTarget: true,
    entryRules: null,
    stopRule: null,
  },
  trailing: null,
});

/** Hourly bars from `start` through each price (open = low = high = close). */
const bars = (start: number, prices: number[]): ReplayBar[] =>
  prices.map((p, i) => ({ time: start + i * HOUR, open: p, high: p, low: p, close: p }));

/** ACME at 10 on `day`: buys 9.80 and 10, targets 14 and 16, stop 9.20 (risk 8%, reward 60%). */
function alert(id: number, day: string, path: number[], over: Partial<BotAlert> = {}): ReplayAlert {
  const at = Date.parse(`${day}T15:00:00Z`);
  const a: BotAlert = {
    ticker: 'ACME',
    typeName: 'SWING-ALERTS',
    date: day,
    alertPrice: 10,
    buyRangeLow: '9.80',
    buyRangeHigh: '10.00',
    targetRangeLow: 14,
    targetRangeHigh: 16,
    stopLoss: '9.20',
    ...over,
  };
  return {
    id,
    at,
    alert: a,
    prices: {
      lastPrice: 10,
      buyRange1: a.buyRangeLow,
      buyRange2: a.buyRangeHigh,
      stopLoss: a.stopLoss,
      targetRangeLow: a.targetRangeLow,
      targetRangeHigh: a.targetRangeHigh,
    },
    facts: {},
    bars: bars(at, path),
  };
}

describe('a bot replayed on past alerts', () => {
  it('a-winning-and-a-losing-alert-give-the-p-l-win-rate-drawdown-and-equity-curve-of-their-trades', () => {
    // Entry 2 (10.00) fills at the first bar's 10, Entry 1 (9.80) when the price comes down to it.
    // 1 reaches both targets: 51 × (16 − 9.8) + 50 × (14 − 10) = 516.2.
    const win = alert(1, '2026-03-02', [10, 9.8, 12, 14, 16]);
    // 2 falls through the stop (9.20): 51 × (9.2 − 9.8) + 50 × (9.2 − 10) = −70.6.
    const loss = alert(2, '2026-03-09', [10, 9.8, 9.2]);
    const r = replayBot(bot(), [loss, win], Date.parse('2026-04-01T00:00:00Z'));
    expect(r.trades.map((t) => [t.alertId, t.status, toText(t.realised)])).toEqual([
      [1, 'COMPLETED', '516.2'],
      [2, 'COMPLETED', '-70.6'],
    ]);
    expect([r.wins, r.losses, toText(r.profitLoss), toText(r.maxDrawdown)]).toEqual([1, 1, '445.6', '70.6']);
    expect(r.equity.map((p) => toText(p.value))).toEqual(['516.2', '445.6']);
  });

  it('alerts-the-filters-or-the-limits-refuse-are-listed-with-the-reason-and-limits-count-the-replayed-trades', () => {
    const risky = alert(1, '2026-03-02', [10], { stopLoss: '8.00' });
    const a = alert(2, '2026-03-03', [10, 9.9]);
    const b = alert(3, '2026-03-04', [10, 9.9]);
    const r = replayBot(bot({ maxTrades: 1 }), [risky, a, b], Date.parse('2026-04-01T00:00:00Z'));
    expect(r.trades.map((t) => t.alertId)).toEqual([2]);
    expect(r.skipped).toEqual([
      { alertId: 1, ticker: 'ACME', day: '2026-03-02', reason: 'risk 20% is above your 10%' },
      { alertId: 3, ticker: 'ACME', day: '2026-03-04', reason: 'you set a maximum of 1 trade, and 1 was taken' },
    ]);
    // Bought at 9.9 (range 2's 10.00 limit filled at the bar's open price) and still held: valued at the last close.
    expect(r.trades[0]!.status).toBe('OPEN');
  });
});
