import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runnerOf, type Tx } from '../../db/transaction';
import { outbox } from '../../db/schema/index';

export type OutboxRow = typeof outbox.$inferSelect;

export function outboxRepo(db: Db) {
  return {
    async add(row: typeof outbox.$inferInsert) {
      const [created] = await db.insert(outbox).values(row).returning({ id: outbox.id });
      return created!.id;
    },
    /** Several messages at once, inside the transaction `tx` when given. */
    addMany: (rows: (typeof outbox.$inferInsert)[], tx?: Tx) =>
      rows.length === 0
        ? Promise.resolve([])
        : runnerOf(db, tx)
            .insert(outbox)
            .values(rows)
            .returning({ id: outbox.id, channel: outbox.channel, recipient: outbox.recipient }),
    get: async (id: number) => (await db.select().from(outbox).where(eq(outbox.id, id)))[0],
    markSent: (id: number, provider: string, at: Date) =>
      db
        .update(outbox)
        .set({ status: 'SUCCESS', sentAt: at, lastAttemptAt: at, provider, attempts: sql`${outbox.attempts} + 1` })
        .where(eq(outbox.id, id)),
    markFailed: (id: number, provider: string, error: string, final: boolean, at: Date) =>
      db
        .update(outbox)
        .set({
          status: final ? 'FAILED' : 'PENDING',
          lastError: error,
          provider,
          lastAttemptAt: at,
          attempts: sql`${outbox.attempts} + 1`,
        })
        .where(eq(outbox.id, id)),
    latest: (limit: number, recipient?: string) =>
      db
        .select()
        .from(outbox)
        .where(recipient ? eq(outbox.recipient, recipient) : undefined)
        .orderBy(desc(outbox.id))
        .limit(limit),
    /** Messages never tried and older than `before`: their delivery job may have been lost. */
    untried: (before: Date, limit: number) =>
      db
        .select({ id: outbox.id, channel: outbox.channel })
        .from(outbox)
        .where(and(eq(outbox.status, 'PENDING'), eq(outbox.attempts, 0), lt(outbox.createdAt, before)))
        .orderBy(asc(outbox.id))
        .limit(limit),
    /**
     * Messages tried, still PENDING, and last tried before `before`: their retries stopped (the job
     * ran out or its process died). Marked FAILED with the reason; answers what it marked.
     */
    async failAbandoned(before: Date, reason: (lastError: string | null, attempts: number) => string, limit: number) {
      const stuck = await db
        .select({ id: outbox.id, channel: outbox.channel, lastError: outbox.lastError, attempts: outbox.attempts })
        .from(outbox)
        .where(and(eq(outbox.status, 'PENDING'), gt(outbox.attempts, 0), lt(outbox.lastAttemptAt, before)))
        .orderBy(asc(outbox.id))
        .limit(limit);
      for (const row of stuck) {
        await db
          .update(outbox)
          .set({ status: 'FAILED', lastError: reason(row.lastError, row.attempts) })
          .where(and(eq(outbox.id, row.id), eq(outbox.status, 'PENDING')));
      }
      return stuck.map((r) => ({ id: r.id, channel: r.channel }));
    },
    /** Messages that failed for good, newest first (what super users look at). */
    failed: (limit: number) =>
      db.select().from(outbox).where(eq(outbox.status, 'FAILED')).orderBy(desc(outbox.id)).limit(limit),
    byIds: (ids: number[]) =>
      ids.length === 0 ? Promise.resolve([]) : db.select().from(outbox).where(inArray(outbox.id, ids)),
  };
}
export type OutboxRepo = ReturnType<typeof outboxRepo>;
