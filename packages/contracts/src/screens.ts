/**
 * Constants and texts of the signed-in screens that the app shell and the alert screens show (the
 * password prompt, the inbox, the trade mode switch, the alert lists and cards), written once for
 * the server and the web app. Their own module, free of zod (first-download.test.ts): those
 * screens' first download carries no schema, and the sign-in page's does not carry these.
 */
import { ALERT_CATEGORIES, type ConfirmPasswordReason } from './constants';

/** Texts of the inbox (2-trading §2.9). */
export const INBOX_MSG = {
  title: 'Inbox',
  empty: 'You have no unread notifications.',
  markAll: 'Mark all as read',
  markOne: 'Mark as read',
  loadFailed: 'Could not load your notifications.',
  notFound: 'Notification not found.',
} as const;

/** What the password prompt says for each reason (the app shell's modal). */
export const STEP_UP_TEXTS: Record<ConfirmPasswordReason, { title: string; explanation: string }> = {
  DEAUTHORIZATION: { title: 'Confirm your password', explanation: 'Confirm your password to switch to Demo Mode.' },
  AUTHORIZATION: { title: 'Confirm your password', explanation: 'Confirm your password to connect your broker.' },
  LIVE_TRADING: { title: 'Confirm your password', explanation: 'Confirm your password to trade live.' },
  PASSWORD_CHANGE: {
    title: 'Confirm your password',
    explanation: 'To change your password, type the one you use now.',
  },
  EMAIL_CHANGE: { title: 'Confirm your password', explanation: 'To change your sign-in e-mail, type your password.' },
  OTP_DISABLE: { title: 'Confirm your password', explanation: 'To turn off two-factor sign-in, type your password.' },
  SIGNAL_WEBHOOK: {
    title: 'Confirm your password',
    explanation: 'A webhook places trades with your bot: type your password to make its address and secret.',
  },
  ADMIN_PASSWORD_RESET: {
    title: 'Confirm your password',
    explanation: "Setting someone's password signs them out everywhere: type your own password first.",
  },
};

export const TRADING_MSG = {
  /** 2-trading §4: the answer of withdrawing broker access. */
  demoMode: 'Now set to Demo Mode',
  deauthorizeFailed: 'There was an error while deauthorizing.',
} as const;

/** Texts of 1-core §5 and §8 for the alert screens. */
export const ALERT_MSG = {
  noPermissionAlerts: (type: string) => `You do not have permission to view ${type} alerts`,
  noPermissionTriggers: (type: string) => `You do not have permission to view ${type} triggers`,
  fetchAlertsFailed: 'Failed to fetch alerts',
  fetchTriggersFailed: 'Failed to fetch triggers',
  endOfAlerts: 'You reached the conclusion of the currently available alerts.',
  noMoreResults: 'No more results',
  deleteFailed: 'Error on deleting alerts!',
  deleted: 'The alerts selected have been deleted successfully!',
  invalidParameters: 'Invalid parameters',
  noResults: 'No results.',
  cannotSortMinRisk: 'Alert category cannot be sorted by minimum risk.',
  cannotSortMinReward: 'Alert category cannot be sorted by minimum reward.',
  cannotSortCompleted: 'Cannot sort alert category',
  plAlertFailed: 'There was an error fetching the alert associated with this PL. Try again later.',
  alertCompleted: 'ALERT COMPLETED',
  // Server-side texts of the alert endpoints (wording of our own where the spec gives none).
  alertNotFound: 'Alert not found.',
  trackerNotFound: 'Tracker not found.',
  trackerRemoved: 'Tracker removed successfully',
  trackersReset: 'Trade alert trackers cleared successfully',
  alertTypeNotFound: 'Alert type not found.',
  alertTypeUpdated: (name: string) => `Alert Type - ${name} updated successfully`,
  alertTypeNothingToUpdate: 'Send raw_note or is_notification_enabled.',
  notificationStatusChanged: (category: string, on: boolean) =>
    `Notifications of ${category === 'ALL' ? 'all' : category} alert types turned ${on ? 'ON' : 'OFF'}`,
  nameRequired: 'Choose an alert type (name).',
  categoryInvalid: `Choose an alert category: ${ALERT_CATEGORIES.join(', ')}.`,
  sortInvalid: (allowed: readonly string[]) => `Unknown sort. Use one of: ${allowed.join(', ')}.`,
  limitInvalid: (max: number) => `limit must be a whole number from 1 to ${max}.`,
  offsetInvalid: 'offset must be a whole number, 0 or more.',
  idInvalid: 'Give a positive whole number.',
  deleteTypeInvalid: 'Only soft deletion is supported (type=soft).',
  alertIdsInvalid: (max: number) => `alert_ids must be 1 to ${max} alert ids joined by commas, e.g. 1,2,3.`,
  noteTooLong: (max: number) => `The note is longer than ${max} characters.`,
} as const;

/** Alert list sorts (1-core §2, §9) and their query values. */
export const ALERT_SORTS = ['Most Recent', 'Alert Rating', 'Min Risk', 'Min Reward'] as const;
export type AlertSort = (typeof ALERT_SORTS)[number];
export const COMPLETED_SORTS = ['Most Recent', 'Target 2', 'Target 1', 'Stop Loss'] as const;
export type CompletedSort = (typeof COMPLETED_SORTS)[number];
export const TRIGGER_SORTS = [
  'Buy Range',
  'Most Recent',
  'Profit',
  'Target',
  'Target 1',
  'Target 2',
  'Loss',
  'Stop Loss',
] as const;
export type TriggerSort = (typeof TRIGGER_SORTS)[number];

export const ALERT_PAGE_SIZE = 15;
export const ALERT_TABLE_PAGE_SIZE = 100;
export const TRIGGER_PAGE_SIZE = 100;

/* ---- Trigger note classification (1-core §4) ------------------------------------------------ */

/**
 * 1-core §4, checked in this order: 'buy range' → br; '+', 'profit' or '500' → ph; 'target' → th;
 * 'loss' or '-' → sl. Case-insensitive. Null when none applies.
 */
export function classifyTriggerNote(note: string): TriggerNoteClass | null {
  const n = note.toLowerCase();
  if (n.includes('buy range')) return 'br';
  if (n.includes('+') || n.includes('profit') || n.includes('500')) return 'ph';
  if (n.includes('target')) return 'th';
  if (n.includes('loss') || n.includes('-')) return 'sl';
  return null;
}

/** br buy range, ph profit, th target, sl stop loss (1-core §4, see classifyTriggerNote). */
export const TRIGGER_NOTE_CLASSES = ['br', 'ph', 'th', 'sl'] as const;
export type TriggerNoteClass = (typeof TRIGGER_NOTE_CLASSES)[number];
