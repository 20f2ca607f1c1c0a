import type { AlertCategory } from '@drat/contracts';

/**
 * How numbers, prices and dates are written, the same on every screen: market quotes (widgets,
 * charts, tools), alert prices (1-core §9 rounding) and dates.
 */

/* ---- market numbers ------------------------------------------------------------------------ */

const price2 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const price4 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 4 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const pct = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
const signed2 = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** An amount as "$1,000.00" (a JSON number or the exact decimal text of an amount). */
export function formatMoney(amount: number | string): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  return Number.isFinite(n) ? dollars.format(n) : String(amount);
}

/** Decimals a price is shown with: sub-dollar (OTC) prices get four. */
export const priceDecimals = (value: number) => (Math.abs(value) > 0 && Math.abs(value) < 1 ? 4 : 2);

export function formatPrice(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return (priceDecimals(value) === 4 ? price4 : price2).format(value);
}

export function formatChange(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return signed2.format(value);
}

/** `change_percentage` is in percent (1.5 means 1.5 %). */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${pct.format(value)}%`;
}

export function formatVolume(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return compact.format(value);
}

/* ---- alert prices (1-core §9) -------------------------------------------------------------- */

const valid = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

/** Every decimal the price has (up to the 8 stored), but never fewer than 2: 8 → 8.00, 0.00123 → 0.00123. */
function unrounded(value: number): string {
  const [whole, fraction = ''] = value.toFixed(8).split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

/**
 * OTC prices are shown unrounded; every other category with 2 decimals (1-core §9). Where the
 * category is not known (trackers), a sub-dollar price is taken for an OTC one.
 */
export function formatAlertPrice(value: number | null | undefined, category: AlertCategory | undefined): string {
  if (!valid(value)) return '—';
  const otc = category === 'OTC' || (category === undefined && Math.abs(value) < 1);
  return otc ? unrounded(value) : value.toFixed(2);
}

export const money = (value: number | null | undefined, category: AlertCategory | undefined) =>
  valid(value) ? `$${formatAlertPrice(value, category)}` : '—';

export const moneyRange = (
  low: number | null | undefined,
  high: number | null | undefined,
  category: AlertCategory | undefined,
) => `${money(low, category)} - ${money(high, category)}`;

/* ---- dates --------------------------------------------------------------------------------- */

const dateFormat = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormat.format(d);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTimeFormat.format(d);
}
