import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Background jobs that ended in failure and will not be tried again: a non-retryable error (a bad
 * row, a refused request) at its first attempt, or a retryable one after the queue's last retry.
 * One row per job; its reason is the error's code and message.
 */
export const jobFailures = pgTable(
  'job_failures',
  {
    id: serial('id').primaryKey(),
    queue: text('queue').notNull(),
    /** pg-boss's job id. */
    jobId: text('job_id').notNull(),
    data: jsonb('data').notNull(),
    /** The domain or provider error code, or ERROR for an unexpected error. */
    code: text('code').notNull(),
    reason: text('reason').notNull(),
    retryable: boolean('retryable').notNull(),
    attempts: integer('attempts').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('job_failures_job_idx').on(t.queue, t.jobId)],
);
