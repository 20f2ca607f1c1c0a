import { z } from 'zod';
import { ALERT_CATEGORIES, type AlertCategory } from './constants';

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

/** Lifecycle result of an alert (1-core §3 completed_status). */
export const COMPLETED_STATUSES = ['ONGOING', 'TARGET 1', 'TARGET 2', 'STOP', 'EXPIRED'] as const;
export type CompletedStatus = (typeof COMPLETED_STATUSES)[number];

export const TRIGGER_KINDS = ['BUY_RANGE', 'TARGET_1', 'TARGET_2', 'STOP', 'EXPIRED'] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];

export interface EmbedFieldDto {
  id: number;
  label: string;
  value: string;
}

/** An alert as the API returns it (1-core §3 "Alert"). Prices are numbers; OTC prices are not rounded. */
export interface AlertDto {
  id: number;
  ticker: string;
  company_name: string;
  rating: number;
  category: AlertCategory;
  alert_type: string;
  alert_type_id: number;
  latest_price: number | null;
  alert_price: number;
  buy_range_low: number;
  buy_range_high: number;
  buy_range_one: number;
  buy_range_two: number;
  target_range_low: number;
  target_range_high: number;
  target_range_one: number;
  target_range_two: number;
  stop_loss: number;
  /** e.g. '1 : 2.50' (risk : reward). */
  risk_vs_reward: string;
  risk_percent: number;
  reward_percent: number;
  embeds: { fields: EmbedFieldDto[] }[];
  modal: { label: string; value: string }[];
  notes: string;
  created: string;
  date_queried: string;
  dione_type: null;
  tracked: boolean;
  completed: boolean;
  half_completed: boolean;
  completed_status: CompletedStatus;
  exit_price: number | null;
  half_exit_price: number | null;
  p_l_dollar: number | null;
  p_l_percent: number | null;
  last_trigger_date: string | null;
  strategy: string | null;
  legOneExpiration: string | null;
  legOneStrike: number | null;
  legOneType: string | null;
  legTwoStrike: number | null;
  legTwoType: string | null;
  singleExpiration: string | null;
  singleStrike: number | null;
}

/** 1-core §3 "Alert trigger". */
export interface TriggerDto {
  id: number;
  alert_id: number;
  ticker: string;
  kind: TriggerKind;
  last_price: number;
  buy_range_low: number;
  buy_range_high: number;
  target_range_low: number;
  target_range_high: number;
  stop_loss: number;
  alert_price: number | null;
  trigger_note: string;
  created: string;
  has_alert: boolean;
  rating: number;
  /** Name of the alert's type. */
  alert_type: string;
  /** 1-core §4 keyword classification of trigger_note (the card's colour and icon). */
  note_class: TriggerNoteClass | null;
}

/** 1-core §3 "Tracker (alert)". */
export interface TrackerDto {
  id: number;
  alert_id: number;
  alert_date: string;
  ticker: string;
  updated_date: string;
  trigger_note: string;
  last_price: number | null;
  target_range_low: number;
  target_range_high: number;
  /** 0..100 towards the top target. */
  progress: number;
  has_alert: boolean;
  alert_type: string;
  category: AlertCategory;
  alert_price: number;
  stop_loss: number;
  completed_status: CompletedStatus;
}

export interface NotificationDto {
  id: number;
  title: string;
  content: string;
  timestamp: string;
  seen: boolean;
  kind: string;
}

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

/* ---- Trigger note classification (1-core §4) ------------------------------------------------ */

/** br buy range, ph profit, th target, sl stop loss. */
export type TriggerNoteClass = 'br' | 'ph' | 'th' | 'sl';

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

/**
 * What each trigger sort brings to the top: triggers whose note holds any of these words
 * (case-insensitive), newest first, then every other trigger, newest first. 'Most Recent' has none.
 */
export const TRIGGER_SORT_KEYWORDS: Record<TriggerSort, readonly string[]> = {
  'Most Recent': [],
  'Buy Range': ['buy range'],
  Profit: ['+', 'profit', '500'],
  Target: ['target'],
  'Target 1': ['target 1'],
  'Target 2': ['target 2'],
  Loss: ['loss', '-'],
  'Stop Loss': ['stop loss', 'stop'],
};

/**
 * What each completed-alerts sort brings to the top: alerts whose completed_status is this one,
 * most recently completed first, then the others. 'Most Recent' orders by completion time alone.
 */
export const COMPLETED_SORT_STATUS: Record<CompletedSort, CompletedStatus | null> = {
  'Most Recent': null,
  'Target 2': 'TARGET 2',
  'Target 1': 'TARGET 1',
  'Stop Loss': 'STOP',
};

/** Categories whose alerts cannot be sorted by Min Risk or Min Reward: an option alert's risk is its premium. */
export const NO_RISK_REWARD_SORT_CATEGORIES: readonly AlertCategory[] = ['OPTIONS'];

/* ---- Responses --------------------------------------------------------------------------- */

/** GET /alerts. */
export interface AlertsPage {
  alerts: AlertDto[];
  hasMore: boolean;
}

