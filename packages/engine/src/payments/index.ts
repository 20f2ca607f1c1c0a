/**
 * Plan prices and how long a payment keeps a plan running (docs/payments-rules.md): the yearly
 * savings notes of the pricing page (3-bots-admin-public §9) and the end of a paid period.
 */
import Decimal from 'decimal.js';
import { dec, toNumber, type DecimalInput } from '../money/decimal';

export type PlanInterval = 'month' | 'year' | 'once';

/**
 * A yearly plan against twelve months of its monthly plan: its price per month, rounded down to the
 * cent (§9: Basic's 497.99 a year is '41.49 per month'), and what it saves, exactly.
 */
export function yearlySavings(monthly: DecimalInput, yearly: DecimalInput): { perMonth: number; saves: number } {
  const perMonth = dec(yearly).div(12).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  return { perMonth: toNumber(perMonth), saves: toNumber(dec(monthly).mul(12).minus(dec(yearly))) };
}

/** `at` moved by whole calendar months in UTC; a day the month lacks becomes its last day (Jan 31 → Feb 28). */
function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * Until when a plan runs once it is paid at `start`: the free trial's days, then one period (a
 * month or a year). A one-time plan (lifetime, a challenge, credits) does not end: null. A plan
 * sold with no price (the free trial) runs its trial's days only.
 */
export function paidThrough(start: Date, interval: PlanInterval, trialDays: number, free = false): Date | null {
  const afterTrial = new Date(start.getTime() + trialDays * 86_400_000);
  if (free) return afterTrial;
  if (interval === 'once') return null;
  return addMonths(afterTrial, interval === 'month' ? 1 : 12);
}
