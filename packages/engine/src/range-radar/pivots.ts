import type { OhlcBar } from '../bars';

/**
 * Pivot detection (Range Radar, docs/dione.md "Support and resistance"). A pivot high is a bar
 * whose high is above the highs of the `strength` bars before it and not below those of the
 * `strength` bars after it; a pivot low is the mirror image. The last `strength` bars cannot be
 * confirmed yet and give no pivot.
 */
export interface PivotPoint {
  time: number;
  price: number;
  kind: 'high' | 'low';
}

export type LevelType = 'support' | 'resistance';

export interface PriceLevel {
  type: LevelType;
  /** The mean price of the pivots in the cluster. */
  price: number;
  /** How many pivots the cluster holds: more touches, a stronger level. */
  touches: number;
  /** Epoch seconds of the most recent pivot in the cluster. */
  lastTouched: number;
}

export interface Levels {
  /** Below (or at) the price, nearest first. */
  supports: PriceLevel[];
  /** Above the price, nearest first. */
  resistances: PriceLevel[];
}

export function findPivots(bars: readonly OhlcBar[], strength: number): PivotPoint[] {
  const out: PivotPoint[] = [];
  const k = Math.max(1, Math.floor(strength));
  for (let i = k; i < bars.length - k; i++) {
    const b = bars[i]!;
    let isHigh = true;
    let isLow = true;
    for (let j = 1; j <= k && (isHigh || isLow); j++) {
      const before = bars[i - j]!;
      const after = bars[i + j]!;
      if (before.high >= b.high || after.high > b.high) isHigh = false;
      if (before.low <= b.low || after.low < b.low) isLow = false;
    }
    if (isHigh) out.push({ time: b.time, price: b.high, kind: 'high' });
    if (isLow) out.push({ time: b.time, price: b.low, kind: 'low' });
  }
  return out;
}

interface Cluster {
  sum: number;
  count: number;
  lastTouched: number;
}

/**
 * Pivots within `tolerance` of a cluster's mean join it (prices taken low to high), so a level
 * tested several times is reported once, at the mean of its tests.
 */
export function clusterPivots(points: readonly PivotPoint[], tolerance: number): Omit<PriceLevel, 'type'>[] {
  const sorted = [...points].sort((a, b) => a.price - b.price || a.time - b.time);
  const clusters: Cluster[] = [];
  for (const p of sorted) {
    const cur = clusters.at(-1);
    if (cur && p.price - cur.sum / cur.count <= tolerance) {
      cur.sum += p.price;
      cur.count += 1;
      cur.lastTouched = Math.max(cur.lastTouched, p.time);
    } else {
      clusters.push({ sum: p.price, count: 1, lastTouched: p.time });
    }
  }
  return clusters.map((c) => ({ price: c.sum / c.count, touches: c.count, lastTouched: c.lastTouched }));
}

export interface LevelOptions {
  strength: number;
  /** Pivots closer than this join one level (the caller passes half an ATR). */
  tolerance: number;
  /** At most this many supports and this many resistances. */
  maxLevels: number;
}

/**
 * Supports and resistances around `price`: pivot highs and lows alike are clustered into levels
 * (a broken resistance becomes support), then split by the price and listed nearest first.
 */
export function supportResistance(bars: readonly OhlcBar[], price: number, o: LevelOptions): Levels {
  const levels = clusterPivots(findPivots(bars, o.strength), o.tolerance);
  const supports = levels
    .filter((l) => l.price <= price)
    .sort((a, b) => b.price - a.price)
    .slice(0, o.maxLevels)
    .map((l): PriceLevel => ({ type: 'support', ...l }));
  const resistances = levels
    .filter((l) => l.price > price)
    .sort((a, b) => a.price - b.price)
    .slice(0, o.maxLevels)
    .map((l): PriceLevel => ({ type: 'resistance', ...l }));
  return { supports, resistances };
}