/** GET /alerts/triggers. */
export interface TriggersPage {
  triggers: TriggerDto[];
  hasMore: boolean;
}

/** Win rate of 1-core §9 over the completed alerts of a type. */
export interface WinRate {
  /** Percent, rounded to 2 decimals; 0 when nothing has completed. */
  win_rate: number;
  /** Completed alerts whose exit price is above the alert price. */
  wins: number;
  /** Completed alerts whose exit price is below the alert price. */
  losses: number;
  /** Every completed alert with an exit price (the denominator). */
  total: number;
}

/** GET /alerts/completed-alerts: completed and half-completed alerts of a type. */
export interface CompletedAlertsResponse extends WinRate {
  data: AlertDto[];
  hasMore: boolean;
}

/** One row of GET /alerts/all-alerts (the STOCKS 'live price' view). */
export interface AlertLiveDto extends AlertDto {
  /** The market's last price now (the stored latest price when the market cannot say). */
  live_price: number | null;
  /** live_price − alert_price, per share (per contract for options). */
  live_p_l: number | null;
  /** live_p_l as a percent of alert_price. */
  live_p_l_percent: number | null;
  alert_status: 'ONGOING' | 'HALF COMPLETED' | 'COMPLETED';
}

export interface AllAlertsResponse {
  data: AlertLiveDto[];
  hasMore: boolean;
}

/** GET /alerts/admin-completed-alerts rows: soft-deleted alerts are included and flagged. */
export interface AdminCompletedAlertDto extends AlertDto {
  deleted: boolean;
}

export interface AdminCompletedAlertsResponse extends WinRate {
  data: AdminCompletedAlertDto[];
  hasMore: boolean;
}

/** 3-bots-admin-public §3 "Alert type". */
export interface AlertTypeAdminDto {
  id: number;
  name: string;
  category: AlertCategory;
  /** Sanitized HTML (basic formatting and links). */
  raw_note: string;
  is_notification_enabled: boolean;
}

/* ---- Requests (shared by the server's validation and the web forms) ----------------------- */

/** Completed alerts and the live-price view return at most this many rows per call (see limit/offset). */
export const COMPLETED_PAGE_MAX = 1000;
/** POST /alerts/search/ and /alerts/search/triggers/ return at most this many, newest first. */
export const SEARCH_MAX_RESULTS = 500;
export const SEARCH_MAX_TICKERS = 100;
export const BATCH_DELETE_MAX = 1000;
export const ALERT_TYPE_NOTE_MAX = 20_000;
/** Largest offset accepted by the paged lists. */
export const OFFSET_MAX = 10_000_000;

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const typeName = z.string({ error: ALERT_MSG.nameRequired }).trim().min(1, { error: ALERT_MSG.nameRequired }).max(100);

const limitField = (max: number, fallback: number) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: ALERT_MSG.limitInvalid(max) })
      .int({ error: ALERT_MSG.limitInvalid(max) })
      .min(1, { error: ALERT_MSG.limitInvalid(max) })
      .max(max, { error: ALERT_MSG.limitInvalid(max) })
      .default(fallback),
  );

const offsetField = z.preprocess(
  blank,
  z.coerce
    .number({ error: ALERT_MSG.offsetInvalid })
    .int({ error: ALERT_MSG.offsetInvalid })
    .min(0, { error: ALERT_MSG.offsetInvalid })
    .max(OFFSET_MAX, { error: ALERT_MSG.offsetInvalid })
    .default(0),
);

const idField = z.coerce
  .number({ error: ALERT_MSG.idInvalid })
  .int({ error: ALERT_MSG.idInvalid })
  .positive({ error: ALERT_MSG.idInvalid })
  .max(2_147_483_647, { error: ALERT_MSG.idInvalid });

export const alertCategoryField = z.enum(ALERT_CATEGORIES, { error: ALERT_MSG.categoryInvalid });

/** GET /alerts: page sizes 15 (cards) and 100 (table); offset grows by the page size. */
export const alertsQuery = z.object({
  name: typeName,
  limit: limitField(ALERT_TABLE_PAGE_SIZE, ALERT_PAGE_SIZE),
  offset: offsetField,
  sort: z.preprocess(blank, z.enum(ALERT_SORTS, { error: ALERT_MSG.sortInvalid(ALERT_SORTS) }).default('Most Recent')),
});
export type AlertsQuery = z.infer<typeof alertsQuery>;

/** GET /alerts/triggers: page size 100. */
export const triggersQuery = z.object({
  name: typeName,
  limit: limitField(TRIGGER_PAGE_SIZE, TRIGGER_PAGE_SIZE),
  offset: offsetField,
  sort: z.preprocess(
    blank,
    z.enum(TRIGGER_SORTS, { error: ALERT_MSG.sortInvalid(TRIGGER_SORTS) }).default('Most Recent'),
  ),
});
export type TriggersQuery = z.infer<typeof triggersQuery>;

