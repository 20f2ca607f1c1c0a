import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
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
    markSent: (id: number, provider: string) =>
      db
        .update(outbox)
        .set({ status: 'SUCCESS', sentAt: new Date(), provider, attempts: sql`${outbox.attempts} + 1` })
        .where(eq(outbox.id, id)),
    markFailed: (id: number, provider: string, error: string, final: boolean) =>
      db
        .update(outbox)
        .set({
          status: final ? 'FAILED' : 'PENDING',
          lastError: error,
          provider,
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
    byIds: (ids: number[]) =>
      ids.length === 0 ? Promise.resolve([]) : db.select().from(outbox).where(inArray(outbox.id, ids)),
  };
}
export type OutboxRepo = ReturnType<typeof outboxRepo>;
