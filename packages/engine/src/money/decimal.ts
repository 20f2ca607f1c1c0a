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

export function dec(value: DecimalInput): Dec {
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
