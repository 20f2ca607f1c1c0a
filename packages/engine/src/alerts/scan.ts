import type { OptionStrategy } from '@drat/contracts';
import { occSymbol } from '../options/occ';

/**
 * Levels of a scanner alert from recent volatility (the demo scanner, issue 4): pure arithmetic
 * over a price series, so it can be tested without a market.
 */

/** Standard deviation of one-bar log returns; 0 with fewer than three prices. */
export function barVolatility(closes: readonly number[]): number {
  const r: number[] = [];
  for (let i = 1; i < closes.length; i++) {
    const a = closes[i - 1]!;
    const b = closes[i]!;
    if (a > 0 && b > 0) r.push(Math.log(b / a));
  }
  if (r.length < 2) return 0;
  const mean = r.reduce((x, y) => x + y, 0) / r.length;
  const variance = r.reduce((x, y) => x + (y - mean) ** 2, 0) / (r.length - 1);
  return Math.sqrt(variance);
}

export interface ScanLevelsInput {
  /** The price now (the alert price). */
  price: number;
  /** Volatility of one bar (barVolatility of recent bars). */
  barVol: number;
  /** How many bars the trade idea is meant to last: the move it expects is barVol × √horizon. */
  horizonBars: number;
  /**
   * 0..1: where the buy range sits. Under 0.5 the range holds the price (the alert enters at once);
   * above, it waits for a pull-back under the price.
   */
  pullback: number;
  /** Reward multiple of the expected move for target 2 (target 1 is half-way). */
  reach: number;
  /** Decimals of the prices (2, or 4 for sub-dollar OTC names). */
  decimals: number;
  /** Smallest move used, as a fraction of the price (keeps quiet names sensible). */
  minMove?: number;
}

export interface ScanLevels {
  alertPrice: number;
  buyRangeLow: number;
  buyRangeHigh: number;
  targetRangeLow: number;
  targetRangeHigh: number;
  stopLoss: number;
}

/**
 * stop < buy low < buy high < target low < target high, all positive and distinct at `decimals`.
 * The expected move m = max(minMove, barVol·√horizon) sets every distance: the buy range is about
 * 0.3m wide, the stop about 1.1m under it, target 1 about 0.5·reach·m and target 2 reach·m over it.
 */
export function scanLevels(input: ScanLevelsInput): ScanLevels {
  const { price, decimals } = input;
  const unit = 10 ** -decimals;
  const round = (x: number) => Math.round(x / unit) * unit;
  const fix = (x: number) => Number(x.toFixed(decimals));
  const m = Math.max(input.minMove ?? 0.004, input.barVol * Math.sqrt(Math.max(1, input.horizonBars)));
  const top = input.pullback < 0.5 ? price * (1 + 0.1 * m) : price * (1 - (0.15 + 0.3 * input.pullback) * m);
  let buyRangeHigh = round(top);
  let buyRangeLow = round(top * (1 - 0.3 * m));
  if (buyRangeLow >= buyRangeHigh) buyRangeLow = buyRangeHigh - unit;
  let stopLoss = round(buyRangeLow * (1 - 1.1 * m));
  if (stopLoss >= buyRangeLow) stopLoss = buyRangeLow - unit;
  let targetRangeLow = round(buyRangeHigh * (1 + 0.5 * input.reach * m));
  if (targetRangeLow <= buyRangeHigh) targetRangeLow = buyRangeHigh + unit;
  let targetRangeHigh = round(buyRangeHigh * (1 + input.reach * m));
  if (targetRangeHigh <= targetRangeLow) targetRangeHigh = targetRangeLow + unit;
  stopLoss = Math.max(unit, stopLoss);
  if (buyRangeLow <= stopLoss) buyRangeLow = stopLoss + unit;
  if (buyRangeHigh <= buyRangeLow) buyRangeHigh = buyRangeLow + unit;
  return {
    alertPrice: fix(round(price)) || fix(unit),
    buyRangeLow: fix(buyRangeLow),
    buyRangeHigh: fix(buyRangeHigh),
    targetRangeLow: fix(Math.max(targetRangeLow, buyRangeHigh + unit)),
    targetRangeHigh: fix(Math.max(targetRangeHigh, buyRangeHigh + 2 * unit, targetRangeLow + unit)),
    stopLoss: fix(stopLoss),
  };
}

