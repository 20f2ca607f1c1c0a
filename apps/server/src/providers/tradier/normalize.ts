/**
 * Readers for Tradier's JSON, which is loose in two ways the adapter must absorb everywhere:
 * a list with one element comes as the element itself (an object, string or number instead of an
 * array), and an empty list comes as null or the string "null" (e.g. {"history": null},
 * {"options": "null"}, {"strikes": {"strike": "null"}}). Numbers sometimes come as strings
 * (fundamentals) or null (no trade yet).
 */
import { field, isNullish } from '../http/json';

export { field, isNullish, num, record, str, type JsonObject } from '../http/json';

/** Always an array: [] for null/"null"/absent, [x] for a single value, the array (without nulls) otherwise. */
export function list(x: unknown): unknown[] {
  if (isNullish(x)) return [];
  if (Array.isArray(x)) return x.filter((v) => !isNullish(v));
  return [x];
}

export function listAt(x: unknown, ...path: string[]): unknown[] {
  return list(field(x, ...path));
}

/** Rounds away binary noise from arithmetic on prices (e.g. 0.1 + 0.2). */
export function round(x: number, places = 6): number {
  const f = 10 ** places;
  return Math.round(x * f) / f;
}
