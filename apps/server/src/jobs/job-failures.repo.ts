import { desc, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobFailures } from '../db/schema/index';

export interface JobFailure {
  queue: string;
  jobId: string;
  data: unknown;
  code: string;
  reason: string;
  retryable: boolean;
  attempts: number;
}

/** Jobs that failed for good (jobs/queue.ts records them). */
export function jobFailuresRepo(db: Db) {
  return {
    /** Records a final failure; the same job recorded again keeps one row, with the latest reason. */
    async record(f: JobFailure): Promise<void> {
      await db
        .insert(jobFailures)
        .values({ ...f, data: f.data ?? {} })
        .onConflictDoUpdate({
          target: [jobFailures.queue, jobFailures.jobId],
          set: {
            code: f.code,
            reason: f.reason,
            retryable: f.retryable,
            attempts: f.attempts,
            failedAt: sql`now()`,
          },
        });
    },
    /** The newest failures, newest first. */
    async latest(limit = 100): Promise<(typeof jobFailures.$inferSelect)[]> {
      return db.select().from(jobFailures).orderBy(desc(jobFailures.id)).limit(limit);
    },
  };
}
export type JobFailuresRepo = ReturnType<typeof jobFailuresRepo>;
