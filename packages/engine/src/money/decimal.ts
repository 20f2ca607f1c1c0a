/**
 * Exact decimal arithmetic for money, prices, quantities and percentages (docs/architecture.md
 * "Money and prices"). One representation everywhere: decimal.js, configured once here.
 *
 * - In PostgreSQL, `numeric` columns; their text ('12.30', '0.00000050') goes straight into `dec`.
 * - At the HTTP edge, JSON numbers. A JSON number becomes a decimal through its shortest text
 *   (0.1 is exactly 0.1, never 0.1000000000000000055…), and a decimal goes out as the number whose
 *   shortest text it is: exact for every amount of 15 significant digits or fewer, which covers
 *   numeric(18,8) prices of OTC stocks and dollar amounts into the billions.
 * - Arithmetic in between is exact (+, −, ×) or rounded once, explicitly (÷, percentages): never a
 *   binary float.
 */
import Decimal from 'decimal.js';

/** DRAT's decimal: 40 significant digits, ties rounded away from zero, never written as 1e-7. */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Dec = Decimal;
/** What `dec` takes: a column's text, a JSON number or a decimal. */
export type DecimalInput = Decimal.Value;

/**
 * Texts already parsed, by text: the same prices and amounts come back again and again (a quote's
 * bid, a trade's levels at every step), and parsing was the engine's largest cost (issue 29). A
 * decimal never changes once made (every operation answers a new one), so one may be shared.
 */
const parsed = new Map<string, Dec>();
/** Texts kept at most; then the cache starts over rather than grow. */
const PARSED_MAX = 50_000;

export function dec(value: DecimalInput): Dec {
  if (typeof value === 'string') {
    let d = parsed.get(value);
    if (d === undefined) {
      // Frozen, digits too: a change to a shared decimal would be an error, not a wrong price elsewhere.
      d = new Dec(value);
      Object.freeze(d.d);
      Object.freeze(d);
      if (parsed.size >= PARSED_MAX) parsed.clear();
      parsed.set(value, d);
    }
    return d;
  }
  // Already one of ours: the same value, shared rather than copied.
  if (value instanceof Dec) return value;
  return new Dec(value);
}

/** `value` rounded to `places` decimals, ties away from zero (1.005 → 1.01, −1.005 → −1.01). */
export function roundDec(value: DecimalInput, places: number): Dec {
  return dec(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
}

/** The JSON number of a decimal (its shortest text is the decimal's for ≤ 15 significant digits). */
export function toNumber(value: DecimalInput): number {
  return dec(value).toNumber();
}

/** The text a `numeric` column takes: plain digits, no exponent. */
export function toText(value: DecimalInput): string {
  return typeof value === 'object' ? value.toFixed() : dec(value).toFixed();
}

/** `part` as a percent of `whole`, rounded to `places`; null when `whole` is zero. */
export function percentOf(part: DecimalInput, whole: DecimalInput, places: number): Dec | null {
  const w = dec(whole);
  if (w.isZero()) return null;
  return roundDec(dec(part).div(w).times(100), places);
}
