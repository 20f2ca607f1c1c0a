import { describe, expect, it } from 'vitest';
import type { OhlcBar } from '../bars';
import { flat, series } from '../bars.fixture';
import { LONG_TERM, SHORT_TERM } from '../terms';
import { clusterPivots, findPivots, rangeRadar, rangeRadarTerm, supportResistance, type PivotPoint } from './index';

/** Bars from a list of [high, low] pairs, one a day. */
function hl(pairs: [number, number][]): OhlcBar[] {
  return pairs.map(([high, low], i) => ({ time: i * 86_400, open: low, high, low, close: high, volume: 1 }));
}

describe('findPivots', () => {
  it('finds a peak and a trough that stand out by `strength` bars on each side', () => {
    const bars = hl([
      [10, 8],
      [11, 9],
      [14, 12], // peak
      [12, 10],
      [11, 7], // trough
      [12, 9],
      [13, 10],
    ]);
    expect(findPivots(bars, 2)).toEqual([
      { time: 2 * 86_400, price: 14, kind: 'high' },
      { time: 4 * 86_400, price: 7, kind: 'low' },
    ]);
  });

  it('a flat top gives one pivot, at its first bar', () => {
    const bars = hl([
      [10, 8],
      [12, 9],
      [12, 9],
      [11, 8],
      [10, 7],
    ]);
    expect(findPivots(bars, 1).filter((p) => p.kind === 'high')).toEqual([{ time: 86_400, price: 12, kind: 'high' }]);
  });

  it('the last `strength` bars are not confirmed yet', () => {
    const bars = hl([
      [10, 8],
      [11, 9],
      [12, 10],
      [13, 11],
      [20, 1],
    ]);
    expect(findPivots(bars, 2)).toEqual([]);
  });

  it('a flat market has no pivots', () => {
    expect(findPivots(flat(50, 20), 3)).toEqual([]);
  });

  it('too few bars for the strength: none, and no throw', () => {
    expect(findPivots(hl([[1, 0.5]]), 3)).toEqual([]);
    expect(findPivots([], 2)).toEqual([]);
  });
});

describe('clusterPivots', () => {
  const p = (price: number, time: number): PivotPoint => ({ price, time, kind: 'low' });

  it('merges pivots within the tolerance into one level at their mean, counting touches', () => {
    const levels = clusterPivots([p(100, 1), p(100.4, 5), p(99.8, 9), p(105, 3)], 0.5);
    expect(levels).toEqual([
      { price: (99.8 + 100 + 100.4) / 3, touches: 3, lastTouched: 9 },
      { price: 105, touches: 1, lastTouched: 3 },
    ]);
  });

  it('keeps levels further apart than the tolerance separate', () => {
    expect(clusterPivots([p(100, 1), p(101, 2), p(102, 3)], 0.5)).toHaveLength(3);
  });
});

describe('supportResistance', () => {
  // Swings between ~95 and ~105 twice, then a peak at 110: price now 101.
  const bars = hl([
    [100, 98],
    [105, 101],
    [101, 97],
    [99, 95],
    [102, 98],
    [105.2, 102],
    [103, 99],
    [98, 95.1],
    [101, 97],
    [110, 103],
    [104, 100],
    [102, 99],
  ]);

  it('splits clustered levels by the price, nearest first, each with its type', () => {
    const { supports, resistances } = supportResistance(bars, 101, { strength: 1, tolerance: 0.5, maxLevels: 5 });
    expect(supports.map((l) => [l.type, Math.round(l.price * 100) / 100, l.touches])).toEqual([['support', 95.05, 2]]);
    expect(resistances.map((l) => [l.type, Math.round(l.price * 100) / 100, l.touches])).toEqual([
      ['resistance', 105.1, 2],
      ['resistance', 110, 1],
    ]);
  });

  it('a broken resistance becomes support when the price is above it', () => {
    const { supports } = supportResistance(bars, 107, { strength: 1, tolerance: 0.5, maxLevels: 5 });
    expect(supports.map((l) => Math.round(l.price * 100) / 100)).toEqual([105.1, 95.05]);
  });

  it('lists at most maxLevels per side', () => {
    const { supports, resistances } = supportResistance(bars, 101, { strength: 1, tolerance: 0.01, maxLevels: 1 });
    expect(supports).toHaveLength(1);
    expect(resistances).toHaveLength(1);
  });
});

describe('rangeRadar', () => {
  it('gives the short term, then the long term, each with clean, ordered lists', () => {
    const daily = series({ days: 520, noise: 0.015, wave: 0.06, seed: 7 });
    const price = daily.at(-1)!.close;
    const [short, long] = rangeRadar(daily, price);
    expect([short!.label, long!.label]).toEqual(['Short Term', 'Long Term']);
    for (const view of [short!, long!]) {
      expect(view.found).toBe(true);
      expect(view.supports.length + view.resistances.length).toBeGreaterThan(0);
      expect(view.supports.every((l) => l.type === 'support' && l.price <= price + 0.005)).toBe(true);
      expect(view.resistances.every((l) => l.type === 'resistance' && l.price > price - 0.005)).toBe(true);
      const s = view.supports.map((l) => l.price);
      const r = view.resistances.map((l) => l.price);
      expect(s).toEqual([...s].sort((a, b) => b - a));
      expect(r).toEqual([...r].sort((a, b) => a - b));
      expect(new Set(s).size).toBe(s.length);
      expect(new Set(r).size).toBe(r.length);
    }
  });

  it('without enough history a term is not found and its lists are empty', () => {
    const daily = series({ days: 100, noise: 0.01, wave: 0.05 });
    const long = rangeRadarTerm(daily, 100, LONG_TERM);
    expect(long.found).toBe(false);
    expect(long.message).toBe('Not enough price history for a long term view: 20 of 45 weekly bars.');
    expect([long.supports, long.resistances]).toEqual([[], []]);
    expect(rangeRadarTerm(daily, 100, SHORT_TERM).found).toBe(true);
  });

  it('no bars at all: neither term is found', () => {
    expect(rangeRadar([], 10).map((v) => v.found)).toEqual([false, false]);
  });
});
