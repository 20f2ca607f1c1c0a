import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Idempotency keys of calls that honour them (POST /alerts/create/, the trades): the first request
 * with a key claims it (IN_PROGRESS, locked_at) and stores its answer (DONE); a repeat with the same
 * key replays that answer. A request that makes something records its id (`result_id`) in the same
 * transaction that makes it, so a retry after a crash answers with what was made; a claim whose
 * request died before making anything is taken over once its lock is stale. Rows older than a day
 * are purged.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The operation's operationId: a key belongs to one call. */
    operationId: text('operation_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request (method, path, query, body): the same key must come with the same request. */
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['IN_PROGRESS', 'DONE'] }).notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    /** What the request made (a trade's id), written in the transaction that made it. */
    resultId: integer('result_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the request now holding the key claimed it (a stale lock is taken over by a retry). */
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.operationId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
