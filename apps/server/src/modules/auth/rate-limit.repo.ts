import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Fixed-window attempt counters in PostgreSQL (rate_limits), so every server node shares them. */
export function rateLimitRepo(db: Db) {
  return {
    /** Counts one attempt on `key` in the window starting at `windowStart`; answers the window's count. */
    async hit(key: string, windowStart: Date): Promise<number> {
      const result = await db.execute<{ hits: number }>(sql`
        insert into rate_limits (key, window_start, hits) values (${key}, ${windowStart.toISOString()}, 1)
        on conflict (key) do update set
          hits = case when rate_limits.window_start = excluded.window_start then rate_limits.hits + 1 else 1 end,
          window_start = excluded.window_start
        returning hits`);
      return Number(result.rows[0]?.hits ?? 0);
    },
    /** The count and the start of `key`'s window (for a backoff: its failures and the last one's time). */
    async get(key: string): Promise<{ hits: number; windowStart: Date } | undefined> {
      const result = await db.execute<{ hits: number; window_start: Date | string }>(
        sql`select hits, window_start from rate_limits where key = ${key}`,
      );
      const row = result.rows[0];
      return row ? { hits: Number(row.hits), windowStart: new Date(row.window_start) } : undefined;
    },
    /** One more failure of `key` at `at`; a count whose last failure is before `forgetBefore` starts again. */
    async recordFailure(key: string, at: Date, forgetBefore: Date): Promise<void> {
      await db.execute(sql`
        insert into rate_limits (key, window_start, hits) values (${key}, ${at.toISOString()}, 1)
        on conflict (key) do update set
          hits = case when rate_limits.window_start < ${forgetBefore.toISOString()} then 1 else rate_limits.hits + 1 end,
          window_start = excluded.window_start`);
    },
    /** Runs `fn` holding an advisory lock named by `key` for a transaction's life; null when another holds it. */
    async whileHeld<T>(key: string, fn: () => Promise<T>): Promise<T | null> {
      return db.transaction(async (tx) => {
        const result = await tx.execute<{ held: boolean }>(
          sql`select pg_try_advisory_xact_lock(hashtext(${key})) as held`,
        );
        return result.rows[0]?.held ? fn() : null;
      });
    },

    async clear(key: string): Promise<void> {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}
export type RateLimitRepo = ReturnType<typeof rateLimitRepo>;
