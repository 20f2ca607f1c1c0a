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
import type { EngineTrade, Intent } from '@drat/engine';
import { alerts } from './alerts';
import { users } from './users';

/**
 * A smart trade (2-trading §3). `state` is the engine's trade (packages/engine/src/trading): the
 * ranges, orders, fills and trails as exact decimal strings; the columns beside it are what lists
 * filter and sort on. Each step of the engine rewrites `state` and bumps `version` in the same
 * transaction as the intents it produced (trade_intents) and its log lines (trade_logs).
 */
export const trades = pgTable(
  'trades',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** DEMO: the user's demo account; LIVE: a brokerage account (the simulated one offline). */
    mode: text('mode', { enum: ['DEMO', 'LIVE'] }).notNull(),
    broker: text('broker').notNull(),
    accountId: text('account_id').notNull(),
    ticker: text('ticker').notNull(),
    tradeType: text('trade_type').notNull(),
    stockType: text('stock_type', { enum: ['STOCKS', 'OPTIONS'] }).notNull(),
    strategy: text('strategy'),
    status: text('status', { enum: ['DRAFT', 'PENDING', 'OPEN', 'COMPLETED', 'CANCELLED', 'FAIL'] }).notNull(),
    archived: boolean('archived').notNull().default(false),
    alertId: integer('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    /** What the trader entered, as the spec's payload (shown again in details and retrade). */
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    state: jsonb('state').$type<EngineTrade>().notNull(),
    version: integer('version').notNull().default(0),
    /** When the cancel-if-not-filled time falls, while it has not passed: the runner ticks the trade then. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trades_user_idx').on(t.userId, t.createdAt),
    index('trades_running_idx')
      .on(t.status)
      .where(sql`${t.status} in ('PENDING', 'OPEN')`),
    index('trades_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.deadlineAt} is not null`),
  ],
);

/**
 * An order to a broker made by hand, from the Trade Monitor: a position's Exit (a new order, its
 * request as the broker interface's ManualOrder) or a Modify of a working order (its id and the
 * change, as OrderChange). Kept as structural types: the schema imports nothing of the providers.
 */
export type ByHandIntent =
  | { type: 'exit'; clientOrderId: string; request: Record<string, unknown> & { tag: string } }
  | { type: 'change'; clientOrderId: string; orderId: string; change: Record<string, unknown> };

/**
 * Every order to a broker, recorded before it is sent (the outbox the runner's sender works
 * through, docs/architecture.md "An order"): PENDING until sent, then SENT, or FAILED with the
 * reason (a refusal is not sent again); a send that timed out stays PENDING with `unknown` set and
 * is reconciled by the client order id, never sent blindly again. A smart trade's intents
 * (`trade_id`, the engine's Intent, written in the step's transaction) and the orders made by hand (no trade: `broker`, `account_id`, `user_id` who made it,
 * `instrument`, a ByHandIntent). One order by hand per account and instrument is unanswered at a
 * time: the unique index is the atomic claim that keeps a second Exit of the same shares out.
 */
export const tradeIntents = pgTable(
  'trade_intents',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id').references(() => trades.id, { onDelete: 'cascade' }),
    clientOrderId: text('client_order_id').notNull(),
    kind: text('kind', { enum: ['place', 'modify', 'cancel', 'exit', 'change'] }).notNull(),
    intent: jsonb('intent').$type<Intent | ByHandIntent>().notNull(),
    /** UNKNOWN: an order by hand still unanswered past what the broker's order list reaches back. */
    state: text('state', { enum: ['PENDING', 'SENT', 'FAILED', 'UNKNOWN'] })
      .notNull()
      .default('PENDING'),
    /** A send whose answer never came: the next attempt first asks the broker whether it has the order. */
    unknown: boolean('unknown').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    /** An order by hand's account (a trade's intents take theirs from the trade). */
    broker: text('broker'),
    accountId: text('account_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    instrument: text('instrument'),
    /** The broker's id of the order an order by hand placed or changed. */
    brokerOrderId: text('broker_order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('trade_intents_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'PENDING'`),
    index('trade_intents_trade_idx').on(t.tradeId),
    uniqueIndex('trade_intents_by_hand_unanswered_idx')
      .on(t.accountId, t.instrument)
      .where(sql`${t.tradeId} is null and ${t.state} = 'PENDING'`),
    index('trade_intents_by_hand_account_idx')
      .on(t.accountId, t.createdAt)
      .where(sql`${t.tradeId} is null`),
  ],
);

/** Our orders at the broker: the client order id (sent as the broker's tag) and the broker's own id. */
export const tradeOrders = pgTable(
  'trade_orders',
  {
    clientOrderId: text('client_order_id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    broker: text('broker').notNull(),
    accountId: text('account_id').notNull(),
    brokerOrderId: text('broker_order_id'),
    /** The broker's last word on it (open, partially_filled, filled, canceled, rejected …). */
    brokerStatus: text('broker_status'),
    /** Done when the broker will not change it any more: the runner stops asking. */
    done: boolean('done').notNull().default(false),
    /**
     * A cancel the broker confirmed is asked about still, until then (the end of that day's
     * session): brokers report fills that raced the cancel, and those shares must not go unseen.
     */
    watchUntil: timestamp('watch_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trade_orders_open_idx')
      .on(t.accountId)
      .where(sql`not ${t.done}`),
    uniqueIndex('trade_orders_broker_idx').on(t.broker, t.brokerOrderId),
    index('trade_orders_watched_idx')
      .on(t.watchUntil)
      .where(sql`${t.watchUntil} is not null`),
    // Whether an account's orders changed since its balances were read (account-info's cache).
    index('trade_orders_account_changed_idx').on(t.accountId, t.updatedAt),
  ],
);

/** A trade's log (2-trading §3 "Log entry"): what the engine did, in words. */
export const tradeLogs = pgTable(
  'trade_logs',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trade_logs_trade_idx').on(t.tradeId, t.id)],
);

/**
 * A smart trade template (2-trading §3 "Trade template"), made by a super user: one parameter per
 * entry (buy range low/high, target range low/high, stop loss), a percentage below (LESS) or above
 * (EXCEED) the ask, last or bid price. GET /livetrading/trade-entries-parameter turns it into prices.
 */
export const tradeTemplates = pgTable('trade_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tradeTemplateParameters = pgTable(
  'trade_template_parameters',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => tradeTemplates.id, { onDelete: 'cascade' }),
    entryName: text('entry_name').notNull(),
    /** Exact percent (two decimals): 0-100 for buy ranges and stop loss, 0-500 for targets. */
    percentage: numeric('percentage', { precision: 7, scale: 2 }).notNull(),
    percentageType: text('percentage_type', { enum: ['LESS', 'EXCEED'] }).notNull(),
    basedOn: text('based_on').notNull(),
  },
  (t) => [uniqueIndex('trade_template_parameters_entry_idx').on(t.templateId, t.entryName)],
);

/**
 * A smart trade (or a money-management bot) shared by one user with another (2-trading §3 "Shared
 * item"). Sharing with several users, a plan's users or all users writes one row per user reached;
 * an e-mail that belongs to no user is kept in `sharedToUnknown`. Sharing the same thing with the
 * same user again keeps one row (its date is renewed).
 */
export const tradeShares = pgTable(
  'trade_shares',
  {
    id: serial('id').primaryKey(),
    sharedBy: integer('shared_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedTo: integer('shared_to').references(() => users.id, { onDelete: 'cascade' }),
    sharedToUnknown: text('shared_to_unknown'),
    type: text('type', { enum: ['TRADE', 'BOT'] }).notNull(),
    tradeId: integer('trade_id').references(() => trades.id, { onDelete: 'cascade' }),
    /** The bot's id (bots arrive with their own issue; no foreign key until then). */
    botId: integer('bot_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trade_shares_to_idx').on(t.sharedTo, t.createdAt),
    index('trade_shares_by_idx').on(t.sharedBy, t.createdAt),
    uniqueIndex('trade_shares_once_idx')
      .on(t.type, sql`coalesce(${t.tradeId}, ${t.botId})`, sql`coalesce(${t.sharedTo}::text, ${t.sharedToUnknown})`)
      .where(sql`${t.sharedTo} is not null or ${t.sharedToUnknown} is not null`),
  ],
);
