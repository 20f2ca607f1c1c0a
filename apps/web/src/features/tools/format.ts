import { formatDate, formatPrice } from '../../lib/format';

/** Texts of the tools screen's numbers and days. */

/** A price in dollars: '$225.14' ('—' when unknown). */
export const dollars = (n: number | null | undefined) =>
  n === null || n === undefined || !Number.isFinite(n) ? '—' : `$${formatPrice(n)}`;

/** A server range 'low - high' ('207.16 - 215.85') in dollars: '$207.16 - $215.85'. */
export const dollarRange = (range: string) =>
  range
    .split(' - ')
    .map((p) => (p.trim() !== '' && Number.isFinite(Number(p)) ? dollars(Number(p)) : p))
    .join(' - ');

/** The two numbers of a server range 'low - high', or null when it is not one. */
export function rangeNumbers(range: string): [number, number] | null {
  const parts = range.split(' - ').map((p) => Number(p.trim()));
  return parts.length === 2 && parts.every((n) => Number.isFinite(n) && n > 0) ? [parts[0]!, parts[1]!] : null;
}

/**
 * A calendar day 'YYYY-MM-DD' (filing date, pivot day) as 'MM/DD/YYYY'. Read at noon UTC, so no
 * time zone moves it to the day before.
 */
export const formatDay = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDate(`${day}T12:00:00Z`) : day);
