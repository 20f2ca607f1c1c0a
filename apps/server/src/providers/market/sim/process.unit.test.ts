import { SECTORS } from '@drat/contracts';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from './calendar';
import { SimEngine } from './engine';
import {
  BLOCK_DAYS,
  EPOCH_DAY,
  forgetMarketDraws,
  minuteOpen,
  minuteSoFar,
  priceWithin,
  type DayPath,
} from './process';
import { CLOSED } from './sessions';
import { UNIVERSE } from './universe';

const T = Date.UTC(2026, 2, 10, 15, 7, 23, 456); // Tuesday 11:07:23.456 ET

function checkPath(p: DayPath): void {
  for (let i = 0; i < 1440; i++) {
    const o = minuteOpen(p, i);
    const h = p.high[i]!;
    const l = p.low[i]!;
    const c = p.close[i]!;
    const v = p.volume[i]!;
    if (!(l > 0 && Number.isFinite(h) && l <= Math.min(o, c) && h >= Math.max(o, c) && v >= 0 && Number.isInteger(v))) {
      throw new Error(`bad minute ${i} of day ${p.day}: o=${o} h=${h} l=${l} c=${c} v=${v}`);
    }
  }
}

describe('universe', () => {
  it('has at least 150 real tickers across every sector, ETFs and OTC names', () => {
    expect(UNIVERSE.length).toBeGreaterThanOrEqual(150);
    expect(new Set(UNIVERSE.map((t) => t.symbol)).size).toBe(UNIVERSE.length);
    for (const sector of SECTORS)
      expect(UNIVERSE.filter((t) => t.company.sector === sector).length).toBeGreaterThanOrEqual(5);
    const etfs = UNIVERSE.filter((t) => t.company.type === 'etf').map((t) => t.symbol);
    for (const s of [
      'SPY',
      'QQQ',
      'DIA',
      'IWM',
      'XLK',
      'XLF',
      'XLE',
      'XLV',
      'XLY',
      'XLP',
      'XLI',
      'XLB',
      'XLU',
      'XLRE',
      'XLC',
    ])
      expect(etfs).toContain(s);
    const otc = UNIVERSE.filter((t) => t.company.type === 'otc');
    expect(otc.length).toBeGreaterThanOrEqual(10);
    expect(otc.every((t) => t.company.exchange === 'OTC' && !t.company.optionable)).toBe(true);
    expect(otc.filter((t) => t.price < 1).length).toBeGreaterThanOrEqual(2);
    for (const t of UNIVERSE) {
      const c = t.company;
      expect(t.price > 0 && t.vol > 0 && t.vol < 2 && Math.abs(t.rho) <= 1).toBe(true);
      expect(c.shares_outstanding > 0 && c.float > 0 && c.float <= c.shares_outstanding && c.average_volume > 0).toBe(
        true,
      );
      expect(c.website).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+$/);
      expect(c.description.length).toBeGreaterThan(10);
      expect(c.name.length).toBeGreaterThan(1);
    }
  });
});

