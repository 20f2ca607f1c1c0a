import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { alertPublishers, alerts } from '../../../db/schema/index';

/** The analysts' tools allowed to publish (alert_publishers). */
export function publishersRepo(db: Db) {
  return {
    /** The live (not revoked) publisher with this key hash. */
    async byKeyHash(keyHash: string): Promise<{ id: number; name: string } | undefined> {
      const [row] = await db
        .select({ id: alertPublishers.id, name: alertPublishers.name })
        .from(alertPublishers)
        .where(and(eq(alertPublishers.keyHash, keyHash), isNull(alertPublishers.revokedAt)));
      return row;
    },

    async insert(row: typeof alertPublishers.$inferInsert): Promise<number> {
      const [inserted] = await db.insert(alertPublishers).values(row).returning({ id: alertPublishers.id });
      return inserted!.id;
    },

    /** Every publisher with the number of alerts it published, by id. */
    list: () =>
      db
        .select({
          id: alertPublishers.id,
          name: alertPublishers.name,
          keyPrefix: alertPublishers.keyPrefix,
          createdAt: alertPublishers.createdAt,
          revokedAt: alertPublishers.revokedAt,
          alerts: count(alerts.id),
        })
        .from(alertPublishers)
        .leftJoin(alerts, eq(alerts.publisherId, alertPublishers.id))
        .groupBy(alertPublishers.id)
        .orderBy(asc(alertPublishers.id)),

    async nameOf(id: number): Promise<string | undefined> {
      const [row] = await db
        .select({ name: alertPublishers.name })
        .from(alertPublishers)
        .where(eq(alertPublishers.id, id));
      return row?.name;
    },

    /** Revokes the key; revoking twice keeps the first time. */
    async revoke(id: number, at: Date): Promise<void> {
      await db
        .update(alertPublishers)
        .set({ revokedAt: at })
        .where(and(eq(alertPublishers.id, id), isNull(alertPublishers.revokedAt)));
    },

    /**
     * The publisher called `name`, made with `make()`'s row when there is none; one at a time per
     * name across every node (a transaction-scoped advisory lock).
     */
    async ensureNamed(
      name: string,
      make: () => typeof alertPublishers.$inferInsert,
    ): Promise<{ id: number; name: string; revoked: boolean }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`alert_publishers:${name}`}))`);
        const [found] = await tx
          .select({
            id: alertPublishers.id,
            name: alertPublishers.name,
            revoked: sql<boolean>`${alertPublishers.revokedAt} is not null`,
          })
          .from(alertPublishers)
          .where(eq(alertPublishers.name, name))
          .orderBy(asc(alertPublishers.id))
          .limit(1);
        if (found) return found;
        const [row] = await tx.insert(alertPublishers).values(make()).returning({ id: alertPublishers.id });
        return { id: row!.id, name, revoked: false };
      });
    },
  };
}
export type PublishersRepo = ReturnType<typeof publishersRepo>;
