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
