import { sql } from 'drizzle-orm';
import {
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
import { users } from './users';

/**
 * Dione and Range Radar (1-core §2 Tools, §3, §4 Tool search). Searches are kept per user as a
 * snapshot of what was shown; prices inside the snapshots are decimal strings, never floats.
 */

/** One term of a Dione search as shown (docs/dione.md); absent terms keep only their message. */
export type StoredDioneView =
  | {
      found: true;
      trend: 'up' | 'sideways' | 'down';
      rating: number;
      decimals: number;
      lastPrice: string;
      buyLow: string;
      buyHigh: string;
      stopLoss: string;
      target1: string;
      target2: string;
      riskReward: string;
      quote: string;
      message: string;
    }
  | { found: false; message: string };

export interface StoredLevel {
  type: 'support' | 'resistance';
  price: string;
  touches: number;
  lastTouched: string;
}

export interface StoredRangeRadarView {
  type: 'Short Term' | 'Long Term';
  found: boolean;
  message: string;
  supports: StoredLevel[];
  resistances: StoredLevel[];
}

export const dioneHistory = pgTable(
  'dione_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticker: text('ticker').notNull(),
    companyName: text('company_name').notNull(),
    lastPrice: numeric('last_price', { precision: 18, scale: 8 }).notNull(),
    shortView: jsonb('short_view').$type<StoredDioneView>().notNull(),
    longView: jsonb('long_view').$type<StoredDioneView>().notNull(),
    queriedAt: timestamp('queried_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dione_history_user_idx').on(t.userId, t.queriedAt.desc())],
);

/** A term of a Dione search the user follows (My Trackers, 'DIONE Tracker'). */
export const dioneTrackers = pgTable(
  'dione_trackers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The search it came from; kept (null) when that history is cleared. */
    historyId: integer('history_id').references(() => dioneHistory.id, { onDelete: 'set null' }),
    ticker: text('ticker').notNull(),
    dioneType: text('dione_type', { enum: ['SHORT', 'LONG'] }).notNull(),
    alertPrice: numeric('alert_price', { precision: 18, scale: 8 }).notNull(),
    targetRangeOne: numeric('target_range_one', { precision: 18, scale: 8 }).notNull(),
    targetRangeTwo: numeric('target_range_two', { precision: 18, scale: 8 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dione_trackers_user_history_type_idx').on(t.userId, t.historyId, t.dioneType),
    index('dione_trackers_user_idx').on(t.userId, t.createdAt.desc()),
    check('dione_trackers_type_check', sql`${t.dioneType} in ('SHORT', 'LONG')`),
  ],
);

/** Range Radar searches ('Recent Trade Ideas Searches'). */
export const tradeIdeasHistory = pgTable(
  'trade_ideas_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticker: text('ticker').notNull(),
    price: numeric('price', { precision: 18, scale: 8 }).notNull(),
    views: jsonb('views').$type<StoredRangeRadarView[]>().notNull(),
    queriedAt: timestamp('queried_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trade_ideas_history_user_idx').on(t.userId, t.queriedAt.desc())],
);
