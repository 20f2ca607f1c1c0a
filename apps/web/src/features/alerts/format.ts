import type { AlertCategory, AlertDto } from '@drat/contracts';

/** Texts and numbers of the alert screens (1-core §4 "Completion text", §9 rounding). */

const dateFormat = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

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

export function formatPercent2(value: number | null | undefined): string {
  return valid(value) ? `${value.toFixed(2)}%` : '—';
}

export function formatSignedMoney(value: number | null | undefined, category: AlertCategory | undefined): string {
  if (!valid(value)) return '—';
  return `${value < 0 ? '-' : ''}$${formatAlertPrice(Math.abs(value), category)}`;
}

/** 'TARGET 1 REACHED' and the like for a finished stage; null while the alert is ongoing. */
export function reachedText(status: string): string | null {
  if (!status || status === 'ONGOING') return null;
  // An options alert that ran out of time reached nothing: its tag says so plainly.
  return status === 'EXPIRED' ? 'EXPIRED' : `${status} REACHED`;
}

export const isTargetCompleted = (status: string) => status.includes('TARGET');
/**
 * The Result column's red: a STOP (1-core §4), or an expiry (ours: options alerts that ran out of
 * time) without a gain.
 */
export const isLosingResult = (a: Pick<AlertDto, 'completed_status' | 'p_l_percent'>) =>
  a.completed_status.includes('STOP') || (a.completed_status === 'EXPIRED' && !((a.p_l_percent ?? 0) > 0));

export interface CompletionText {
  text: string;
  /** Null while ongoing; otherwise whether the performance is above zero (green) or not (red). */
  positive: boolean | null;
}

function performance(price: number | null | undefined, alertPrice: number): number | null {
  if (!valid(price) || !alertPrice) return null;
  return ((price - alertPrice) / alertPrice) * 100;
}

/**
 * 1-core §4: ONGOING when neither completed nor half completed; 'HALF - COMPLETED AT $price ON date
 * with X% performance' after target 1; 'COMPLETED AT ...' once completed.
 */
export function completionText(alert: AlertDto): CompletionText {
  if (!alert.completed && !alert.half_completed) return { text: 'ONGOING', positive: null };
  const half = alert.half_completed && !alert.completed;
  const price = half ? (alert.half_exit_price ?? alert.exit_price) : alert.exit_price;
  const pct = half
    ? performance(price, alert.alert_price)
    : (alert.p_l_percent ?? performance(price, alert.alert_price));
  const head = half ? 'HALF - COMPLETED' : 'COMPLETED';
  const text = `${head} AT ${money(price, alert.category)} ON ${formatDate(alert.last_trigger_date)} with ${formatPercent2(pct)} performance`;
  return { text, positive: pct !== null && pct > 0 };
}

/** Embed values holding ' <-> ' are two values (1-core §2). */
export function splitEmbedValue(value: string): string[] {
  const at = value.indexOf(' <-> ');
  return at < 0 ? [value] : [value.slice(0, at), value.slice(at + 5)];
}

export const isNotesField = (label: string) => label.trim().toLowerCase() === 'notes';

/** Expiration and strike of an options alert: both legs for STRANGLE and STRADDLE, else the single leg. */
export function optionLegs(alert: AlertDto): { expiration: string; strike: string } {
  const two = alert.strategy === 'STRANGLE' || alert.strategy === 'STRADDLE';
  const strike = (v: number | null) => (valid(v) ? v.toFixed(2) : '—');
  if (two) {
    const strikes = [alert.legOneStrike, alert.legTwoStrike].map(strike).join(' / ');
    return { expiration: alert.legOneExpiration ?? '—', strike: strikes };
  }
  return { expiration: alert.singleExpiration ?? '—', strike: strike(alert.singleStrike) };
}