/** FNV-1a: a small stable hash (the demo scanner's choices), so the same hour gives the same alerts on every node and every run. */
export function scanHash(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('\u0000')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
/** The item of `list` that the hash `h` picks. */
export const pickOf = <T>(list: readonly T[], h: number): T => list[h % list.length]!;

/** How a type trades: the horizon of its idea in minutes, and whether it is about options. */
export function scanProfile(t: { name: string; category: string }): {
  horizon: number;
  options: boolean;
  otc: boolean;
} {
  const name = t.name.toUpperCase();
  const options = t.category === 'OPTIONS' || name.includes('OPTION');
  const otc = t.category === 'OTC';
  let horizon = 240;
  if (name.includes('DAY')) horizon = 60;
  else if (name.includes('SQUEEZE') || name.includes('LOTTO')) horizon = 90;
  else if (name.includes('SWING')) horizon = 780;
  else if (name.includes('WEEKLY')) horizon = 390;
  else if (options) horizon = 120;
  return { horizon, options, otc };
}

/** What the demo scanner's alerts say they saw, and their notes. */
export const SCAN_SETUPS = [
  'Bull flag',
  'Breakout over resistance',
  'Pullback to support',
  'Higher lows on rising volume',
  'Gap and go',
  'Oversold bounce',
  'Cup and handle',
  'Reclaim of the 20-day average',
];
export const SCAN_NOTES = [
  'Scale out half at target 1 and move the stop to entry.',
  'Wait for the buy range; do not chase above it.',
  'Volume is well above average this hour.',
  'Sector is leading today; size normally.',
  'Tight stop: respect it.',
];

/** The first expiration after `day` among the next three, picked by the hash `h`; null when none. */
export function scanExpiration(expirations: readonly string[], day: string, h: number): string | null {
  const later = expirations.filter((e) => e > day);
  return later.length === 0 ? null : pickOf(later.slice(0, 3), h);
}

/**
 * The contracts of a scanner options alert near the money at `spot`: BUY CALL the first strike at
 * or above, BUY PUT the first at or below, STRADDLE the nearest (call and put), STRANGLE a call
 * above +1.5 % and a put under −1.5 %. Null with fewer than three strikes or no strangle.
 */
export function scanContracts(
  ticker: string,
  spot: number,
  strategy: OptionStrategy,
  expiration: string,
  listed: readonly number[],
) {
  const strikes = listed.slice().sort((a, b) => a - b);
  if (strikes.length < 3) return null;
  const nearest = strikes.reduce((b, k) => (Math.abs(k - spot) < Math.abs(b - spot) ? k : b));
  const above = strikes.find((k) => k >= spot) ?? strikes[strikes.length - 1]!;
  const below = [...strikes].reverse().find((k) => k <= spot) ?? strikes[0]!;
  switch (strategy) {
    case 'BUY CALL':
      return {
        expiration,
        fields: { single_strike: above, single_expiration: expiration },
        symbols: [occSymbol(ticker, expiration, 'call', above)],
        label: `${ticker} ${expiration} ${above} CALL`,
      };
    case 'BUY PUT':
      return {
        expiration,
        fields: { single_strike: below, single_expiration: expiration },
        symbols: [occSymbol(ticker, expiration, 'put', below)],
        label: `${ticker} ${expiration} ${below} PUT`,
      };
    case 'STRADDLE':
      return {
        expiration,
        fields: { leg_one_strike: nearest, leg_two_strike: nearest, leg_one_expiration: expiration },
        symbols: [occSymbol(ticker, expiration, 'call', nearest), occSymbol(ticker, expiration, 'put', nearest)],
        label: `CALL ${nearest} <-> PUT ${nearest}`,
      };
    case 'STRANGLE': {
      const call = strikes.find((k) => k > spot * 1.015) ?? strikes[strikes.length - 1]!;
      const put = [...strikes].reverse().find((k) => k < spot * 0.985) ?? strikes[0]!;
      if (!(call > put)) return null;
      return {
        expiration,
        fields: { leg_one_strike: call, leg_two_strike: put, leg_one_expiration: expiration },
        symbols: [occSymbol(ticker, expiration, 'call', call), occSymbol(ticker, expiration, 'put', put)],
        label: `CALL ${call} <-> PUT ${put}`,
      };
    }
  }
}
