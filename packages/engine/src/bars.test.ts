import { describe, expect, it } from 'vitest';
import {
  averageTrueRange,
  cleanBars,
  isoDay,
  priceDecimals,
  roundTo,
  simpleAverage,
  toWeekly,
  trueRange,
  weekStart,
  type OhlcBar,
} from './bars';
import { MONDAY, series } from './bars.fixture';
import { LONG_TERM, SHORT_TERM, termBars, workingAtr } from './terms';

const DAY = 86_400;
const bar = (time: number, open: number, high: number, low: number, close: number): OhlcBar => ({
  time,
  open,
  high,
  low,
  close,
  volume: 100,
});

describe('cleanBars', () => {
  it('drops impossible bars, sorts oldest first and keeps the last copy of a repeated time', () => {
    const bars = [
      bar(3 * DAY, 10, 11, 9, 10),
      bar(1 * DAY, 10, 11, 9, 10.5),
      bar(2 * DAY, 10, 9, 11, 10), // high below low
      bar(4 * DAY, 10, 11, 9, 12), // close above high
      bar(5 * DAY, 0, 1, 0, 0.5), // non-positive low
      bar(6 * DAY, Number.NaN, 11, 9, 10),
      bar(1 * DAY, 10, 12, 9, 11), // same time as the second: kept instead
    ];
    const clean = cleanBars(bars);
    expect(clean.map((b) => b.time)).toEqual([DAY, 3 * DAY]);
    expect(clean[0]!.close).toBe(11);
  });
});

describe('weekly bars', () => {
  it.each([
    ['Monday', MONDAY, MONDAY],
    ['Wednesday noon', MONDAY + 2 * DAY + DAY / 2, MONDAY],
    ['Sunday', MONDAY + 6 * DAY, MONDAY],
    ['next Monday', MONDAY + 7 * DAY, MONDAY + 7 * DAY],
  ])('weekStart of %s', (_label, time, monday) => {
    expect(weekStart(time)).toBe(monday);
  });

  it('folds Monday to Friday into one bar: first open, extremes, last close, summed volume', () => {
    const daily = [0, 1, 2, 3, 4, 7, 8].map((d, i) => bar(MONDAY + d * DAY, 10 + i, 12 + i, 9 + i, 11 + i));
    const weekly = toWeekly(daily);
    expect(weekly).toHaveLength(2);
    expect(weekly[0]).toEqual({ time: MONDAY, open: 10, high: 16, low: 9, close: 15, volume: 500 });
    expect(weekly[1]).toEqual({ time: MONDAY + 7 * DAY, open: 15, high: 18, low: 14, close: 17, volume: 200 });
  });

  it('a week with no session (a gap in the data) gives no bar, not an empty one', () => {
    const daily = [bar(MONDAY, 10, 11, 9, 10), bar(MONDAY + 14 * DAY, 10, 11, 9, 10)];
    expect(toWeekly(daily).map((b) => b.time)).toEqual([MONDAY, MONDAY + 14 * DAY]);
  });
});

describe('true range and ATR', () => {
  it('is the high–low range without a gap', () => {
    const bars = [bar(0, 10, 11, 9, 10), bar(DAY, 10, 10.5, 9.5, 10)];
    expect(trueRange(bars, 0)).toBe(2);
    expect(trueRange(bars, 1)).toBe(1);
  });

  it('reaches back to the previous close across a gap up or down', () => {
    const up = [bar(0, 10, 11, 9, 10), bar(DAY, 14, 15, 13.5, 14)];
    expect(trueRange(up, 1)).toBe(5);
    const down = [bar(0, 10, 11, 9, 10), bar(DAY, 6, 7, 5.5, 6)];
    expect(trueRange(down, 1)).toBe(4.5);
  });

  it('averages constant ranges to that range and follows Wilder smoothing afterwards', () => {
    const bars = Array.from({ length: 14 }, (_, i) => bar(i * DAY, 10, 11, 9, 10));
    expect(averageTrueRange(bars, 14)).toBeCloseTo(2, 12);
    bars.push(bar(14 * DAY, 10, 12, 8, 10)); // a range of 4
    expect(averageTrueRange(bars, 14)).toBeCloseTo((2 * 13 + 4) / 14, 12);
  });

  it('is NaN with fewer bars than the period', () => {
    expect(averageTrueRange([bar(0, 10, 11, 9, 10)], 14)).toBeNaN();
  });

  it('the working ATR never falls below 0.5% of the price', () => {
    const dead = Array.from({ length: 30 }, (_, i) => bar(i * DAY, 50, 50, 50, 50));
    expect(workingAtr(dead, SHORT_TERM, 50)).toBeCloseTo(0.25, 12);
  });
});

describe('simpleAverage', () => {
  it.each([
    [[1, 2, 3, 4, 5], 5, 0, 3],
    [[1, 2, 3, 4, 5], 2, 0, 4.5],
    [[1, 2, 3, 4, 5], 2, 1, 3.5],
    [[1, 2, 3], 4, 0, Number.NaN],
    [[1, 2, 3], 3, 1, Number.NaN],
  ])('%j over %i, %i back → %d', (values, period, offset, expected) => {
    expect(simpleAverage(values, period, offset)).toBe(expected);
  });
});

describe('price decimals', () => {
  it.each([
    [250.5, 2],
    [1, 2],
    [0.5, 4],
    [0.0174, 4],
    [0.0012, 5],
    [0.00005, 7],
    [1e-12, 8],
  ])('%d → %i decimals', (price, decimals) => {
    expect(priceDecimals(price)).toBe(decimals);
  });

  it('rounds half away from float noise', () => {
    expect(roundTo(1.005 * 100, 0)).toBe(100);
    expect(roundTo(2.345, 2)).toBe(2.35);
  });

  it('formats a bar time as its UTC day', () => {
    expect(isoDay(MONDAY)).toBe('2024-01-01');
  });
});

describe('termBars', () => {
  const daily = series({ days: 600, drift: 0.001, noise: 0.01 });

  it('short term: the last 120 sessions', () => {
    const bars = termBars(daily, SHORT_TERM);
    expect(bars).toHaveLength(120);
    expect(bars.at(-1)!.time).toBe(daily.at(-1)!.time);
  });

  it('long term: weeks, at most 104 of them, stamped on Mondays', () => {
    const bars = termBars(daily, LONG_TERM);
    expect(bars).toHaveLength(104);
    expect(bars.every((b) => new Date(b.time * 1000).getUTCDay() === 1)).toBe(true);
    expect(bars.at(-1)!.close).toBe(daily.at(-1)!.close);
  });
});
