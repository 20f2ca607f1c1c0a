/**
 * Bar arithmetic shared by Dione and Range Radar: cleaning, weekly folding, ATR, moving averages
 * and price rounding. Pure: no clock, no I/O.
 */

/** One OHLCV bar; `time` is its start in epoch seconds (the same shape as the contracts' Bar). */
export interface OhlcBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

const DAY_S = 86_400;

function isSane(b: OhlcBar): boolean {
  const values = [b.time, b.open, b.high, b.low, b.close];
  return (
    values.every(Number.isFinite) &&
    b.low > 0 &&
    b.high >= b.low &&
    b.open >= b.low &&
    b.open <= b.high &&
    b.close >= b.low &&
    b.close <= b.high
  );
}

/**
 * Bars fit to compute on: impossible bars (non-finite, non-positive, close outside high–low) are
 * dropped, the rest sorted oldest first, and a repeated time keeps its last copy. Missing sessions
 * (gaps) are left as they are: ATR sees a gap through the previous close.
 */
export function cleanBars(bars: readonly OhlcBar[]): OhlcBar[] {
  const byTime = new Map<number, OhlcBar>();
  for (const b of bars) if (isSane(b)) byTime.set(b.time, b);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** Monday 00:00 UTC of the week holding `time` (epoch seconds). */
export function weekStart(time: number): number {
  const day = Math.floor(time / DAY_S) * DAY_S;
  const weekday = new Date(day * 1000).getUTCDay(); // 0 = Sunday
  return day - ((weekday + 6) % 7) * DAY_S;
}

/** Daily bars (oldest first) folded into weekly bars stamped with their Monday. */
export function toWeekly(daily: readonly OhlcBar[]): OhlcBar[] {
  const out: OhlcBar[] = [];
  for (const b of daily) {
    const week = weekStart(b.time);
    const cur = out.at(-1);
    if (cur && cur.time === week) {
      cur.high = Math.max(cur.high, b.high);
      cur.low = Math.min(cur.low, b.low);
      cur.close = b.close;
      cur.volume += b.volume;
    } else {
      out.push({ ...b, time: week });
    }
  }
  return out;
}

/** True range of bar `i`: its high–low, widened to the previous close across a gap. */
export function trueRange(bars: readonly OhlcBar[], i: number): number {
  const b = bars[i]!;
  const prev = bars[i - 1];
  if (!prev) return b.high - b.low;
  return Math.max(b.high - b.low, Math.abs(b.high - prev.close), Math.abs(b.low - prev.close));
}

/**
 * Wilder's average true range over `period` bars: the mean of the first `period` true ranges,
 * then smoothed as (previous × (period − 1) + true range) / period. NaN with fewer bars than `period`.
 */
export function averageTrueRange(bars: readonly OhlcBar[], period: number): number {
  if (bars.length < period || period < 1) return Number.NaN;
  let atr = 0;
  for (let i = 0; i < period; i++) atr += trueRange(bars, i);
  atr /= period;
  for (let i = period; i < bars.length; i++) atr = (atr * (period - 1) + trueRange(bars, i)) / period;
  return atr;
}

/** Mean of the `period` values ending `offset` values before the last; NaN when there are too few. */
export function simpleAverage(values: readonly number[], period: number, offset = 0): number {
  const end = values.length - offset;
  if (period < 1 || end - period < 0) return Number.NaN;
  let sum = 0;
  for (let i = end - period; i < end; i++) sum += values[i]!;
  return sum / period;
}

/**
 * Decimals a price is shown and stored with: 2 from $1 up (1-core §9), and enough below $1 to keep
 * about three significant digits (OTC prices such as 0.0174), at most 8.
 */
export function priceDecimals(price: number): number {
  if (!(price > 0) || price >= 1) return 2;
  return Math.min(8, Math.max(4, Math.ceil(-Math.log10(price)) + 2));
}

export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** The epoch-seconds time as YYYY-MM-DD (UTC). */
export function isoDay(time: number): string {
  return new Date(time * 1000).toISOString().slice(0, 10);
}

/** Index of the first bar starting at or after `t` in bars sorted by time (their length when none). */
export function firstBarFrom(bars: readonly { time: number }[], t: number): number {
  let lo = 0;
  let hi = bars.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bars[mid]!.time < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
