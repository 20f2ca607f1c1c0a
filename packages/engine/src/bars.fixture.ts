import type { OhlcBar } from './bars';

/** Synthetic daily bars for the engine's tests (not exported by the package). */

const DAY_S = 86_400;
/** Monday 2024-01-01 00:00 UTC. */
export const MONDAY = Date.UTC(2024, 0, 1) / 1000;

/** A deterministic pseudo-random stream in [0, 1) (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SeriesOptions {
  days: number;
  start?: number;
  /** Multiplicative drift per session, e.g. 0.003 = +0.3% a day. */
  drift?: number;
  /** Random daily move, as a share of the price. */
  noise?: number;
  /** Amplitude (share of price) of a slow wave with a 20-session period, to make swings. */
  wave?: number;
  seed?: number;
  /** Sessions (by index) that are skipped, leaving a gap in the calendar. */
  skip?: (i: number) => boolean;
}

/** Weekday sessions from MONDAY with a close path of drift, noise and a wave; ranges around it. */
export function series(o: SeriesOptions): OhlcBar[] {
  const random = rng(o.seed ?? 1);
  const out: OhlcBar[] = [];
  let base = o.start ?? 100;
  let prevClose = base;
  let day = MONDAY;
  for (let i = 0; i < o.days; i++) {
    while (new Date(day * 1000).getUTCDay() % 6 === 0) day += DAY_S; // skip Saturday and Sunday
    base *= 1 + (o.drift ?? 0) + (random() - 0.5) * 2 * (o.noise ?? 0);
    const close = base * (1 + (o.wave ?? 0) * Math.sin((2 * Math.PI * i) / 20));
    const open = prevClose;
    const spread = Math.abs(close - open) + close * (o.noise ?? 0) * random();
    const high = Math.max(open, close) + spread / 2;
    const low = Math.min(open, close) - spread / 2;
    if (!o.skip?.(i)) out.push({ time: day, open, high, low, close, volume: 1_000_000 });
    prevClose = close;
    day += DAY_S;
  }
  return out;
}

/** `days` identical bars at `price` (open = high = low = close). */
export function flat(days: number, price: number): OhlcBar[] {
  return series({ days, start: price }).map((b) => ({ ...b, open: price, high: price, low: price, close: price }));
}
