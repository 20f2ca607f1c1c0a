/**
 * Readers for vendors' JSON, which is loose: an object where a list was expected, numbers as
 * strings, "null" for nothing. Each answers undefined rather than throwing on a surprise.
 */
export type JsonObject = Record<string, unknown>;

export function isNullish(x: unknown): boolean {
  return x == null || (typeof x === 'string' && (x.trim() === '' || x.trim().toLowerCase() === 'null'));
}

export function record(x: unknown): JsonObject | undefined {
  return x != null && typeof x === 'object' && !Array.isArray(x) ? (x as JsonObject) : undefined;
}

/** Walks object keys; undefined as soon as a step is not an object. */
export function field(x: unknown, ...path: string[]): unknown {
  let cur: unknown = x;
  for (const key of path) {
    const obj = record(cur);
    if (!obj) return undefined;
    cur = obj[key];
  }
  return cur;
}

/** A finite number from a number or a numeric string; undefined otherwise (null, "NaN", ""). */
export function num(x: unknown): number | undefined {
  if (typeof x === 'number') return Number.isFinite(x) ? x : undefined;
  if (typeof x === 'string' && x.trim() !== '') {
    const n = Number(x);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

export function str(x: unknown): string | undefined {
  if (typeof x === 'string') return isNullish(x) ? undefined : x;
  if (typeof x === 'number' && Number.isFinite(x)) return String(x);
  return undefined;
}
