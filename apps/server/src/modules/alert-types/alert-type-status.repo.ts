import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertCategories, alertTypeExemptions, alertTypes } from '../../db/schema/index';

export function alertTypeStatusRepo(db: Db) {
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
    typesByIds: (ids: number[]) =>
      db
        .select({ id: alertTypes.id, name: alertTypes.name, category: alertCategories.name })
        .from(alertTypes)
        .innerJoin(alertCategories, eq(alertCategories.id, alertTypes.categoryId))
        .where(inArray(alertTypes.id, ids))
        .orderBy(asc(alertCategories.position), asc(alertTypes.id)),
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
