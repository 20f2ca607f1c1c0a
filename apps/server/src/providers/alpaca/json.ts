/**
 * Readers for Alpaca's JSON: decimals come as text ("150.250") and are kept exact; lists come as
 * arrays of objects. Each answers a fallback rather than throwing on a surprise.
 */
import { dec, toText } from '@drat/engine';
import { record, type JsonObject } from '../http/json';

export { field, num, record, str, type JsonObject } from '../http/json';

/** Alpaca's decimal text, exact (`"150.250"` → `"150.25"`); `fallback` when absent or not a number. */
export function exact(x: unknown, fallback = '0'): string {
  if (typeof x !== 'string' && typeof x !== 'number') return fallback;
  try {
    return toText(dec(x));
  } catch {
    return fallback;
  }
}

/** An exact decimal, or null when absent. */
export const exactOrNull = (x: unknown) => (x === null || x === undefined || x === '' ? null : exact(x));

/** The size of a decimal (a multileg's signed net price). */
export const absolute = (x: string | null) => (x === null ? null : toText(dec(x).abs()));

/** The objects of a list (anything else in it, or a body that is no list, is left out). */
export const objectsOf = (x: unknown): JsonObject[] =>
  (Array.isArray(x) ? x : []).map(record).filter((o): o is JsonObject => o !== undefined);