/** GET /alerts/completed-alerts; an unknown sort answers 'Cannot sort alert category' (checked by the server). */
export const completedAlertsQuery = z.object({
  name: typeName,
  sort: z.preprocess(blank, z.string().max(50).optional()),
  limit: limitField(COMPLETED_PAGE_MAX, COMPLETED_PAGE_MAX),
  offset: offsetField,
});
export type CompletedAlertsQuery = z.infer<typeof completedAlertsQuery>;

/** GET /alerts/all-alerts. */
export const allAlertsQuery = z.object({
  name: typeName,
  limit: limitField(COMPLETED_PAGE_MAX, COMPLETED_PAGE_MAX),
  offset: offsetField,
});

/** GET /alerts/admin-completed-alerts: every type when name is absent. */
export const adminCompletedAlertsQuery = z.object({
  name: z.preprocess(blank, typeName.optional()),
  sort: z.preprocess(blank, z.string().max(50).optional()),
  limit: limitField(COMPLETED_PAGE_MAX, COMPLETED_PAGE_MAX),
  offset: offsetField,
});

export const categoryQuery = z.object({ category: alertCategoryField });

/** A day as YYYY-MM-DD, a real calendar day; taken as a New York (market) day by the server. */
export const searchDayField = z
  .string({ error: ALERT_MSG.invalidParameters })
  .trim()
  .refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && isCalendarDay(s), { error: ALERT_MSG.invalidParameters });

function isCalendarDay(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/**
 * POST /alerts/search/ and /alerts/search/triggers/. daterange is [from, to] (inclusive days);
 * at least one of daterange and tickers must be given (the server answers 'Invalid parameters').
 */
export const alertSearchBody = z.object({
  category: alertCategoryField,
  daterange: z.preprocess(
    (v) => (Array.isArray(v) && v.length === 0 ? undefined : (v ?? undefined)),
    z.tuple([searchDayField, searchDayField], { error: ALERT_MSG.invalidParameters }).optional(),
  ),
  tickers: z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(16)
          .transform((t) => t.toUpperCase()),
        { error: ALERT_MSG.invalidParameters },
      )
      .max(SEARCH_MAX_TICKERS, { error: ALERT_MSG.invalidParameters })
      .optional(),
  ),
});
export type AlertSearchBody = z.infer<typeof alertSearchBody>;

/** POST /alerts/add-alert-tracker/: alert_id decides; alert_type (name or id) and ticker, when sent, must match it. */
export const addAlertTrackerBody = z.object({
  alert_id: idField,
  alert_type: z
    .union([z.string().max(100), z.number()])
    .optional()
    .nullable(),
  ticker: z.string().max(32).optional().nullable(),
});

export const trackerIdBody = z.object({ id: idField });

/** DELETE /alerts/batch-delete?type=soft&alert_ids=1,2 */
export const batchDeleteQuery = z.object({
  type: z.literal('soft', { error: ALERT_MSG.deleteTypeInvalid }),
  alert_ids: z.string({ error: ALERT_MSG.alertIdsInvalid(BATCH_DELETE_MAX) }).transform((s, ctx) => {
    const parts = s
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    const ids = parts.map(Number);
    if (
      ids.length === 0 ||
      ids.length > BATCH_DELETE_MAX ||
      parts.some((p) => !/^\d{1,10}$/.test(p)) ||
      ids.some((n) => n < 1 || n > 2_147_483_647)
    ) {
      ctx.addIssue({ code: 'custom', message: ALERT_MSG.alertIdsInvalid(BATCH_DELETE_MAX) });
      return z.NEVER;
    }
    return [...new Set(ids)];
  }),
});

/** GET /alerts/tracker-alert?id[&is_trigger=true]: id is a tracker id, or a trigger id with is_trigger. */
export const trackerAlertQuery = z.object({
  id: idField,
  is_trigger: z
    .preprocess(blank, z.enum(['true', 'false'], { error: 'is_trigger must be true or false.' }).optional())
    .transform((v) => v === 'true'),
});

export const plAlertQuery = z.object({ alert_id: idField });

export const alertTypeIdParams = z.object({ id: idField });

/** PATCH /alerts/alert-types/{id}: raw_note (rich text, sanitized by the server) or is_notification_enabled. */
export const alertTypePatchBody = z
  .object({
    raw_note: z
      .string()
      .max(ALERT_TYPE_NOTE_MAX, { error: ALERT_MSG.noteTooLong(ALERT_TYPE_NOTE_MAX) })
      .optional(),
    is_notification_enabled: z.boolean().optional(),
  })
  .refine((b) => b.raw_note !== undefined || b.is_notification_enabled !== undefined, {
    error: ALERT_MSG.alertTypeNothingToUpdate,
  });

/** PATCH /alerts/alert-types/notification-status?category= (a category, or ALL). */
export const notificationStatusQuery = z.object({
  category: z.enum([...ALERT_CATEGORIES, 'ALL'], { error: ALERT_MSG.categoryInvalid }),
});
export const notificationStatusBody = z.object({ is_notification_enabled: z.boolean() });
