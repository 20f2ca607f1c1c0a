import { priceDecimals, roundTo, simpleAverage, type OhlcBar } from '../bars';
import { supportResistance, type PriceLevel } from '../range-radar/pivots';
import { TERMS, basedOn, notEnoughHistory, termBars, workingAtr, type Term, type TermName } from '../terms';

/**
 * Dione: a long (buy) setup per term from volatility, trend and support/resistance. Every rule
 * below is written out for traders in docs/dione.md; keep the two in step.
 */
export type Trend = 'up' | 'sideways' | 'down';

export interface DioneSetup {
  term: TermName;
  label: Term['label'];
  found: true;
  trend: Trend;
  lastPrice: number;
  buyLow: number;
  buyHigh: number;
  stopLoss: number;
  target1: number;
  target2: number;
  /** Reward to target 1 per unit of risk (entry at the middle of the buy range). */
  riskReward: number;
  /** 1 to 5 stars. */
  rating: number;
  atr: number;
  fastAverage: number;
  slowAverage: number;
  quote: string;
  message: string;
  barsUsed: number;
  decimals: number;
}

export interface DioneMissing {
  term: TermName;
  label: Term['label'];
  found: false;
  message: string;
  barsUsed: number;
}

export type DioneView = DioneSetup | DioneMissing;

/** Buy-range depth below the price, in ATRs, by trend: shallow pullbacks in an uptrend. */
const DEPTH: Record<Trend, number> = { up: 0.5, sideways: 1, down: 1.5 };
/** Default targets in multiples of the risk, by trend, when no resistance is in reach. */
const TARGET_R: Record<Trend, [number, number]> = { up: [2, 3.5], sideways: [1.5, 2.5], down: [1.2, 2] };
const HALF_WIDTH_ATR = 0.25;
/** A support this close below the price (in ATRs) anchors the buy range. */
const SUPPORT_REACH_ATR = 2;
const STOP_ATR = 1;
/** A support this close below the buy range (in ATRs) is protected by the stop. */
const STOP_SUPPORT_REACH_ATR = 1.5;
/** Above this ATR share of the price, a setup loses a star for wild swings. */
const WILD_ATR_SHARE = 0.08;
const LEVEL_COUNT = 8;

export function trendOf(price: number, fast: number, slow: number): Trend {
  if (price > slow && fast > slow) return 'up';
  if (price < slow && fast < slow) return 'down';
  return 'sideways';
}

/** Stars: 1 + trend (up 2, sideways 1) + 1 for reward ≥ 2× risk + 1 when the price is near the buy range, − 1 for wild swings. */
export function ratingOf(i: {
  trend: Trend;
  slope: number;
  riskReward: number;
  price: number;
  buyHigh: number;
  atr: number;
}): number {
  let stars = 1 + (i.trend === 'up' ? 2 : i.trend === 'sideways' ? 1 : 0);
  if (i.riskReward >= 2) stars += 1;
  if (i.price <= i.buyHigh + i.atr) stars += 1;
  if (i.trend === 'up' && i.slope < 0) stars -= 1;
  if (i.atr / i.price > WILD_ATR_SHARE) stars -= 1;
  return Math.min(5, Math.max(1, stars));
}

/** First level (nearest first) inside [low, high], or undefined. */
function firstWithin(levels: readonly PriceLevel[], low: number, high: number): number | undefined {
  return levels.find((l) => l.price >= low && l.price <= high)?.price;
}

/** Rounds each level and lifts any that fell onto or below the one before by one price step. */
function ascending(values: number[], decimals: number): number[] {
  const step = 10 ** -decimals;
  const out: number[] = [];
  for (const v of values) {
    const prev = out.at(-1);
    let r = roundTo(v, decimals);
    if (prev !== undefined && r <= prev) r = roundTo(prev + step, decimals);
    out.push(r);
  }
  return out;
}

function quoteOf(
  term: Term,
  trend: Trend,
  f: (n: number) => string,
  s: { buy: string; t1: number; stop: number },
): string {
  const avg = `${term.fastAverage}- and ${term.slowAverage}-${term.unit}`;
  switch (trend) {
    case 'up':
      return `Uptrend above its ${avg} averages: buy pullbacks into ${s.buy}, first target ${f(s.t1)}.`;
    case 'sideways':
      return `Moving sideways: buy dips into ${s.buy} and take profits toward ${f(s.t1)}.`;
    case 'down':
      return `Downtrend below its ${avg} averages: only a deeper pullback into ${s.buy} is worth a try, stop at ${f(s.stop)}.`;
  }
}

