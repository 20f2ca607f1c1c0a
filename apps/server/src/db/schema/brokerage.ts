import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A trader's brokerage connection (2-trading §2.7, §4): which broker they authorized, its access
 * token sealed at rest (core/sealed.ts; null for the simulated brokerage, which needs none), when
 * it expires, and the account live trades go to. One per user: authorizing another broker replaces
 * it; deauthorizing deletes it (the accounts go with it).
 */
export const brokerConnections = pgTable('broker_connections', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  broker: text('broker', { enum: ['paper', 'tradier', 'alpaca'] }).notNull(),
  accessToken: text('access_token'),
  refreshToken: text('refresh_token'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  currentAccount: text('current_account'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The accounts of a connection, as the broker listed them at the last sync. */
export const brokerAccounts = pgTable(
  'broker_accounts',
  {
    id: serial('id').primaryKey(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => brokerConnections.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    broker: text('broker', { enum: ['paper', 'tradier', 'alpaca'] }).notNull(),
    accountId: text('account_id').notNull(),
    accountType: text('account_type', { enum: ['CASH', 'MARGIN', 'PDT'] }),
    status: text('status'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('broker_accounts_account_idx').on(t.broker, t.accountId),
    index('broker_accounts_user_idx').on(t.userId),
  ],
);

/** An authorization started from Broker Settings: the state sent to the broker, checked on the way back (10 minutes). */
export const brokerAuthStates = pgTable('broker_auth_states', {
  /** sha256 of the state sent (the state itself is not kept). */
  stateHash: text('state_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  broker: text('broker', { enum: ['paper', 'tradier', 'alpaca'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
