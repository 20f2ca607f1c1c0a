import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AlertCategory, AlertTypeAdminDto } from '@drat/contracts';
import type { Db } from '../../../db/client';
import { alertCategories, alertTypes } from '../../../db/schema/index';

/** An alert type as the area's services name it. */
export interface AlertTypeRef {
  id: number;
  name: string;
  category: AlertCategory;
}

/** Every query about alert types: look-ups by id and name, and the super users' settings. */
export function alertTypesRepo(db: Db) {
  const refs = () =>
    db
      .select({ id: alertTypes.id, name: alertTypes.name, category: alertCategories.name })
      .from(alertTypes)
      .innerJoin(alertCategories, eq(alertCategories.id, alertTypes.categoryId));
  const asRef = (r: { id: number; name: string; category: string }): AlertTypeRef => ({
    id: r.id,
    name: r.name,
    category: r.category as AlertCategory,
  });
  const admin = () =>
    db
      .select({
        id: alertTypes.id,
        name: alertTypes.name,
        category: alertCategories.name,
        raw_note: alertTypes.rawNote,
        is_notification_enabled: alertTypes.isNotificationEnabled,
      })
      .from(alertTypes)
      .innerJoin(alertCategories, eq(alertCategories.id, alertTypes.categoryId));

  return {
    /** Every type, by id order. */
    async all(): Promise<AlertTypeRef[]> {
      return (await refs().orderBy(asc(alertTypes.id))).map(asRef);
    },

    /** The types of `ids` by id (unknown ids are left out). */
    async byIds(ids: number[]): Promise<Map<number, AlertTypeRef>> {
      if (ids.length === 0) return new Map();
      const rows = await refs().where(inArray(alertTypes.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, asRef(r)]));
    },

    /** The type called `name`, whatever its case. */
    async byName(name: string): Promise<AlertTypeRef | undefined> {
      const [row] = await refs().where(sql`upper(${alertTypes.name}) = ${name.toUpperCase()}`);
      return row ? asRef(row) : undefined;
    },

    /** Every type with its note and notification switch, in category order. */
    adminList: async (): Promise<AlertTypeAdminDto[]> =>
      (await admin().orderBy(asc(alertCategories.position), asc(alertTypes.id))) as AlertTypeAdminDto[],

    adminOne: async (id: number): Promise<AlertTypeAdminDto | undefined> =>
      ((await admin().where(eq(alertTypes.id, id))) as AlertTypeAdminDto[])[0],

    /** Changes a type's note and/or switch; false when there is no such type. */
    async update(id: number, set: { rawNote?: string; isNotificationEnabled?: boolean }): Promise<boolean> {
      const updated = await db
        .update(alertTypes)
        .set(set)
        .where(eq(alertTypes.id, id))
        .returning({ id: alertTypes.id });
      return updated.length > 0;
    },

    /** The notification switch of every type of a category, or of every type. */
    async setNotifications(category: AlertCategory | 'ALL', enabled: boolean): Promise<void> {
      if (category === 'ALL') {
        await db.update(alertTypes).set({ isNotificationEnabled: enabled });
        return;
      }
      const ids = db.select({ id: alertCategories.id }).from(alertCategories).where(eq(alertCategories.name, category));
      await db.update(alertTypes).set({ isNotificationEnabled: enabled }).where(inArray(alertTypes.categoryId, ids));
    },
  };
}
export type AlertTypesRepo = ReturnType<typeof alertTypesRepo>;
