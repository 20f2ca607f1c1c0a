import { describe, expect, it } from 'vitest';
import { replay, type ReplayBar } from './replay';
import { basicTrade, MINUTE, T0 } from './scenario.fixture';

/** Minute bars from [open, low, high, close] rows. */
const bars = (rows: [number, number, number, number][]): ReplayBar[] =>
  rows.map(([open, low, high, close], i) => ({ time: T0 + i * MINUTE, open, low, high, close }));

describe('replay over past bars', () => {
  it('replay-buys-in-the-ranges-and-sells-at-the-targets', () => {
    const r = replay(
      basicTrade(),
      bars([
        [10.2, 10.1, 10.3, 10.2],
        [10.1, 9.75, 10.1, 9.9], // both buys: 10.00 then 9.80
        [10.0, 9.9, 11.2, 11.1], // target 11 sells range 2
        [11.5, 11.4, 12.3, 12.1], // target 12 sells range 1
      ]),
    );
    expect(r.executions.map((e) => [e.purpose, e.label, e.price])).toEqual([
      // Both buys were crossed on the way down to the bar's low: one point, ranges in order.
      ['BUY', 'buy_range_1', '9.8'],
      ['BUY', 'buy_range_2', '10'],
      ['TARGET', 'buy_range_2', '11'],
      ['TARGET', 'buy_range_1', '12'],
    ]);
    expect(r.trade.status).toBe('COMPLETED');
    expect(r.realised).toBe('160');
    expect(r.held).toBe('0');
  });

  it('replay-a-gap-down-fills-the-buy-at-the-open-and-the-stop-sells-at-the-next-price', () => {
    const r = replay(
      basicTrade(),
      bars([
        [10.2, 10.1, 10.3, 10.2],
        [8.8, 8.7, 8.9, 8.85], // gaps under both buys and the stop
        [8.9, 8.8, 9.0, 8.95],
      ]),
    );
    expect(r.executions.slice(0, 2).map((e) => [e.purpose, e.price])).toEqual([
      ['BUY', '8.8'],
      ['BUY', '8.8'],
    ]);
    expect(r.trade.exitReason).toBe('STOP_LOSS');
    expect(r.executions.filter((e) => e.purpose === 'EXIT').map((e) => e.price)).toEqual(['8.7', '8.7']);
    expect(r.realised).toBe('-10');
  });

  it('replay-nothing-is-bought-on-prices-that-never-reach-the-ranges', () => {
    const r = replay(basicTrade(), bars([[10.5, 10.3, 10.8, 10.6]]));
    expect(r.executions).toEqual([]);
    expect(r.trade.status).toBe('PENDING');
  });

  it('replay-a-bar-that-opens-under-the-limits-fills-at-its-open', () => {
    // The buys rest from before the first bar: it opens at 9.70, under both, and they fill there.
    const r = replay(basicTrade(), bars([[9.7, 9.6, 9.75, 9.7]]));
    expect(r.executions.map((e) => e.price)).toEqual(['9.7', '9.7']);
  });

  it('replay-a-target-placed-at-a-price-is-matched-from-the-next-price-on', () => {
    // The low (9.95) fills range 2's buy and places its target at 11; the high (11.20) sells it at 11.
    const r = replay(basicTrade(), bars([[10.2, 9.95, 11.2, 11.0]]));
    expect(r.executions.map((e) => [e.purpose, e.price])).toEqual([
      ['BUY', '10'],
      ['TARGET', '11'],
    ]);
  });

  it('replay-holds-what-is-not-sold-and-values-it-at-the-last-close', () => {
    const r = replay(basicTrade({ stopLoss: null }), bars([[10.2, 9.95, 10.3, 10.4]]));
    expect(r.held).toBe('50');
    expect(r.unrealised).toBe('20');
  });

  it('replay-passing-over-quiet-bars-answers-what-stepping-every-price-answers', () => {
    // 120 trades over random walks: levels around 10, with and without a stop, a trail or a
    // cancel-if-not-filled time. Fast-forwarding must change nothing a trader reads, nor the trade.
    let seed = 7;
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const price = (x: number) => (Math.round(x * 100) / 100).toFixed(2);
    let passedOver = 0;
    const skipped = { bars: 0 };
    for (let n = 0; n < 120; n++) {
      const low = 9 + rand();
      const trade = basicTrade({
        buyRangeLow: price(low),
        buyRangeHigh: price(low + 0.3 * rand()),
        targetRangeLow: price(low + 0.5 + rand()),
        targetRangeHigh: price(low + 1 + 2 * rand()),
        stopLoss: rand() < 0.2 ? null : price(low - 0.2 - rand()),
        trailing: rand() < 0.4 ? { percent: '3', newPercent: '1.5', triggerPercent: '8' } : null,
        cancelUnfilledAt: rand() < 0.2 ? T0 + Math.floor(rand() * 200) * MINUTE : null,
      });
      let p = 10 + rand();
      const rows: [number, number, number, number][] = [];
      for (let i = 0; i < 200; i++) {
        const open = p;
        const close = Math.max(0.5, open + (rand() - 0.5) * 0.2);
        const lo = Math.min(open, close) - rand() * 0.05;
        const hi = Math.max(open, close) + rand() * 0.05;
        // One bar in fifty is malformed as feeds sometimes are: its open or close outside its low and high.
        const odd = rand() < 0.02;
        rows.push([+(odd ? lo - 0.3 : open).toFixed(2), +lo.toFixed(2), +hi.toFixed(2), +close.toFixed(2)]);
        p = close;
      }
      const every = replay(trade, bars(rows), { fastForward: false });
      const fast = replay(trade, bars(rows), { passed: skipped });
      expect(fast).toEqual(every);
      if (every.executions.length > 0) passedOver++;
    }
    // The walks did trade (the comparison is not between two empty answers), and most bars were
    // passed over (the comparison is not between two full steppings).
    expect(passedOver).toBeGreaterThan(30);
    expect(skipped.bars).toBeGreaterThan(120 * 200 * 0.5);
  });
});
