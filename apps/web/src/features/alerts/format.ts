import type { AlertCategory, AlertDto } from '@drat/contracts';
import { formatAlertPrice, formatDate, money } from '../../lib/format';

/** Texts and numbers of the alert screens (1-core §4 "Completion text"); prices and dates are in lib/format. */

const valid = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

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
