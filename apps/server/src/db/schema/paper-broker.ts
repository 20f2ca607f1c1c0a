import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The paper broker (providers/broker/paper): accounts that fill orders from the market provider's
 * quotes. Each user's demo account (1-core §4: 100,000 to start, reset on request) is one; with no
 * real broker configured, a live-capable user's simulated brokerage account is another. Money is
 * numeric, quantities numeric (options contracts, shares).
 */
export const paperAccounts = pgTable(
  'paper_accounts',
  {
    /** 'DEMO-<user id>' or 'SIM-<user id>': the account id the broker interface speaks. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['DEMO', 'SIM'] }).notNull(),
    cash: numeric('cash', { precision: 20, scale: 2 }).notNull(),
    startingCash: numeric('starting_cash', { precision: 20, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resetAt: timestamp('reset_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('paper_accounts_user_kind_idx').on(t.userId, t.kind)],
);

export interface PaperLeg {
  symbol: string;
  ratio: number;
}

/** An order at the paper broker; `tag` is the client order id (unique per account: a resend is the same order). */
export const paperOrders = pgTable(
  'paper_orders',
  {
    id: serial('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => paperAccounts.id, { onDelete: 'cascade' }),
    tag: text('tag'),
    /** The ticker, OCC symbol, or the multileg's key. */
    symbol: text('symbol').notNull(),
    instrumentKind: text('instrument_kind', { enum: ['equity', 'option', 'multileg'] }).notNull(),
    legs: jsonb('legs').$type<PaperLeg[]>(),
    multiplier: integer('multiplier').notNull().default(1),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    type: text('type', { enum: ['limit', 'market'] }).notNull(),
    duration: text('duration', { enum: ['day', 'gtc'] })
      .notNull()
      .default('gtc'),
    qty: numeric('qty', { precision: 20, scale: 4 }).notNull(),
    limitPrice: numeric('limit_price', { precision: 18, scale: 8 }),
    status: text('status', {
      enum: ['open', 'partially_filled', 'filled', 'canceled', 'rejected', 'expired'],
    }).notNull(),
    filledQty: numeric('filled_qty', { precision: 20, scale: 4 }).notNull().default('0'),
    avgFillPrice: numeric('avg_fill_price', { precision: 18, scale: 8 }),
    reason: text('reason'),
    /** The instrument's cumulative volume when the order was last matched (partial fills follow volume). */
    lastVolume: bigint('last_volume', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('paper_orders_tag_idx').on(t.accountId, t.tag),
    index('paper_orders_open_idx')
      .on(t.accountId)
      .where(sql`${t.status} in ('open', 'partially_filled')`),
    // The look over every account (accountsToPoll): each working instrument once, and the limits a
    // price meets, found without reading the orders resting away from the market.
    index('paper_orders_open_price_idx')
      .on(t.symbol, t.side, t.limitPrice)
      .where(sql`${t.status} in ('open', 'partially_filled')`),
    // ...and the working orders every look reads: market orders, and those holding a volume baseline.
    index('paper_orders_open_looked_idx')
      .on(t.symbol)
      .where(
        sql`${t.status} in ('open', 'partially_filled') and (${t.type} = 'market' or ${t.lastVolume} is not null)`,
      ),
  ],
);

/** Each fill of a paper order: positions and closed-position gain/loss are computed from them. */
export const paperFills = pgTable(
  'paper_fills',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => paperOrders.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => paperAccounts.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    qty: numeric('qty', { precision: 20, scale: 4 }).notNull(),
    price: numeric('price', { precision: 18, scale: 8 }).notNull(),
    /** qty × price × multiplier, exact. */
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('paper_fills_account_idx').on(t.accountId, t.symbol)],
);

/** What a paper account holds, per symbol: quantity and what it cost. */
export const paperPositions = pgTable(
  'paper_positions',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => paperAccounts.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    multiplier: integer('multiplier').notNull().default(1),
    qty: numeric('qty', { precision: 20, scale: 4 }).notNull(),
    cost: numeric('cost', { precision: 20, scale: 2 }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.symbol] })],
);
