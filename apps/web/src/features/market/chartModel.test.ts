import { describe, expect, it } from 'vitest';
import type { Quote } from '@drat/contracts';
import {
  cleanBars,
  crosshairLabel,
  newYorkOffset,
  nextLiveBar,
  tickLabel,
  toChartTime,
  type LiveBarState,
} from './chartModel';

const T0 = Date.UTC(2026, 0, 5, 15, 0) / 1000; // Mon 10:00 New York
const q = (last: number, atSeconds: number, volume = 1000): Quote => ({
  symbol: 'SPY',
  name: 'SPDR',
  last,
  bid: last,
  ask: last,
  open: last,
  high: last,
  low: last,
  prevclose: last,
  change: 0,
  change_percentage: 0,
  volume,
  at: new Date(atSeconds * 1000).toISOString(),
});
const state = (interval: LiveBarState['interval'] = '5min'): LiveBarState => ({
  symbol: 'SPY',
  interval,
  last: { time: T0, open: 100, high: 101, low: 99, close: 100.5, volume: 500 },
  dayVolume: null,
});

describe('nextLiveBar', () => {
  it('updates the last bar while the quote lies inside it', () => {
    const first = nextLiveBar(state(), q(102, T0 + 60, 1000))!;
    expect(first.bar).toEqual({ time: T0, open: 100, high: 102, low: 99, close: 102, volume: 500 });
    const second = nextLiveBar(first.state, q(98.5, T0 + 120, 1300))!;
    expect(second.bar).toMatchObject({ time: T0, high: 102, low: 98.5, close: 98.5, volume: 800 });
  });

  it('starts a new bar at the start of the quote period', () => {
    const next = nextLiveBar({ ...state(), dayVolume: 1000 }, q(103, T0 + 11 * 60, 1200))!;
    expect(next.bar).toEqual({ time: T0 + 600, open: 103, high: 103, low: 103, close: 103, volume: 200 });
  });

  it('ignores older quotes and other symbols', () => {
    expect(nextLiveBar(state(), q(1, T0 - 1))).toBeNull();
    expect(nextLiveBar(state(), { ...q(1, T0 + 1), symbol: 'QQQ' })).toBeNull();
  });

  it('uses the day volume for a daily bar', () => {
    const next = nextLiveBar(state('1day'), q(101, T0 + 3600, 9_000_000))!;
    expect(next.bar.volume).toBe(9_000_000);
  });
});

describe('cleanBars', () => {
  it('sorts, removes duplicate times and non-finite bars', () => {
    const bar = (time: number, close = 1) => ({ time, open: 1, high: 1, low: 1, close, volume: 1 });
    expect(cleanBars([bar(3), bar(1), bar(3, 2), bar(2, NaN)]).map((b) => [b.time, b.close])).toEqual([
      [1, 1],
      [3, 2],
    ]);
  });
});

describe('chart time and labels', () => {
  it('shifts intraday times to New York wall time and labels them', () => {
    expect(newYorkOffset(T0)).toBe(-5 * 3600);
    expect(newYorkOffset(Date.UTC(2026, 6, 1, 15) / 1000)).toBe(-4 * 3600);
    const chart = toChartTime(T0, '5min');
    expect(tickLabel(chart, 3)).toBe('10:00');
    expect(crosshairLabel(chart, '5min')).toMatch(/Mon, Jan 5,? 10:00 ET/);
  });

  it('leaves daily bars at their UTC date', () => {
    const midnightUtc = Date.UTC(2026, 0, 5) / 1000;
    expect(toChartTime(midnightUtc, '1day')).toBe(midnightUtc);
    expect(tickLabel(midnightUtc, 2)).toBe('Jan 5');
    expect(crosshairLabel(midnightUtc, '1day')).toMatch(/Mon, Jan 5,? 2026/);
  });
});
