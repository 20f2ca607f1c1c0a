import { EMA, SMA } from 'trading-signals';
import { INTRADAY_MINUTES, type Bar, type Interval } from '@drat/contracts';

/**
 * Indicator arithmetic (GET /stock/ta, Ask DRAT's technicals), free of I/O. Values come from `trading-signals`;
 * this file only decides which closes they see.
 */

/** EMA is warmed up over up to this many periods of closes, so its seed no longer matters. */
export const EMA_WARMUP_PERIODS = 3;

/** How many closes an indicator over `timePeriod` bars reads (at most; at least `timePeriod`). */
export function closesWanted(parameter: 'SMA' | 'EMA', timePeriod: number): number {
  return parameter === 'SMA' ? timePeriod : timePeriod * EMA_WARMUP_PERIODS;
}

/** SMA of the last `timePeriod` closes. */
export function smaOf(closes: readonly number[], timePeriod: number): number {
  const sma = new SMA(timePeriod);
  sma.updates(closes.slice(-timePeriod), false);
  return sma.getResultOrThrow();
}

/** EMA over `closes` (oldest first; trading-signals seeds it with the first close). */
export function emaOf(closes: readonly number[], timePeriod: number): number {
  const ema = new EMA(timePeriod);
  ema.updates(closes, false);
  return ema.getResultOrThrow();
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Regular-session minutes in a trading day; extended hours only add bars, so this is a safe floor. */
const SESSION_MINUTES = 390;

/**
 * A calendar span (ms) that holds at least `bars` bars of `interval` when the market keeps its
 * ordinary hours: trading days are 5 of 7 and a few holidays are allowed for.
 */
export function spanForBars(interval: Interval, bars: number): number {
  const minutes = INTRADAY_MINUTES[interval];
  if (minutes !== undefined || interval === '1day') {
    const barsPerDay = minutes === undefined ? 1 : Math.max(1, Math.floor(SESSION_MINUTES / minutes));
    const sessions = Math.ceil(bars / barsPerDay);
    // Two holidays at any time, one more per 20 sessions (NYSE closes 9 or 10 weekdays a year).
    const weekdays = sessions + 2 + Math.ceil(sessions / 20);
    return (Math.ceil((weekdays * 7) / 5) + 3) * DAY;
  }
  return interval === '1week' ? (bars * 7 + 14) * DAY : (bars * 31 + 62) * DAY;
}

export function closesOf(bars: readonly Bar[]): number[] {
  return bars.map((b) => b.close);
}
