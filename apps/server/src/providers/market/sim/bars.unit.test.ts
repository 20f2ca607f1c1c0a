import type { Bar, Interval } from '@drat/contracts';
import { describe, expect, it } from 'vitest';
import { mergeBars, simBars, weekStart } from './bars';
import { DAY_MS, isTradingDay } from './calendar';
import { SimEngine } from './engine';

const NOW = Date.UTC(2026, 2, 12, 17, 43, 21, 500); // Thursday 13:43:21.5 ET
const MIN = 60_000;

/** Groups bars by a key of their start and merges each group (the expected aggregate). */
function aggregate(bars: Bar[], key: (timeSec: number) => number): Bar[] {
  const groups = new Map<number, Bar[]>();
  for (const b of bars) {
    const k = key(b.time);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k)!.push(b);
  }
  return [...groups].map(([k, g]) => mergeBars(k, g)!);
}

describe.each([false, true])('bars (always open: %s)', (alwaysOpen) => {
  const engine = new SimEngine('drat', alwaysOpen);
  const s = engine.state('MSFT')!;
  const bars = (interval: Interval, from: number, to: number) => simBars(engine, s, interval, from, to, NOW);
  const weekFrom = Date.UTC(2026, 2, 2);
  const minutes = bars('1min', weekFrom, NOW + DAY_MS);

  it('has 1-minute bars for the session minutes only, up to now, the last one partial', () => {
    expect(minutes.length).toBe(alwaysOpen ? Math.floor((NOW - weekFrom) / MIN) + 1 : 390 * 8 + 253 + 1);
    for (let k = 1; k < minutes.length; k++) expect(minutes[k]!.time).toBeGreaterThan(minutes[k - 1]!.time);
    const last = minutes.at(-1)!;
    expect(last.time * 1000).toBe(Math.floor(NOW / MIN) * MIN);
    const q = engine.quote(s, NOW);
    expect(last.close).toBe(q.last);
    for (const b of minutes)
      expect(b.low <= Math.min(b.open, b.close) && b.high >= Math.max(b.open, b.close)).toBe(true);
  });

  it.each([
    ['5min', 5],
    ['15min', 15],
    ['30min', 30],
    ['45min', 45],
    ['1hr', 60],
    ['2hr', 120],
    ['4hr', 240],
  ] as const)('%s bars aggregate the 1-minute bars', (interval, n) => {
    // Buckets start at the session open (09:30 ET) or at 00:00 UTC when always open.
    const sessionStart = (t: number) => {
      const day = Math.floor(t / 86400);
      const first = minutes.find((b) => Math.floor(b.time / 86400) === day)!.time;
      return first + Math.floor((t - first) / (n * 60)) * n * 60;
    };
    const expected = aggregate(minutes, sessionStart);
    expect(bars(interval, weekFrom, NOW + DAY_MS)).toEqual(expected);
  });

  it("completed days' intraday bars are kept: asked again, or for part of a day, they are the same bars", () => {
    const first = bars('1hr', weekFrom, NOW + DAY_MS);
    const again = bars('1hr', weekFrom, NOW + DAY_MS);
    expect(again).toEqual(first);
    // What one caller does to its bars never reaches the next caller's.
    again[0]!.close = -1;
    expect(bars('1hr', weekFrom, NOW + DAY_MS)[0]!.close).toBe(first[0]!.close);
    // A window from the middle of a day answers the buckets starting in it.
    const from = weekFrom + DAY_MS + 15 * 3_600_000;
    const to = weekFrom + 3 * DAY_MS + 2 * 3_600_000;
    expect(bars('1hr', from, to)).toEqual(first.filter((b) => b.time * 1000 >= from && b.time * 1000 < to));
  });

  it('1day bars aggregate the minutes of each session, and the quote agrees with today', () => {
    const days = bars('1day', weekFrom, NOW + DAY_MS);
    const expected = aggregate(minutes, (t) => Math.floor(t / 86400) * 86400);
    expect(days).toEqual(expected);
    expect(days.length).toBe(alwaysOpen ? 11 : 9);
    const today = days.at(-1)!;
    const q = engine.quote(s, NOW);
    expect([q.open, q.high, q.low, q.last, q.volume]).toEqual([
      today.open,
      today.high,
      today.low,
      today.close,
      today.volume,
    ]);
    expect(q.prevclose).toBe(days.at(-2)!.close);
  });

  it('1week and 1month bars aggregate the daily bars', () => {
    const from = Date.UTC(2025, 9, 1);
    const days = bars('1day', from, NOW + DAY_MS);
    if (!alwaysOpen) for (const d of days) expect(isTradingDay(d.time / 86400)).toBe(true);
    const weeks = bars('1week', from, NOW + DAY_MS);
    expect(weeks).toEqual(aggregate(days, (t) => weekStart(t / 86400) * 86400).filter((w) => w.time * 1000 >= from));
    const months = bars('1month', from, NOW + DAY_MS);
    expect(months.map((m) => new Date(m.time * 1000).toISOString().slice(0, 10))).toEqual([
      '2025-10-01',
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
    expect(months).toEqual(
      aggregate(days, (t) => {
        const d = new Date(t * 1000);
        return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
      }),
    );
  });

  it('returns the bars whose start lies in [from, to)', () => {
    const from = Date.UTC(2026, 2, 10, 14, 0);
    const to = Date.UTC(2026, 2, 10, 16, 0);
    const hourly = bars('1hr', from, to);
    for (const b of hourly) expect(b.time * 1000 >= from && b.time * 1000 < to).toBe(true);
    expect(bars('1min', from, to).length).toBe(120);
    expect(bars('1day', to, from)).toEqual([]);
    expect(bars('1min', NOW + MIN, NOW + 10 * MIN)).toEqual([]);
  });

  it('is the same from a cold engine and in any order of requests', () => {
    const cold = new SimEngine('drat', alwaysOpen);
    const cs = cold.state('MSFT')!;
    const a = simBars(cold, cs, '1day', Date.UTC(2026, 1, 1), NOW, NOW);
    expect(a).toEqual(bars('1day', Date.UTC(2026, 1, 1), NOW));
  });
});