describe('price process', () => {
  it('is a pure function of (seed, ticker, time): two engines agree, in any order', () => {
    const a = new SimEngine('drat', false);
    const b = new SimEngine('drat', false);
    const times = [T, T + 37, T - 3 * DAY_MS, T + 400 * DAY_MS, Date.UTC(2001, 4, 2, 15), T - 20 * 365 * DAY_MS];
    for (const sym of ['AAPL', 'SPY', 'AABB', 'BRK.B']) {
      const sa = a.state(sym)!;
      const sb = b.state(sym)!;
      const forward = times.map((t) => a.quote(sa, t));
      const backward = [...times].reverse().map((t) => b.quote(sb, t));
      expect(backward.reverse()).toEqual(forward);
    }
    const c = new SimEngine('other seed', false);
    expect(c.price(c.state('AAPL')!, T)).not.toBe(a.price(a.state('AAPL')!, T));
  });

  it('draws the same always-open day whether an NYSE-hours market of the same seed drew it first or not', () => {
    // The market's minute draws are kept per day for every ticker; they must not depend on which
    // market's hours asked first (an NYSE day leaves its closed minutes out of nothing).
    const day = EPOCH_DAY + 4321;
    forgetMarketDraws();
    new SimEngine('shared draws', false).dayPath(new SimEngine('shared draws', false).state('AAPL')!, day);
    const open = new SimEngine('shared draws', true);
    const afterNyse = Array.from(open.dayPath(open.state('AAPL')!, day).close);
    forgetMarketDraws();
    const fresh = new SimEngine('shared draws', true);
    expect(Array.from(fresh.dayPath(fresh.state('AAPL')!, day).close)).toEqual(afterNyse);
  });

  it('starts each ticker at its reference price at the epoch', () => {
    const e = new SimEngine('drat', true);
    for (const t of UNIVERSE)
      expect(e.dayPath(e.state(t.symbol)!, EPOCH_DAY).open0).toBeCloseTo(t.price, t.price >= 1 ? 2 : 4);
  });

  it.each([
    { alwaysOpen: false, blockStep: 4, days: [-14_600, -5001, -1, 0, BLOCK_DAYS - 1, 7777] },
    { alwaysOpen: true, blockStep: 6, days: [-9000, BLOCK_DAYS, 5555] },
  ])(
    'never gives a negative, zero or NaN price, for every ticker, over decades (always open: $alwaysOpen)',
    ({ alwaysOpen, blockStep, days }) => {
      const e = new SimEngine('drat', alwaysOpen);
      for (const t of UNIVERSE) {
        const s = e.state(t.symbol)!;
        // Daily levels over ±40 years (blocks of 256 days around 2026-01-01).
        for (let b = -56; b <= 56; b += blockStep) {
          const bad = e.block(s, b).level.filter((x) => !(Math.exp(x) > t.price / 200 && Math.exp(x) < t.price * 200));
          expect(bad.length, `${t.symbol} block ${b}`).toBe(0);
        }
        // Every minute of whole days spread over 40 years, including block boundaries.
        for (const d of days) checkPath(e.dayPath(s, EPOCH_DAY + d));
      }
    },
    60_000,
  );

  it('joins days and blocks seamlessly and stands still while the market is closed', () => {
    const e = new SimEngine('drat', false);
    const s = e.state('TSLA')!;
    for (let d = EPOCH_DAY - 20; d < EPOCH_DAY + BLOCK_DAYS + 20; d++) {
      const p = e.dayPath(s, d);
      const next = e.dayPath(s, d + 1);
      expect(next.open0).toBe(p.close[1439]);
      const moved: number[] = [];
      for (let i = 0; i < 1440; i++) {
        if (p.layout.codes[i] === CLOSED && (p.close[i] !== minuteOpen(p, i) || p.volume[i] !== 0)) moved.push(i);
      }
      expect(moved).toEqual([]);
    }
  });

  it('keeps live prices inside the minute bar and ends the minute on its close', () => {
    const e = new SimEngine('drat', true);
    const s = e.state('NVDA')!;
    const p = e.dayPath(s, EPOCH_DAY + 40);
    for (let i = 0; i < 1440; i += 7) {
      let hi = -Infinity;
      let lo = Infinity;
      let ok = true;
      for (let f = 0; f < 1; f += 0.01) {
        const px = priceWithin(p, i, f);
        const so = minuteSoFar(p, i, f);
        hi = Math.max(hi, px);
        lo = Math.min(lo, px);
        ok &&= px >= p.low[i]! && px <= p.high[i]! && so.close === px && so.high >= hi && so.low <= lo;
        ok &&= so.high <= p.high[i]! && so.low >= p.low[i]! && so.open === minuteOpen(p, i);
      }
      expect(ok, `minute ${i}`).toBe(true);
      expect(priceWithin(p, i, 0)).toBe(minuteOpen(p, i));
      expect(Math.abs(priceWithin(p, i, 0.99999) - p.close[i]!)).toBeLessThanOrEqual(0.011);
      const end = minuteSoFar(p, i, 0.99999);
      expect([end.high, end.low]).toEqual([p.high[i], p.low[i]]);
    }
  });

  it('clusters volatility: the regime multiplier persists from day to day', () => {
    const e = new SimEngine('drat', false);
    const mult = e.block(e.state('SPY')!, 0).volMult;
    let num = 0;
    let den = 0;
    const mean = mult.reduce((a, b) => a + b, 0) / mult.length;
    for (let k = 1; k < mult.length; k++) {
      num += (mult[k]! - mean) * (mult[k - 1]! - mean);
      den += (mult[k]! - mean) ** 2;
    }
    expect(num / den).toBeGreaterThan(0.6);
    expect(Math.max(...mult) / Math.min(...mult)).toBeGreaterThan(1.5);
  });

  it('widens the spread for illiquid names', () => {
    const e = new SimEngine('drat', false);
    const rel = (sym: string) => {
      let sum = 0;
      for (let k = 0; k < 50; k++) {
        const q = e.quote(e.state(sym)!, T + k * 61_000);
        sum += (q.ask - q.bid) / q.last;
      }
      return sum / 50;
    };
    const spy = rel('SPY');
    const aapl = rel('AAPL');
    const mid = rel('VMC');
    const otc = rel('VONOY');
    const penny = rel('CRLBF');
    expect(spy).toBeLessThan(mid);
    expect(aapl).toBeLessThan(mid);
    expect(mid).toBeLessThan(otc);
    expect(mid).toBeLessThan(penny);
    expect(aapl).toBeLessThan(0.0005);
    expect(penny).toBeGreaterThan(0.005);
  });

  it('quotes bid ≤ last ≤ ask on the tick grid and day figures consistent with the session', () => {
    const e = new SimEngine('drat', false);
    for (const t of UNIVERSE) {
      const q = e.quote(e.state(t.symbol)!, T);
      expect(q.bid).toBeLessThanOrEqual(q.last);
      expect(q.ask).toBeGreaterThanOrEqual(q.last);
      expect(q.ask).toBeGreaterThan(q.bid);
      const scale = q.last >= 1 ? 100 : 10000;
      for (const x of [q.bid, q.ask, q.last]) expect(Math.abs(x * scale - Math.round(x * scale))).toBeLessThan(1e-6);
      expect(q.low).toBeLessThanOrEqual(q.last);
      expect(q.high).toBeGreaterThanOrEqual(q.last);
      expect(q.volume).toBeGreaterThan(0);
      expect(q.change).toBeCloseTo(q.last - q.prevclose, 4);
    }
  });

  it('gives 0 for open, high, low and volume before the regular open, and keeps the last close after hours', () => {
    const e = new SimEngine('drat', false);
    const s = e.state('AAPL')!;
    const pre = e.quote(s, Date.UTC(2026, 2, 10, 12, 0)); // 08:00 ET
    expect(pre).toMatchObject({ open: 0, high: 0, low: 0, volume: 0 });
    expect(pre.last).toBeGreaterThan(0);
    const close = e.quote(s, Date.UTC(2026, 2, 10, 20, 0)); // 16:00 ET
    const night = e.quote(s, Date.UTC(2026, 2, 11, 2, 0)); // 22:00 ET, closed
    const lateNight = e.quote(s, Date.UTC(2026, 2, 11, 7, 59)); // 03:59 ET
    expect(night.last).toBe(lateNight.last);
    expect(night.volume).toBe(close.volume);
    expect(night.prevclose).toBe(close.prevclose);
    const weekend = [Date.UTC(2026, 2, 7, 15), Date.UTC(2026, 2, 8, 20)].map((t) => e.quote(s, t));
    expect(weekend[0]!.last).toBe(weekend[1]!.last);
    const friday = e.dailyBar(s, Math.floor(Date.UTC(2026, 2, 6) / DAY_MS), T)!;
    expect(weekend[0]!.volume).toBe(friday.volume);
    expect(e.quote(s, Date.UTC(2026, 2, 9, 8, 0)).prevclose).toBe(friday.close); // Monday 04:00 ET
  });
});
