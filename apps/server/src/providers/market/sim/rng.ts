/**
 * Counter-based randomness for the simulated market: every random number is a pure hash of
 * integers (a key derived from the seed and ticker, a stream id and a counter such as a minute
 * index), so any value can be recomputed anywhere, in any order, on any node. No state, no
 * Math.random.
 */

/** murmur3's 32-bit finaliser: a strong avalanche of one 32-bit integer. */
export function fmix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over the UTF-16 code units, finalised: a 32-bit key for a string. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/** A key and a stream id as one 32-bit seed: hash3's first half, the same for every counter. */
export function streamKey(key: number, stream: number): number {
  return fmix32(key ^ Math.imul(stream + 0x632be5ab, 0x9e3779b1));
}

/** hash3 of a stream key (streamKey) and a counter: what loops over counters call. */
export function hashAt(stream: number, counter: number): number {
  return fmix32(stream ^ Math.imul(counter ^ 0x7f4a7c15, 0x85ebca77) ^ (counter >>> 16));
}

/** A 32-bit hash of a key, a stream id and a (signed 32-bit) counter. */
export function hash3(key: number, stream: number, counter: number): number {
  return hashAt(streamKey(key, stream), counter);
}

/** 2⁻³²: multiplying by it is exact (a power of two), the same as dividing by 2³², and cheaper. */
const TWO_POW_MINUS_32 = 1 / 4294967296;

/** A uniform number in (0, 1) from a 32-bit hash. */
export function unit(h: number): number {
  return (h + 0.5) * TWO_POW_MINUS_32;
}

// Acklam's rational approximation of the inverse normal CDF (relative error < 1.15e-9).
const A0 = -3.969683028665376e1,
  A1 = 2.209460984245205e2,
  A2 = -2.759285104469687e2,
  A3 = 1.38357751867269e2,
  A4 = -3.066479806614716e1,
  A5 = 2.506628277459239;
const B0 = -5.447609879822406e1,
  B1 = 1.615858368580409e2,
  B2 = -1.556989798598866e2,
  B3 = 6.680131188771972e1,
  B4 = -1.328068155288572e1;
const C0 = -7.784894002430293e-3,
  C1 = -3.223964580411365e-1,
  C2 = -2.400758277161838,
  C3 = -2.549732539343734,
  C4 = 4.374664141464968,
  C5 = 2.938163982698783;
const D0 = 7.784695709041462e-3,
  D1 = 3.224671290700398e-1,
  D2 = 2.445134137142996,
  D3 = 3.754408661907416;
const P_LOW = 0.02425;

/** The standard normal quantile of p in (0, 1). */
export function inverseNormal(p: number): number {
  if (p < P_LOW) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((C0 * q + C1) * q + C2) * q + C3) * q + C4) * q + C5) / ((((D0 * q + D1) * q + D2) * q + D3) * q + 1);
  }
  if (p > 1 - P_LOW) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -(((((C0 * q + C1) * q + C2) * q + C3) * q + C4) * q + C5) / ((((D0 * q + D1) * q + D2) * q + D3) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((A0 * r + A1) * r + A2) * r + A3) * r + A4) * r + A5) * q) /
    (((((B0 * r + B1) * r + B2) * r + B3) * r + B4) * r + 1)
  );
}

/** A standard normal draw from a 32-bit hash. */
export function normal(h: number): number {
  return inverseNormal(unit(h));
}