/**
 * One term's setup for a long trade at the live `price` (the last close when the quote has none).
 * Levels are ordered stop < buy low < buy high < target 1 < target 2 in every case.
 */
export function dioneTerm(daily: readonly OhlcBar[], price: number, term: Term): DioneView {
  const bars = termBars(daily, term);
  const last = bars.at(-1);
  if (bars.length < term.minBars || !last) {
    return {
      term: term.name,
      label: term.label,
      found: false,
      message: notEnoughHistory(term, bars.length),
      barsUsed: bars.length,
    };
  }
  const p = price > 0 && Number.isFinite(price) ? price : last.close;
  const closes = bars.map((b) => b.close);
  const atr = workingAtr(bars, term, p);
  const fast = simpleAverage(closes, term.fastAverage);
  const slow = simpleAverage(closes, term.slowAverage);
  const slope = (slow - simpleAverage(closes, term.slowAverage, term.slopeBars)) / atr;
  const trend = trendOf(p, fast, slow);
  const { supports, resistances } = supportResistance(bars, p, {
    strength: term.pivotStrength,
    tolerance: atr / 2,
    maxLevels: LEVEL_COUNT,
  });

  // Buy range: half an ATR wide, just above a nearby support, else `DEPTH` ATRs under the price.
  const anchor = firstWithin(supports, p - SUPPORT_REACH_ATR * atr, p - HALF_WIDTH_ATR * atr);
  const centre = anchor !== undefined ? anchor + HALF_WIDTH_ATR * atr : p - DEPTH[trend] * atr;
  const buyLow = centre - HALF_WIDTH_ATR * atr;
  const buyHigh = Math.min(centre + HALF_WIDTH_ATR * atr, Math.max(p, centre + 0.1 * atr));
  const entry = (buyLow + buyHigh) / 2;

  // Stop: one ATR under the buy range, or a quarter ATR under the next support if that is lower.
  let stop = buyLow - STOP_ATR * atr;
  const guard = firstWithin(supports, buyLow - STOP_SUPPORT_REACH_ATR * atr, buyLow - 0.01 * atr);
  if (guard !== undefined) stop = Math.min(stop, guard - HALF_WIDTH_ATR * atr);
  if (stop <= 0) stop = buyLow / 2;
  const risk = entry - stop;

  // Targets: the first resistances at a sensible reward, else multiples of the risk.
  const [r1, r2] = TARGET_R[trend];
  const t1 = firstWithin(resistances, entry + risk, entry + 3 * risk) ?? entry + r1 * risk;
  const t2 = firstWithin(resistances, t1 + 0.5 * risk, t1 + 3 * risk) ?? t1 + (r2 - r1) * risk;

  const decimals = priceDecimals(p);
  const [stopLoss, low, high, target1, target2] = ascending([stop, buyLow, buyHigh, t1, t2], decimals) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const roundedEntry = (low + high) / 2;
  const riskReward = roundTo((target1 - roundedEntry) / (roundedEntry - stopLoss), 2);
  const f = (n: number) => n.toFixed(decimals);
  const rating = ratingOf({ trend, slope, riskReward, price: p, buyHigh: high, atr });
  return {
    term: term.name,
    label: term.label,
    found: true,
    trend,
    lastPrice: roundTo(p, decimals),
    buyLow: low,
    buyHigh: high,
    stopLoss,
    target1,
    target2,
    riskReward,
    rating,
    atr: roundTo(atr, decimals + 2),
    fastAverage: roundTo(fast, decimals),
    slowAverage: roundTo(slow, decimals),
    quote: quoteOf(term, trend, f, { buy: `${f(low)} - ${f(high)}`, t1: target1, stop: stopLoss }),
    message: basedOn(term, bars.length, last.time),
    barsUsed: bars.length,
    decimals,
  };
}

export interface DioneAnalysis {
  short: DioneView;
  long: DioneView;
}

/** Both terms from one daily history. */
export function dioneAnalysis(daily: readonly OhlcBar[], price: number): DioneAnalysis {
  const [short, long] = TERMS.map((term) => dioneTerm(daily, price, term)) as [DioneView, DioneView];
  return { short, long };
}
