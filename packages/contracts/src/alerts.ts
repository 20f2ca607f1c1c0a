import { z } from 'zod';
import { blankToUndefined, bodyIdField, fromDecimalText, textIdField } from './amounts';
import { exemptAlertsBody } from './auth';
import { ALERT_CATEGORIES, type AlertCategory } from './constants';
import { messageSchema, operation } from './operation';
import { isCalendarDay } from './days';
import {
  ALERT_MSG,
  ALERT_PAGE_SIZE,
  ALERT_SORTS,
  ALERT_TABLE_PAGE_SIZE,
  TRIGGER_NOTE_CLASSES,
  TRIGGER_PAGE_SIZE,
  TRIGGER_SORTS,
  type CompletedSort,
  type TriggerSort,
} from './screens';

/** Lifecycle result of an alert (1-core §3 completed_status). */
export const COMPLETED_STATUSES = ['ONGOING', 'TARGET 1', 'TARGET 2', 'STOP', 'EXPIRED'] as const;
export type CompletedStatus = (typeof COMPLETED_STATUSES)[number];

export const TRIGGER_KINDS = ['BUY_RANGE', 'TARGET_1', 'TARGET_2', 'STOP', 'EXPIRED'] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];

/* ---- What the alert endpoints answer ------------------------------------------------------ */

export const embedFieldDtoSchema = z.object({
  id: z.number(),
  label: z.string(),
  value: z.string(),
});
export type EmbedFieldDto = z.infer<typeof embedFieldDtoSchema>;

/** An alert as the API returns it (1-core §3 "Alert"). Prices are numbers; OTC prices are not rounded. */
export const alertDtoSchema = z.object({
  id: z.number(),
  ticker: z.string(),
  company_name: z.string(),
  rating: z.number(),
  category: z.enum(ALERT_CATEGORIES),
  alert_type: z.string(),
  alert_type_id: z.number(),
  latest_price: z.number().nullable(),
  alert_price: z.number(),
  buy_range_low: z.number(),
  buy_range_high: z.number(),
  buy_range_one: z.number(),
  buy_range_two: z.number(),
  target_range_low: z.number(),
  target_range_high: z.number(),
  target_range_one: z.number(),
  target_range_two: z.number(),
  stop_loss: z.number(),
  /** e.g. '1 : 2.50' (risk : reward). */
  risk_vs_reward: z.string(),
  risk_percent: z.number(),
  reward_percent: z.number(),
  embeds: z.array(z.object({ fields: z.array(embedFieldDtoSchema) })),
  /** Every embed field, flattened. */
  modal: z.array(z.object({ label: z.string(), value: z.string() })),
  notes: z.string(),
  created: z.string(),
  date_queried: z.string(),
  dione_type: z.null(),
  /** Whether the caller tracks it. */
  tracked: z.boolean(),
  completed: z.boolean(),
  half_completed: z.boolean(),
  completed_status: z.enum(COMPLETED_STATUSES),
  exit_price: z.number().nullable(),
  half_exit_price: z.number().nullable(),
  p_l_dollar: z.number().nullable(),
  p_l_percent: z.number().nullable(),
  last_trigger_date: z.string().nullable(),
  strategy: z.string().nullable(),
  legOneExpiration: z.string().nullable(),
  legOneStrike: z.number().nullable(),
  legOneType: z.string().nullable(),
  legTwoStrike: z.number().nullable(),
  legTwoType: z.string().nullable(),
  singleExpiration: z.string().nullable(),
  singleStrike: z.number().nullable(),
});
export type AlertDto = z.infer<typeof alertDtoSchema>;

/** 1-core §3 "Alert trigger". */
export const triggerDtoSchema = z.object({
  id: z.number(),
  alert_id: z.number(),
  ticker: z.string(),
  kind: z.enum(TRIGGER_KINDS),
  last_price: z.number(),
  buy_range_low: z.number(),
  buy_range_high: z.number(),
  target_range_low: z.number(),
  target_range_high: z.number(),
  stop_loss: z.number(),
  alert_price: z.number().nullable(),
  trigger_note: z.string(),
  created: z.string(),
  has_alert: z.boolean(),
  rating: z.number(),
  /** Name of the alert's type. */
  alert_type: z.string(),
  /** 1-core §4 keyword classification of trigger_note (the card's colour and icon). */
  note_class: z.enum(TRIGGER_NOTE_CLASSES).nullable(),
});
export type TriggerDto = z.infer<typeof triggerDtoSchema>;

