import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { alerts } from '../../../db/schema/index';
import type { AlertRecord } from '../events/alert-events';

export type NewAlertRow = typeof alerts.$inferInsert;

/** Storing new alerts, idempotent by (publisher, the publisher's own id). */
export function publishRepo(db: Db) {
  return {
    /** The alert a publisher already sent with this id, if any. */
    async byExternalId(publisherId: number, externalId: string): Promise<AlertRecord | undefined> {
      const [row] = await db
        .select()
        .from(alerts)
        .where(and(eq(alerts.publisherId, publisherId), eq(alerts.externalId, externalId)));
      return row;
    },

    /** Inserts the alert; undefined when the same (publisher, id) was stored first by another request. */
    async insert(row: NewAlertRow): Promise<AlertRecord | undefined> {
      const [inserted] = await db
        .insert(alerts)
        .values(row)
        .onConflictDoNothing({ target: [alerts.publisherId, alerts.externalId] })
        .returning();
      return inserted;
    },
  };
}
export type PublishRepo = ReturnType<typeof publishRepo>;
