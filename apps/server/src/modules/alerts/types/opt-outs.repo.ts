import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { alertTypeExemptions } from '../../../db/schema/index';

/** Each user's alert types switched off for new-alert notifications (alert_type_exemptions). */
export function optOutsRepo(db: Db) {
  return {
    exemptedIds: async (userId: number) =>
      new Set(
        (
          await db
            .select({ id: alertTypeExemptions.alertTypeId })
            .from(alertTypeExemptions)
            .where(eq(alertTypeExemptions.userId, userId))
        ).map((r) => r.id),
      ),
    async setExemptions(userId: number, exempt: number[], include: number[]) {
      await db.transaction(async (tx) => {
        if (include.length > 0) {
          await tx
            .delete(alertTypeExemptions)
            .where(and(eq(alertTypeExemptions.userId, userId), inArray(alertTypeExemptions.alertTypeId, include)));
        }
        if (exempt.length > 0) {
          await tx
            .insert(alertTypeExemptions)
            .values(exempt.map((alertTypeId) => ({ userId, alertTypeId })))
            .onConflictDoNothing();
        }
      });
    },
  };
}
export type OptOutsRepo = ReturnType<typeof optOutsRepo>;
