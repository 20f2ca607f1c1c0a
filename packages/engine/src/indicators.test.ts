import { describe, expect, it } from 'vitest';
import { INTERVALS, type Interval } from '@drat/contracts';
import { roundTo } from './bars';
import { closesWanted, emaOf, smaOf, spanForBars } from './indicators';

const closes = Array.from({ length: 120 }, (_, i) => 100 + Math.sin(i / 5) * 7 + i * 0.1);

describe('indicators (trading-signals)', () => {
  it.each([1, 2, 14, 50, 120])('SMA(%i) is the mean of the last closes', (n) => {
    const last = closes.slice(-n);
    expect(smaOf(closes, n)).toBeCloseTo(last.reduce((a, b) => a + b, 0) / n, 9);
  });

  it.each([1, 5, 20, 40])('EMA(%i) is seeded with the first close and weighted 2/(n+1)', (n) => {
    const k = 2 / (n + 1);
    let ema = closes[0]!;
    for (const c of closes.slice(1)) ema = c * k + ema * (1 - k);
    expect(emaOf(closes, n)).toBeCloseTo(ema, 9);
  });

  it('reads timePeriod closes for SMA and three periods for EMA', () => {
    expect(closesWanted('SMA', 50)).toBe(50);
    expect(closesWanted('EMA', 50)).toBe(150);
  });

  it('rounds to four decimals', () => {
    expect(roundTo(1.23456789, 4)).toBe(1.2346);
    expect(roundTo(0.1 + 0.2, 4)).toBe(0.3);
  });
});

/**
 * Bars of `interval` in [from, to) if the market kept only regular sessions (14:30–21:00 UTC
 * here), on weekdays, less two holidays and one more per 25 weekdays; weeks and months that
 * begin inside the window.
 */
function sessionBars(interval: Interval, from: number, to: number): number {
  const DAY = 86_400_000;
  let sessions = 0;
  for (let day = Math.floor(from / DAY) * DAY; day < to; day += DAY) {
    const weekday = new Date(day).getUTCDay();
    const open = day + 14.5 * 3_600_000;
    const close = day + 21 * 3_600_000;
    if (weekday !== 0 && weekday !== 6 && open >= from && close <= to) sessions += 1;
  }
  sessions = Math.max(0, sessions - 2 - Math.floor(sessions / 25));
  const minutes: Partial<Record<Interval, number>> = {
    '1min': 1,
    '5min': 5,
    '15min': 15,
    '30min': 30,
    '45min': 45,
    '1hr': 60,
    '2hr': 120,
    '4hr': 240,
  };
  if (interval === '1day') return sessions;
  if (interval === '1week' || interval === '1month') {
    let starts = 0; // weeks (Mondays) or months (1st days) that begin inside the window
    for (let day = Math.ceil(from / DAY) * DAY; day < to; day += DAY) {
      const d = new Date(day);
      if (interval === '1week' ? d.getUTCDay() === 1 : d.getUTCDate() === 1) starts += 1;
    }
    return starts;
  }
  return sessions * Math.floor(390 / (minutes[interval] ?? 390));
}

describe('spanForBars', () => {
  const end = Date.UTC(2026, 0, 5, 21); // a Monday's close
  it.each(INTERVALS.flatMap((interval) => [1, 20, 50, 150, 500, 1500].map((n) => [interval, n] as const)))(
    '%s × %i bars fit in the span',
    (interval, n) => {
      const span = spanForBars(interval, n);
      expect(sessionBars(interval, end - span, end)).toBeGreaterThanOrEqual(n);
    },
  );
});
