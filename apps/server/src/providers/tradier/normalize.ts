/**
 * Readers for Tradier's JSON, which is loose in two ways the adapter must absorb everywhere:
 * a list with one element comes as the element itself (an object, string or number instead of an
 * array), and an empty list comes as null or the string "null" (e.g. {"history": null},
 * {"options": "null"}, {"strikes": {"strike": "null"}}). Numbers sometimes come as strings
 * (fundamentals) or null (no trade yet).
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

/** Always an array: [] for null/"null"/absent, [x] for a single value, the array (without nulls) otherwise. */
export function list(x: unknown): unknown[] {
  if (isNullish(x)) return [];
  if (Array.isArray(x)) return x.filter((v) => !isNullish(v));
  return [x];
}

export function listAt(x: unknown, ...path: string[]): unknown[] {
  return list(field(x, ...path));
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

/** Rounds away binary noise from arithmetic on prices (e.g. 0.1 + 0.2). */
export function round(x: number, places = 6): number {
  const f = 10 ** places;
  return Math.round(x * f) / f;
}
