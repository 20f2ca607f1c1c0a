import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import type { BotBody } from '@drat/contracts';
import { alertTypes } from './alert-types';
import { alerts } from './alerts';
import { trades } from './trading';
import { users } from './users';

/**
 * A money-management bot (3-bots-admin-public §3). The columns are what the matcher and the lists
 * select on (the owner, the alert type, the account, the states, the alert window); `settings` is
 * the form as the contracts read it (BotBody: sizes, limits, filters, price rules), each number
 * with at most 2 decimals, turned into exact decimals where money is counted.
 */
export const bots = pgTable(
  'bots',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    alertTypeId: integer('alert_type_id')
      .notNull()
      .references(() => alertTypes.id),
    /** The account its trades go to: the owner's demo account (DEMO) or one of their brokerage accounts. */
    mode: text('mode', { enum: ['DEMO', 'LIVE'] }).notNull(),
    accountId: text('account_id').notNull(),
    active: boolean('active').notNull().default(true),
    archived: boolean('archived').notNull().default(false),
    alertsFrom: text('alerts_from').notNull(),
    alertsTo: text('alerts_to').notNull(),
    settings: jsonb('settings').$type<BotBody>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bots_user_idx').on(t.userId, t.createdAt),
    index('bots_active_type_idx')
      .on(t.alertTypeId)
      .where(sql`${t.active}`),
  ],
);

/**
 * A trade a bot placed, one per bot and source: `source` is 'alert:<id>' or 'signal:<id>'. The
 * unique key, not a check, is what keeps two processes hearing the same alert to one trade: the
 * row is inserted in the transaction that inserts the trade, so both commit or neither.
 */
export const botTrades = pgTable(
  'bot_trades',
  {
    id: serial('id').primaryKey(),
    botId: integer('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    alertId: integer('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    tradeId: integer('trade_id').references(() => trades.id, { onDelete: 'set null' }),
    /** The New York day it was taken (the daily limit counts these). */
    day: text('day').notNull(),
    /** The amount per trade it was taken with (the bot's invested amount adds these). */
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bot_trades_source_key').on(t.botId, t.source)],
);

/**
 * A bot's log (§3 "Bot log entry"): what it did or skipped, and why, in a subscriber's words. A line
 * is one bot's (`bot_id`) or many bots' at once (`bot_ids`): a published alert skips thousands of
 * bots for a handful of reasons, and one line per reason naming its bots costs a few rows where a
 * line per bot cost thousands (bench/bots). A bot's log is its own lines and the lines naming it.
 */
export const botLogs = pgTable(
  'bot_logs',
  {
    id: serial('id').primaryKey(),
    // No foreign key: checking each of thousands of bots cost more than writing the line. A bot's
    // lines go with it (trigger bots_deleted_logs, 0026 and 0028).
    botId: integer('bot_id'),
    botIds: integer('bot_ids').array(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bot_logs_bot_idx').on(t.botId, t.id),
    index('bot_logs_bots_gin').using('gin', t.botIds),
    // The daily trim finds the old lines by time: lines are written in time order, so a BRIN
    // index (a few pages) serves it.
    index('bot_logs_created_brin').using('brin', t.createdAt),
    check('bot_logs_one_or_many', sql`(${t.botId} is null) <> (${t.botIds} is null)`),
  ],
);

/**
 * A subscriber's signal webhook: `key` is the address's secret part, `secretSealed` the signing
 * secret sealed at rest (core/sealed.ts). One live webhook per user: rotating revokes the old one.
 */
export const signalHooks = pgTable(
  'signal_hooks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    botId: integer('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('signal_hooks_key').on(t.key),
    uniqueIndex('signal_hooks_live_per_user')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * A signal received by a webhook, recorded before it acts: the unique (user, signal id) makes the
 * same signal sent twice act once. Refused ones (bad signature, revoked webhook) are kept too.
 */
export const signals = pgTable(
  'signals',
  {
    id: serial('id').primaryKey(),
    hookId: integer('hook_id')
      .notNull()
      .references(() => signalHooks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    botId: integer('bot_id').references(() => bots.id, { onDelete: 'set null' }),
    /** The sender's id; null for a refused message (not read). */
    signalId: text('signal_id'),
    ticker: text('ticker').notNull().default(''),
    action: text('action').notNull().default(''),
    outcome: text('outcome', { enum: ['RECEIVED', 'TRADED', 'CLOSED', 'SKIPPED', 'REFUSED'] }).notNull(),
    text: text('text').notNull().default(''),
    tradeId: integer('trade_id').references(() => trades.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('signals_once_per_user')
      .on(t.userId, t.signalId)
      .where(sql`${t.signalId} is not null`),
    index('signals_user_idx').on(t.userId, t.id),
  ],
);
