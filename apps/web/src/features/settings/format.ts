import { formatMoney } from '../../lib/format';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A plan amount in cents shown as dollars with two decimals ($1,234.50). */
export function formatCents(cents: number): string {
  return formatMoney(cents / 100);
}

/** 'YYYY-MM-DD' as a readable date; '-' or anything unreadable gives null (no expiry shown). */
export function formatExpiry(expires: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(expires)) return null;
  const date = new Date(`${expires}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : day.format(date);
}
