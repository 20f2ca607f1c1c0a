import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema/index';

export function outboxRepo(db: Db) {
  return {
    async add(row: typeof outbox.$inferInsert) {
      const [created] = await db.insert(outbox).values(row).returning({ id: outbox.id });
      return created!.id;
    },
    get: async (id: number) => (await db.select().from(outbox).where(eq(outbox.id, id)))[0],
    markSent: (id: number, provider: string) =>
      db
        .update(outbox)
        .set({ status: 'SUCCESS', sentAt: new Date(), provider, attempts: sql`${outbox.attempts} + 1` })
        .where(eq(outbox.id, id)),
    markFailed: (id: number, provider: string, error: string, final: boolean) =>
      db
        .update(outbox)
        .set({ status: final ? 'FAILED' : 'PENDING', lastError: error, provider, attempts: sql`${outbox.attempts} + 1` })
        .where(eq(outbox.id, id)),
    latest: (limit: number) => db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit),
  };
}
