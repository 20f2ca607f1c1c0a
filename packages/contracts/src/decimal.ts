import { z } from 'zod';

/**
 * Amounts at the API's edge (docs/architecture.md "Money and prices"). Prices, amounts and
 * quantities travel as JSON numbers and are stored as PostgreSQL `numeric`; the server computes
 * with exact decimals (@drat/engine's money/decimal.ts). A JSON number stands for the decimal of
 * its shortest text, so the edge checks that text: no more decimals than the column keeps (a price
 * with more would be rounded silently by the database), and no more than 15 significant digits
 * (what a JSON number carries exactly).
 */

/** Decimals of a price: numeric(18,8), so OTC prices keep every digit. */
export const PRICE_DECIMALS = 8;
/** Decimals of a dollar amount (balances, fees, P/L). */
export const MONEY_DECIMALS = 2;
/** Significant digits a JSON number carries exactly. */
export const EXACT_DIGITS = 15;

/** How many decimals the shortest text of `n` has: 12.5 → 1, 1e-7 → 7, 300 → 0. */
export function decimalPlaces(n: number): number {
  const [mantissa = '', exponent = '0'] = String(Math.abs(n)).toLowerCase().split('e');
  const fraction = mantissa.split('.')[1] ?? '';
  return Math.max(0, fraction.length - Number(exponent));
}

/** How many significant digits the shortest text of `n` has: 190.55 → 5, 0.0005 → 1. */
export function significantDigits(n: number): number {
  const mantissa = String(Math.abs(n)).toLowerCase().split('e')[0] ?? '';
  return mantissa.replace('.', '').replace(/^0+/, '').length || 1;
}

/**
 * A number the server can hold exactly with `places` decimals: refines a number schema, with the
 * message of the caller's field ('Alert Price has more than 8 decimals.').
 */
export function exactDecimal<T extends z.ZodNumber>(schema: T, places: number, message: string) {
  return schema.refine((n) => decimalPlaces(n) <= places && significantDigits(n) <= EXACT_DIGITS, {
    error: message,
  });
}
