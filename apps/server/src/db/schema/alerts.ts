import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { alertTypes } from './alert-types';
import { outbox } from './outbox';
import { users } from './users';

/** An analyst tool allowed to publish alerts, identified by an API key (stored hashed). */
export const alertPublishers = pgTable('alert_publishers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  /** First characters of the key, shown to super users to tell keys apart. */
  keyPrefix: text('key_prefix').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** One embed field of 1-core §3 ('<->' in a value splits it in two on the cards). */
export interface EmbedField {
  id: number;
  label: string;
  value: string;
}
export interface Embed {
  fields: EmbedField[];
}

/**
 * A trade alert (1-core §3 "Alert"). Prices are numeric. The lifecycle columns are written only by
 * the lifecycle engine; `evaluated_through` is the end of the last minute it has applied, so a
 * re-run or a catch-up after downtime starts where it stopped.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    alertTypeId: integer('alert_type_id')
      .notNull()
      .references(() => alertTypes.id),
    publisherId: integer('publisher_id').references(() => alertPublishers.id, { onDelete: 'set null' }),
    /** The publisher's own id for this alert: publishing it again changes nothing. */
    externalId: text('external_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ticker: text('ticker').notNull(),
    companyName: text('company_name').notNull().default(''),
    rating: integer('rating').notNull().default(0),
    alertPrice: numeric('alert_price', { precision: 18, scale: 8 }).notNull(),
    buyRangeLow: numeric('buy_range_low', { precision: 18, scale: 8 }).notNull(),
    buyRangeHigh: numeric('buy_range_high', { precision: 18, scale: 8 }).notNull(),
    targetRangeLow: numeric('target_range_low', { precision: 18, scale: 8 }).notNull(),
    targetRangeHigh: numeric('target_range_high', { precision: 18, scale: 8 }).notNull(),
    stopLoss: numeric('stop_loss', { precision: 18, scale: 8 }).notNull(),
    /** Percent from the top of the buy range to the stop, and to the top target: the sorts Min Risk and Min Reward. */
    riskPercent: numeric('risk_percent', { precision: 10, scale: 4 }).notNull(),
    rewardPercent: numeric('reward_percent', { precision: 10, scale: 4 }).notNull(),
    embeds: jsonb('embeds').$type<Embed[]>().notNull().default([]),
    notes: text('notes').notNull().default(''),
    /** Options alerts: STRANGLE, STRADDLE, BUY CALL or BUY PUT, with their legs. */
    strategy: text('strategy'),
    singleExpiration: text('single_expiration'),
    singleStrike: numeric('single_strike', { precision: 18, scale: 8 }),
    legOneExpiration: text('leg_one_expiration'),
    legOneStrike: numeric('leg_one_strike', { precision: 18, scale: 8 }),
    legOneType: text('leg_one_type'),
    legTwoStrike: numeric('leg_two_strike', { precision: 18, scale: 8 }),
    legTwoType: text('leg_two_type'),
    // Lifecycle
    latestPrice: numeric('latest_price', { precision: 18, scale: 8 }),
    enteredAt: timestamp('entered_at', { withTimezone: true }),
    halfCompleted: boolean('half_completed').notNull().default(false),
    completed: boolean('completed').notNull().default(false),
    /** ONGOING, TARGET 1, TARGET 2, STOP or EXPIRED. */
    completedStatus: text('completed_status').notNull().default('ONGOING'),
    halfExitPrice: numeric('half_exit_price', { precision: 18, scale: 8 }),
    halfCompletedAt: timestamp('half_completed_at', { withTimezone: true }),
    exitPrice: numeric('exit_price', { precision: 18, scale: 8 }),
    plDollar: numeric('p_l_dollar', { precision: 18, scale: 8 }),
    plPercent: numeric('p_l_percent', { precision: 10, scale: 4 }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    lastTriggerDate: timestamp('last_trigger_date', { withTimezone: true }),
    evaluatedThrough: timestamp('evaluated_through', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When its listeners (notifications) were told of it; null until then. Told-of is written
     * after they succeed, so an alert a crash left untold is found by the announce sweep.
     */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alerts_publisher_external_idx').on(t.publisherId, t.externalId),
    index('alerts_unannounced_idx')
      .on(t.id)
      .where(sql`${t.announcedAt} is null`),
    // The alert list's four sorts (GET /alerts: Most Recent, Alert Rating, Min Risk, Min Reward), live
    // rows only, each ending in `id desc` so that a page is an index walk with no sort, at any offset.
    index('alerts_type_created_idx')
      .on(t.alertTypeId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('alerts_type_rating_idx')
      .on(t.alertTypeId, t.rating.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('alerts_type_risk_idx')
      .on(t.alertTypeId, t.riskPercent.asc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('alerts_type_reward_idx')
      .on(t.alertTypeId, t.rewardPercent.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('alerts_open_idx')
      .on(t.id)
      .where(sql`${t.completed} = false and ${t.deletedAt} is null`),
    index('alerts_ticker_idx').on(t.ticker),
  ],
);

/** A price event on an alert (1-core §3 "Alert trigger"); one of each kind per alert. */
export const alertTriggers = pgTable(
  'alert_triggers',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    alertTypeId: integer('alert_type_id')
      .notNull()
      .references(() => alertTypes.id),
    /** BUY_RANGE, TARGET_1, TARGET_2, STOP or EXPIRED. */
    kind: text('kind').notNull(),
    ticker: text('ticker').notNull(),
    lastPrice: numeric('last_price', { precision: 18, scale: 8 }).notNull(),
    triggerNote: text('trigger_note').notNull(),
    /** The minute the event happened in (simulated or market time). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** As alerts.announced_at: when the trigger's listeners were told of it. */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alert_triggers_alert_kind_idx').on(t.alertId, t.kind),
    index('alert_triggers_unannounced_idx')
      .on(t.id)
      .where(sql`${t.announcedAt} is null`),
    index('alert_triggers_type_created_idx').on(t.alertTypeId, t.createdAt.desc()),
  ],
);

/** An alert a user tracks (My Trackers, 'Trade Alert Trackers'). */
export const alertTrackers = pgTable(
  'alert_trackers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('alert_trackers_user_alert_idx').on(t.userId, t.alertId)],
);

/** The in-app inbox (2-trading §2.9) and the delivery state of its e-mail and SMS copies. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** NEW_ALERT, TRIGGER, TRACKER, ADMIN, ... */
    kind: text('kind').notNull(),
    /** What it is about (alert id, trigger id, admin message id): with kind, one per user. */
    ref: text('ref').notNull(),
    seen: boolean('seen').notNull().default(false),
    /** SUCCESS, PENDING or FAILED; null when no e-mail copy was sent (receive_emails off). */
    emailStatus: text('email_status'),
    /** SUCCESS, PENDING or FAILED; null when no SMS copy was sent (receive_sms off or no phone). */
    smsStatus: text('sms_status'),
    /** The outbox messages of the copies: their delivery result becomes the statuses above. */
    emailOutboxId: integer('email_outbox_id').references(() => outbox.id, { onDelete: 'set null' }),
    smsOutboxId: integer('sms_outbox_id').references(() => outbox.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_user_kind_ref_idx').on(t.userId, t.kind, t.ref),
    index('notifications_user_unseen_idx')
      .on(t.userId, t.createdAt.desc())
      .where(sql`${t.seen} = false`),
    index('notifications_email_outbox_idx')
      .on(t.emailOutboxId)
      .where(sql`${t.emailOutboxId} is not null`),
    index('notifications_sms_outbox_idx')
      .on(t.smsOutboxId)
      .where(sql`${t.smsOutboxId} is not null`),
    // The sent table of the admin screens: the super users' notifications, newest first.
    index('notifications_admin_sent_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.kind} = 'ADMIN'`),
  ],
);

/**
 * A notification a super user sent (3-bots-admin-public §2.8): what it says, how (the inbox always;
 * e-mail and SMS as chosen), to whom (named users, the users on plans, or everyone) and its files.
 * Each person reached has a `notifications` row of kind ADMIN whose `ref` is this id, written by
 * the fan-out job in the background.
 */
export const notificationSends = pgTable(
  'notification_sends',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** EMAIL and/or SMS. */
    channels: text('channels').array().notNull(),
    /** single, multiple, users-on-plan or all. */
    audience: text('audience').notNull(),
    /** single and multiple: the users named. */
    userIds: integer('user_ids').array(),
    /** users-on-plan: the plans. */
    planIds: integer('plan_ids').array(),
    /** The attached files: name, content type and public link. */
    files: jsonb('files').$type<{ name: string; type: string; url: string }[]>().notNull().default([]),
    sentById: integer('sent_by_id').references(() => users.id, { onDelete: 'set null' }),
    sentByEmail: text('sent_by_email').notNull(),
    /** How many people it reached when it was sent (counted then; the fan-out writes their rows). */
    recipients: integer('recipients').notNull(),
    /** all: the last user there when it was sent; the fan-out (even run again later) reaches no later one. */
    throughUserId: integer('through_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_sends_created_idx').on(t.createdAt.desc())],
);
