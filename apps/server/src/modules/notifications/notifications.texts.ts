import type { NotificationKind } from '@drat/contracts';

/** A new alert as the notification texts need it (prices as the database gives them). */
export interface AlertSubject {
  id: number;
  ticker: string;
  companyName: string;
  typeName: string;
  buyRangeLow: string;
  buyRangeHigh: string;
  targetRangeLow: string;
  targetRangeHigh: string;
  stopLoss: string;
  strategy: string | null;
  singleStrike: string | null;
  singleExpiration: string | null;
  legOneStrike: string | null;
  legTwoStrike: string | null;
  legOneExpiration: string | null;
}

/** A trigger (a price event on an alert) as the notification texts need it. */
export interface TriggerSubject {
  id: number;
  alertId: number;
  kind: string;
  ticker: string;
  lastPrice: string;
  triggerNote: string;
  typeName: string;
}

export interface NotificationTexts {
  title: string;
  content: string;
  email: { subject: string; text: string };
  sms: string;
}

/** SMS are cut to two segments' worth of text. */
export const SMS_MAX = 320;

/** $12.34; prices under a dollar (OTC) keep up to four decimals. */
export function money(value: string | number | null | undefined): string {
  const n = Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(n)) return '—';
  if (Math.abs(n) >= 1 || n === 0)
    return `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return `$${n.toFixed(4).replace(/0{1,2}$/, '')}`;
}

const TRIGGER_LABELS: Record<string, string> = {
  BUY_RANGE: 'entered the buy range',
  TARGET_1: 'target 1 reached',
  TARGET_2: 'target 2 reached',
  STOP: 'stop loss hit',
  EXPIRED: 'expired',
};

export function triggerLabel(kind: string): string {
  return TRIGGER_LABELS[kind] ?? kind.toLowerCase().replace(/_/g, ' ');
}

/** Where the e-mail sends the reader for each kind. */
const PAGE: Record<NotificationKind, string> = {
  NEW_ALERT: '/alerts',
  TRIGGER: '/triggers',
  TRACKER: '/trackers',
  ADMIN: '/dashboard',
  TRADE_FAILED: '/smart-trades',
  ORDER_REFUSED: '/smart-trades',
  LATE_FILL: '/smart-trades',
};

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function finish(kind: NotificationKind, title: string, content: string, publicUrl: string): NotificationTexts {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    title,
    content,
    email: {
      subject: title,
      text: [
        title,
        '',
        content,
        '',
        `Open DRAT: ${base}${PAGE[kind]}`,
        '',
        `You receive this e-mail because e-mail notifications are on. Turn them off in Settings, Notifications: ${base}/settings`,
      ].join('\n'),
    },
    sms: cut(`DRAT: ${title}. ${content}`, SMS_MAX),
  };
}

function optionsPart(a: AlertSubject): string {
  if (!a.strategy) return '';
  const strikes = [a.singleStrike, a.legOneStrike, a.legTwoStrike].filter((s): s is string => s !== null).map(money);
  const expiry = a.singleExpiration ?? a.legOneExpiration;
  return ` ${a.strategy}${strikes.length ? ` ${strikes.join(' / ')}` : ''}${expiry ? `, expiring ${expiry}` : ''}.`;
}

export function newAlertTexts(a: AlertSubject, publicUrl: string): NotificationTexts {
  const title = `New ${a.typeName} alert: ${a.ticker}`;
  const name = a.companyName ? `${a.ticker} (${a.companyName})` : a.ticker;
  const content =
    `${name}: buy range ${money(a.buyRangeLow)} to ${money(a.buyRangeHigh)}, ` +
    `targets ${money(a.targetRangeLow)} and ${money(a.targetRangeHigh)}, stop loss ${money(a.stopLoss)}.` +
    optionsPart(a);
  return finish('NEW_ALERT', title, content, publicUrl);
}

/**
 * A super user's notification: their title and message as written, and its files' links (the
 * inbox and the e-mail carry them; the SMS says where to read the rest).
 */
export function adminTexts(
  send: { title: string; message: string; files: { name: string; url: string }[] },
  publicUrl: string,
): NotificationTexts {
  // Whole links: an e-mail is read outside the app.
  const base = publicUrl.replace(/\/+$/, '');
  const files = send.files.map((f) => `${f.name}: ${f.url.startsWith('/') ? `${base}${f.url}` : f.url}`);
  const content = files.length ? `${send.message}\n\nFiles:\n${files.join('\n')}` : send.message;
  return finish('ADMIN', send.title, content, publicUrl);
}

export function triggerTexts(t: TriggerSubject, kind: 'TRIGGER' | 'TRACKER', publicUrl: string): NotificationTexts {
  const label = triggerLabel(t.kind);
  const title = kind === 'TRACKER' ? `Tracked alert ${t.ticker}: ${label}` : `${t.typeName} ${t.ticker}: ${label}`;
  const note = t.triggerNote.trim();
  const content = `${note ? `${note.replace(/[.\s]+$/, '')}. ` : ''}Last price ${money(t.lastPrice)}.`;
  return finish(kind, title, content, publicUrl);
}
