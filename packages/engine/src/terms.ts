import { averageTrueRange, cleanBars, isoDay, priceDecimals, toWeekly, type OhlcBar } from './bars';

/**
 * The two horizons of Dione and Range Radar (docs/dione.md). Both read the provider's daily bars:
 * the short term looks at the last 120 sessions day by day, the long term folds the same history
 * into weeks and looks at up to two years of them.
 */
export type TermName = 'short' | 'long';

export interface Term {
  name: TermName;
  label: 'Short Term' | 'Long Term';
  /** The bar unit the term computes on, as a trader says it. */
  unit: 'day' | 'week';
  /** The same, as an adjective: 'daily' or 'weekly'. */
  barsName: 'daily' | 'weekly';
  /** Most recent bars the term reads. */
  window: number;
  /** Fewer bars than this: the term is not found (not enough history). */
  minBars: number;
  atrPeriod: number;
  fastAverage: number;
  slowAverage: number;
  /** The slow average's slope is measured over this many bars. */
  slopeBars: number;
  /** A pivot is the highest high (lowest low) of this many bars on each side. */
  pivotStrength: number;
}

export const SHORT_TERM: Term = {
  name: 'short',
  label: 'Short Term',
  unit: 'day',
  barsName: 'daily',
  window: 120,
  minBars: 30,
  atrPeriod: 14,
  fastAverage: 10,
  slowAverage: 20,
  slopeBars: 5,
  pivotStrength: 3,
};

export const LONG_TERM: Term = {
  name: 'long',
  label: 'Long Term',
  unit: 'week',
  barsName: 'weekly',
  window: 104,
  minBars: 45,
  atrPeriod: 14,
  fastAverage: 10,
  slowAverage: 40,
  slopeBars: 4,
  pivotStrength: 2,
};

export const TERMS: readonly Term[] = [SHORT_TERM, LONG_TERM];

/** Calendar days of daily history the long term needs to be complete (104 weeks and a margin). */
export const HISTORY_DAYS = 740;

/** The cleaned bars a term computes on, oldest first, at most `term.window` of them. */
export function termBars(daily: readonly OhlcBar[], term: Term): OhlcBar[] {
  const clean = cleanBars(daily);
  const bars = term.unit === 'week' ? toWeekly(clean) : clean;
  return bars.slice(-term.window);
}

/** ATR is never taken below this share of the price, so a flat market still gives distinct levels. */
export const MIN_ATR_SHARE = 0.005;

/**
 * The term's working volatility: Wilder's ATR over its bars, but at least 0.5% of the price and
 * four price steps (so rounded levels stay apart).
 */
export function workingAtr(bars: readonly OhlcBar[], term: Term, price: number): number {
  const atr = averageTrueRange(bars, Math.min(term.atrPeriod, bars.length));
  const floor = Math.max(price * MIN_ATR_SHARE, 4 * 10 ** -priceDecimals(price));
  return Number.isFinite(atr) ? Math.max(atr, floor) : floor;
}

/** The message of a term without enough history. */
export function notEnoughHistory(term: Term, have: number): string {
  return `Not enough price history for a ${term.label.toLowerCase()} view: ${have} of ${term.minBars} ${term.barsName} bars.`;
}

/** The message of a computed term: what it read, so a trader can check it. */
export function basedOn(term: Term, bars: number, lastTime: number): string {
  return `Based on ${bars} ${term.barsName} bars up to ${isoDay(lastTime)}.`;
}