/** 1-core §3 "Tracker (alert)". */
export const trackerDtoSchema = z.object({
  id: z.number(),
  alert_id: z.number(),
  alert_date: z.string(),
  ticker: z.string(),
  updated_date: z.string(),
  trigger_note: z.string(),
  last_price: z.number().nullable(),
  target_range_low: z.number(),
  target_range_high: z.number(),
  /** 0..100 towards the top target. */
  progress: z.number(),
  has_alert: z.boolean(),
  alert_type: z.string(),
  category: z.enum(ALERT_CATEGORIES),
  alert_price: z.number(),
  stop_loss: z.number(),
  completed_status: z.enum(COMPLETED_STATUSES),
});
export type TrackerDto = z.infer<typeof trackerDtoSchema>;

export interface NotificationDto {
  id: number;
  title: string;
  content: string;
  timestamp: string;
  seen: boolean;
  kind: string;
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
export const alertsPageSchema = z.object({ alerts: z.array(alertDtoSchema), hasMore: z.boolean() });
export type AlertsPage = z.infer<typeof alertsPageSchema>;

/** GET /alerts/triggers. */
export const triggersPageSchema = z.object({ triggers: z.array(triggerDtoSchema), hasMore: z.boolean() });
export type TriggersPage = z.infer<typeof triggersPageSchema>;

/** GET /alerts/tickers: the alerts' tickers answer `data`. */
export const alertTickersResponseSchema = z.object({ data: z.array(z.string()) });
export type AlertTickersResponse = z.infer<typeof alertTickersResponseSchema>;

/** GET /alerts/tickers/triggers: the triggers' tickers answer `tickers` (1-core §7). */
export const triggerTickersResponseSchema = z.object({ tickers: z.array(z.string()) });
export type TriggerTickersResponse = z.infer<typeof triggerTickersResponseSchema>;

/** POST /alerts/search/: `message` is 'No results.' when nothing was found, and absent otherwise. */
export const alertSearchResponseSchema = z.object({ data: z.array(alertDtoSchema), message: z.string().optional() });
export type AlertSearchResponse = z.infer<typeof alertSearchResponseSchema>;

/** POST /alerts/search/triggers/: the same shape as the alert search. */
export const triggerSearchResponseSchema = z.object({
  data: z.array(triggerDtoSchema),
  message: z.string().optional(),
});
export type TriggerSearchResponse = z.infer<typeof triggerSearchResponseSchema>;

/** DELETE /alerts/batch-delete: the ids that were deleted by this call. */
export const deleteAlertsResponseSchema = messageSchema.extend({ deleted: z.array(z.number()) });
export type DeleteAlertsResponse = z.infer<typeof deleteAlertsResponseSchema>;

/** GET /alerts/pl-alert and /alerts/tracker-alert: one alert. */
export const alertReplySchema = z.object({ data: alertDtoSchema });
export type AlertReply = z.infer<typeof alertReplySchema>;

/** GET /alerts/trackers. */
export const alertTrackersResponseSchema = z.object({ data: z.array(trackerDtoSchema) });
export type AlertTrackersResponse = z.infer<typeof alertTrackersResponseSchema>;

/** POST /alerts/add-alert-tracker/: the tracker. */
export const alertTrackerReplySchema = z.object({ data: trackerDtoSchema });
export type AlertTrackerReply = z.infer<typeof alertTrackerReplySchema>;

/** POST /alerts/reset-trackers/: how many trackers were removed. */
export const resetAlertTrackersResponseSchema = messageSchema.extend({ removed: z.number() });
export type ResetAlertTrackersResponse = z.infer<typeof resetAlertTrackersResponseSchema>;

/** Win rate of 1-core §9 over the completed alerts of a type. */
export const winRateSchema = z.object({
  /** Percent, rounded to 2 decimals; 0 when nothing has completed. */
  win_rate: z.number(),
  /** Completed alerts whose exit price is above the alert price. */
  wins: z.number(),
  /** Completed alerts whose exit price is below the alert price. */
  losses: z.number(),
  /** Every completed alert with an exit price (the denominator). */
  total: z.number(),
});
export type WinRate = z.infer<typeof winRateSchema>;

/** GET /alerts/completed-alerts: completed and half-completed alerts of a type. */
export const completedAlertsResponseSchema = winRateSchema.extend({
  data: z.array(alertDtoSchema),
  hasMore: z.boolean(),
});
export type CompletedAlertsResponse = z.infer<typeof completedAlertsResponseSchema>;

export const ALERT_LIVE_STATUSES = ['ONGOING', 'HALF COMPLETED', 'COMPLETED'] as const;

/** One row of GET /alerts/all-alerts (the STOCKS 'live price' view). */
export const alertLiveDtoSchema = alertDtoSchema.extend({
  /** The market's last price now (the stored latest price when the market cannot say). */
  live_price: z.number().nullable(),
  /** live_price − alert_price, per share (per contract for options). */
  live_p_l: z.number().nullable(),
  /** live_p_l as a percent of alert_price. */
  live_p_l_percent: z.number().nullable(),
  alert_status: z.enum(ALERT_LIVE_STATUSES),
});
export type AlertLiveDto = z.infer<typeof alertLiveDtoSchema>;

export const allAlertsResponseSchema = z.object({ data: z.array(alertLiveDtoSchema), hasMore: z.boolean() });
export type AllAlertsResponse = z.infer<typeof allAlertsResponseSchema>;

/** GET /alerts/admin-completed-alerts rows: soft-deleted alerts are included and flagged. */
export const adminCompletedAlertDtoSchema = alertDtoSchema.extend({ deleted: z.boolean() });
export type AdminCompletedAlertDto = z.infer<typeof adminCompletedAlertDtoSchema>;

export const adminCompletedAlertsResponseSchema = winRateSchema.extend({
  data: z.array(adminCompletedAlertDtoSchema),
  hasMore: z.boolean(),
});
export type AdminCompletedAlertsResponse = z.infer<typeof adminCompletedAlertsResponseSchema>;

/** 3-bots-admin-public §3 "Alert type". */
export const alertTypeAdminDtoSchema = z.object({
  id: z.number(),
  name: z.string(),
  category: z.enum(ALERT_CATEGORIES),
  /** Sanitized HTML (basic formatting and links). */
  raw_note: z.string(),
  is_notification_enabled: z.boolean(),
});
export type AlertTypeAdminDto = z.infer<typeof alertTypeAdminDtoSchema>;

/** GET /alerts/alert-types. */
export const alertTypesAdminResponseSchema = z.object({ data: z.array(alertTypeAdminDtoSchema) });
export type AlertTypesAdminResponse = z.infer<typeof alertTypesAdminResponseSchema>;

/** PATCH /alerts/alert-types/notification-status: every type after the change. */
export const alertTypesNotificationReplySchema = messageSchema.extend({ data: z.array(alertTypeAdminDtoSchema) });
export type AlertTypesNotificationReply = z.infer<typeof alertTypesNotificationReplySchema>;

/** PATCH /alerts/alert-types/{id}: the type after the change. */
export const alertTypeUpdateReplySchema = messageSchema.extend({ data: alertTypeAdminDtoSchema });
export type AlertTypeUpdateReply = z.infer<typeof alertTypeUpdateReplySchema>;

/** GET /alerts/alert-type-status: each type of the caller's plans, and whether its new alerts are muted. */
export const alertTypeStatusSchema = z.object({
  id: z.number(),
  name: z.string(),
  category: z.enum(ALERT_CATEGORIES),
  exempted: z.boolean(),
});
export type AlertTypeStatus = z.infer<typeof alertTypeStatusSchema>;
export const alertTypeStatusListSchema = z.array(alertTypeStatusSchema);

/** POST /alerts/exempt-alerts/: the list after the change. */
export const exemptAlertsReplySchema = messageSchema.extend({ data: alertTypeStatusListSchema });
export type ExemptAlertsReply = z.infer<typeof exemptAlertsReplySchema>;

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

const typeName = z.string({ error: ALERT_MSG.nameRequired }).trim().min(1, { error: ALERT_MSG.nameRequired }).max(100);

const limitField = (max: number, fallback: number) =>
  z.preprocess(
    blankToUndefined,
    fromDecimalText(
      z
        .number({ error: ALERT_MSG.limitInvalid(max) })
        .int({ error: ALERT_MSG.limitInvalid(max) })
        .min(1, { error: ALERT_MSG.limitInvalid(max) })
        .max(max, { error: ALERT_MSG.limitInvalid(max) })
        .default(fallback),
    ),
  );

const offsetField = z.preprocess(
  blankToUndefined,
  fromDecimalText(
    z
      .number({ error: ALERT_MSG.offsetInvalid })
      .int({ error: ALERT_MSG.offsetInvalid })
      .min(0, { error: ALERT_MSG.offsetInvalid })
      .max(OFFSET_MAX, { error: ALERT_MSG.offsetInvalid })
      .default(0),
  ),
);

/** An id in a query or path (text), and in a JSON body (a number only). */
const idField = textIdField(ALERT_MSG.idInvalid);
const bodyId = bodyIdField(ALERT_MSG.idInvalid);

export const alertCategoryField = z.enum(ALERT_CATEGORIES, { error: ALERT_MSG.categoryInvalid });

/** GET /alerts: page sizes 15 (cards) and 100 (table); offset grows by the page size. */
export const alertsQuery = z.object({
  name: typeName,
  limit: limitField(ALERT_TABLE_PAGE_SIZE, ALERT_PAGE_SIZE),
  offset: offsetField,
  sort: z.preprocess(
    blankToUndefined,
    z.enum(ALERT_SORTS, { error: ALERT_MSG.sortInvalid(ALERT_SORTS) }).default('Most Recent'),
  ),
});
export type AlertsQuery = z.infer<typeof alertsQuery>;

/** GET /alerts/triggers: page size 100. */
export const triggersQuery = z.object({
  name: typeName,
  limit: limitField(TRIGGER_PAGE_SIZE, TRIGGER_PAGE_SIZE),
  offset: offsetField,
  sort: z.preprocess(
    blankToUndefined,
    z.enum(TRIGGER_SORTS, { error: ALERT_MSG.sortInvalid(TRIGGER_SORTS) }).default('Most Recent'),
  ),
});
export type TriggersQuery = z.infer<typeof triggersQuery>;

/** GET /alerts/completed-alerts; an unknown sort answers 'Cannot sort alert category' (checked by the server). */
export const completedAlertsQuery = z.object({
  name: typeName,
  sort: z.preprocess(blankToUndefined, z.string().max(50).optional()),
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
  name: z.preprocess(blankToUndefined, typeName.optional()),
  sort: z.preprocess(blankToUndefined, z.string().max(50).optional()),
  limit: limitField(COMPLETED_PAGE_MAX, COMPLETED_PAGE_MAX),
  offset: offsetField,
});

export const categoryQuery = z.object({ category: alertCategoryField });

/** A day as YYYY-MM-DD, a real calendar day; taken as a New York (market) day by the server. */
export const searchDayField = z
  .string({ error: ALERT_MSG.invalidParameters })
  .trim()
  .refine(isCalendarDay, { error: ALERT_MSG.invalidParameters });

// The two days of a date range, each described: the API docs then show two distinct items.
const fromDay = searchDayField.describe('The first day, YYYY-MM-DD.');
const toDay = searchDayField.describe('The last day, YYYY-MM-DD.');

/**
 * POST /alerts/search/ and /alerts/search/triggers/. daterange is [from, to] (inclusive days);
 * at least one of daterange and tickers must be given (the server answers 'Invalid parameters').
 */
export const alertSearchBody = z.object({
  category: alertCategoryField,
  daterange: z.preprocess(
    (v) => (Array.isArray(v) && v.length === 0 ? undefined : (v ?? undefined)),
    z.tuple([fromDay, toDay], { error: ALERT_MSG.invalidParameters }).optional(),
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
  alert_id: bodyId,
  // null means absent; it sits on the name's branch so that the docs show a nullable string or a number.
  alert_type: z.union([z.string().max(100).nullable(), z.number()]).optional(),
  ticker: z.string().max(32).optional().nullable(),
});
export type AddAlertTrackerBody = z.infer<typeof addAlertTrackerBody>;

export const trackerIdBody = z.object({ id: bodyId });

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
    .preprocess(blankToUndefined, z.enum(['true', 'false'], { error: 'is_trigger must be true or false.' }).optional())
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

/* ---- Operations ------------------------------------------------------------------------------- */

/**
 * Alerts, triggers and trackers (1-core §7), the super users' alert-type settings
 * (3-bots-admin-public §2.7) and each user's opt-outs of new-alert notifications. The lists,
 * triggers and trackers need the AA right; every alert type asked for must be in the caller's plans
 * (403 otherwise); batch deletion, the admin completed list and the alert types need is_super.
 */
export const ALERTS_API = {
  list: operation({
    method: 'GET',
    path: '/alerts',
    operationId: 'listAlerts',
    summary: "One page of an alert type's live alerts, sorted",
    tag: 'alerts',
    query: alertsQuery,
    response: alertsPageSchema,
    errors: [400, 401, 403],
  }),
  tickers: operation({
    method: 'GET',
    path: '/alerts/tickers',
    operationId: 'listAlertTickers',
    summary: "The tickers of the live alerts of a category's types",
    tag: 'alerts',
    query: categoryQuery,
    response: alertTickersResponseSchema,
    errors: [400, 401, 403],
  }),
  search: operation({
    method: 'POST',
    path: '/alerts/search/',
    operationId: 'searchAlerts',
    summary: 'Live alerts of a category by market days and/or tickers',
    tag: 'alerts',
    body: alertSearchBody,
    response: alertSearchResponseSchema,
    errors: [400, 401, 403],
  }),
  batchDelete: operation({
    method: 'DELETE',
    path: '/alerts/batch-delete',
    operationId: 'deleteAlerts',
    summary: 'Soft-delete alerts by id (super users)',
    tag: 'alerts',
    query: batchDeleteQuery,
    response: deleteAlertsResponseSchema,
    errors: [400, 401, 403],
  }),
  completed: operation({
    method: 'GET',
    path: '/alerts/completed-alerts',
    operationId: 'listCompletedAlerts',
    summary: "An alert type's completed alerts, with its win rate",
    tag: 'alerts',
    query: completedAlertsQuery,
    response: completedAlertsResponseSchema,
    errors: [400, 401, 403],
  }),
  allAlerts: operation({
    method: 'GET',
    path: '/alerts/all-alerts',
    operationId: 'listLiveAlerts',
    summary: "An alert type's live alerts with the market's price now and their profit or loss",
    tag: 'alerts',
    query: allAlertsQuery,
    response: allAlertsResponseSchema,
    errors: [400, 401, 403],
  }),
  adminCompleted: operation({
    method: 'GET',
    path: '/alerts/admin-completed-alerts',
    operationId: 'listAdminCompletedAlerts',
    summary: 'Completed alerts, deleted ones included and flagged, with the win rate (super users)',
    tag: 'alerts',
    query: adminCompletedAlertsQuery,
    response: adminCompletedAlertsResponseSchema,
    errors: [400, 401, 403],
  }),
  plAlert: operation({
    method: 'GET',
    path: '/alerts/pl-alert',
    operationId: 'getProfitLossAlert',
    summary: 'The alert behind a profit/loss entry, deleted or not',
    tag: 'alerts',
    query: plAlertQuery,
    response: alertReplySchema,
    errors: [400, 401, 403, 404],
  }),
  triggers: operation({
    method: 'GET',
    path: '/alerts/triggers',
    operationId: 'listTriggers',
    summary: "One page of an alert type's triggers, sorted",
    tag: 'alerts',
    query: triggersQuery,
    response: triggersPageSchema,
    errors: [400, 401, 403],
  }),
  triggerTickers: operation({
    method: 'GET',
    path: '/alerts/tickers/triggers',
    operationId: 'listTriggerTickers',
    summary: "The tickers that have triggers in a category's types",
    tag: 'alerts',
    query: categoryQuery,
    response: triggerTickersResponseSchema,
    errors: [400, 401, 403],
  }),
  searchTriggers: operation({
    method: 'POST',
    path: '/alerts/search/triggers/',
    operationId: 'searchTriggers',
    summary: 'Triggers of a category by market days and/or tickers',
    tag: 'alerts',
    body: alertSearchBody,
    response: triggerSearchResponseSchema,
    errors: [400, 401, 403],
  }),
  trackers: operation({
    method: 'GET',
    path: '/alerts/trackers',
    operationId: 'listAlertTrackers',
    summary: "The caller's alert trackers, newest first",
    tag: 'alerts',
    response: alertTrackersResponseSchema,
    errors: [401, 403],
  }),
  addTracker: operation({
    method: 'POST',
    path: '/alerts/add-alert-tracker/',
    operationId: 'addAlertTracker',
    summary: 'Track an alert (tracking it twice keeps one tracker)',
    tag: 'alerts',
    body: addAlertTrackerBody,
    response: alertTrackerReplySchema,
    errors: [400, 401, 403, 404],
  }),
  removeTracker: operation({
    method: 'POST',
    path: '/alerts/remove-tracker/',
    operationId: 'removeAlertTracker',
    summary: "Remove one of the caller's alert trackers",
    tag: 'alerts',
    body: trackerIdBody,
    response: messageSchema,
    errors: [400, 401, 403, 404],
  }),
  resetTrackers: operation({
    method: 'POST',
    path: '/alerts/reset-trackers/',
    operationId: 'resetAlertTrackers',
    summary: 'Remove every alert tracker of the caller',
    tag: 'alerts',
    response: resetAlertTrackersResponseSchema,
    errors: [401, 403],
  }),
  trackerAlert: operation({
    method: 'GET',
    path: '/alerts/tracker-alert',
    operationId: 'getTrackerAlert',
    summary: "The alert of one of the caller's trackers, or of a trigger",
    tag: 'alerts',
    query: trackerAlertQuery,
    response: alertReplySchema,
    errors: [400, 401, 403, 404],
  }),
  alertTypes: operation({
    method: 'GET',
    path: '/alerts/alert-types',
    operationId: 'listAlertTypes',
    summary: 'Every alert type with its notes and notification switch (super users)',
    tag: 'admin',
    response: alertTypesAdminResponseSchema,
    errors: [401, 403],
  }),
  setNotificationStatus: operation({
    method: 'PATCH',
    path: '/alerts/alert-types/notification-status',
    operationId: 'setAlertTypesNotifications',
    summary: 'Turn the notifications of every alert type of a category on or off (super users)',
    tag: 'admin',
    query: notificationStatusQuery,
    body: notificationStatusBody,
    response: alertTypesNotificationReplySchema,
    errors: [400, 401, 403],
  }),
  updateAlertType: operation({
    method: 'PATCH',
    path: '/alerts/alert-types/:id',
    operationId: 'updateAlertType',
    summary: "Change an alert type's notes or notification switch (super users)",
    tag: 'admin',
    params: alertTypeIdParams,
    body: alertTypePatchBody,
    response: alertTypeUpdateReplySchema,
    errors: [400, 401, 403, 404],
  }),
  alertTypeStatus: operation({
    method: 'GET',
    path: '/alerts/alert-type-status',
    operationId: 'listAlertTypeOptOuts',
    summary: "The caller's alert types and whether each one's new alerts are muted",
    tag: 'alerts',
    response: alertTypeStatusListSchema,
    errors: [401],
  }),
  exemptAlerts: operation({
    method: 'POST',
    path: '/alerts/exempt-alerts/',
    operationId: 'setAlertTypeOptOuts',
    summary: "Mute or unmute the new alerts of some of the caller's alert types",
    tag: 'alerts',
    body: exemptAlertsBody,
    response: exemptAlertsReplySchema,
    errors: [400, 401, 403],
  }),
} as const;
