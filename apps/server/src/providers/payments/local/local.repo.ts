/** Every query of the local payments provider: its sessions and the events it has still to deliver. */
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { localCheckoutSessions } from '../../../db/schema/index';

export type LocalSessionRow = typeof localCheckoutSessions.$inferSelect;

export function localPaymentsRepo(db: Db) {
  return {
    async create(row: typeof localCheckoutSessions.$inferInsert): Promise<void> {
      await db.insert(localCheckoutSessions).values(row);
    },
    async byId(id: string): Promise<LocalSessionRow | undefined> {
      return (await db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, id)))[0];
    },
    /** Marks an open, unexpired session paid with its event, once: false when another payment or the clock came first. */
    async pay(id: string, at: Date, email: string, event: unknown): Promise<boolean> {
      const rows = await db
        .update(localCheckoutSessions)
        .set({ status: 'complete', paidAt: at, email, event })
        .where(
          and(
            eq(localCheckoutSessions.id, id),
            eq(localCheckoutSessions.status, 'open'),
            sql`${localCheckoutSessions.expiresAt} > ${at}`,
          ),
        )
        .returning({ id: localCheckoutSessions.id });
      return rows.length === 1;
    },
    /** Expires an open session; answers its status afterwards. */
    async expire(id: string): Promise<'open' | 'complete' | 'expired' | undefined> {
      await db
        .update(localCheckoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(localCheckoutSessions.id, id), eq(localCheckoutSessions.status, 'open')));
      return (await this.byId(id))?.status;
    },
    async undelivered(paidBefore: Date): Promise<unknown[]> {
      const rows = await db
        .select({ event: localCheckoutSessions.event })
        .from(localCheckoutSessions)
        .where(
          and(
            isNotNull(localCheckoutSessions.event),
            isNull(localCheckoutSessions.deliveredAt),
            lt(localCheckoutSessions.paidAt, paidBefore),
          ),
        )
        .limit(100);
      return rows.map((r) => r.event);
    },
    async delivered(eventId: string, at: Date): Promise<void> {
      await db
        .update(localCheckoutSessions)
        .set({ deliveredAt: at })
        .where(sql`${localCheckoutSessions.event}->>'eventId' = ${eventId}`);
    },
  };
}
