import { and, asc, desc, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ResourceAccess } from '@drat/contracts';
import type { Db } from '../../db/client';
import { alertCategories, alertTypes, resourceAlertTypes, resources } from '../../db/schema/index';

export type ResourceRow = typeof resources.$inferSelect;
export type NewResource = Omit<typeof resources.$inferInsert, 'id' | 'createdAt'>;
export interface ResourceWithTypes extends ResourceRow {
  alertTypes: { id: number; name: string }[];
}

/** Who is asking: super users see everything; others what their categories and alert types give. */
export type Audience = { all: true } | { all: false; categories: string[]; alertTypeIds: number[] };

/** Resources given to one of these alert types. */
const givenToTypes = (db: Db, ids: number[]) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(resourceAlertTypes)
      .where(and(eq(resourceAlertTypes.resourceId, resources.id), inArray(resourceAlertTypes.alertTypeId, ids))),
  );

export function resourcesRepo(db: Db) {
  /** Rows matching `where`, newest first, each with the alert types it is given to. */
  async function withTypes(where: SQL | undefined): Promise<ResourceWithTypes[]> {
    const rows = await db.select().from(resources).where(where).orderBy(desc(resources.createdAt), desc(resources.id));
    if (rows.length === 0) return [];
    const links = await db
      .select({ resourceId: resourceAlertTypes.resourceId, id: alertTypes.id, name: alertTypes.name })
      .from(resourceAlertTypes)
      .innerJoin(alertTypes, eq(alertTypes.id, resourceAlertTypes.alertTypeId))
      .where(
        inArray(
          resourceAlertTypes.resourceId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(alertTypes.id));
    const byResource = new Map<number, { id: number; name: string }[]>();
    for (const l of links) {
      const list = byResource.get(l.resourceId) ?? [];
      list.push({ id: l.id, name: l.name });
      byResource.set(l.resourceId, list);
    }
    return rows.map((r) => ({ ...r, alertTypes: byResource.get(r.id) ?? [] }));
  }

  /**
   * What an audience sees: category-level resources of its categories, ALL for everyone, ADMIN for
   * super users only, and resources given to one of its alert types. Undefined: everything.
   */
  function seenBy(audience: Audience): SQL | undefined {
    if (audience.all) return undefined;
    const categories = audience.categories.filter((c): c is ResourceAccess => c !== 'ADMIN' && c !== 'ALL');
    const conditions: SQL[] = [eq(resources.access, 'ALL')];
    if (categories.length > 0) conditions.push(inArray(resources.access, categories));
    if (audience.alertTypeIds.length > 0) conditions.push(givenToTypes(db, audience.alertTypeIds));
    return or(...conditions);
  }

  return {
    /** The library for an audience (`seenBy`). */
    visibleTo: (audience: Audience) => withTypes(seenBy(audience)),

    /** One resource, when the audience may see it. */
    async visibleById(id: number, audience: Audience): Promise<ResourceWithTypes | null> {
      const [row] = await withTypes(and(eq(resources.id, id), seenBy(audience)));
      return row ?? null;
    },

    /** The resource a stored file (its file or its thumbnail) belongs to, and whether the audience may see it. */
    async ownerOfFile(key: string, audience: Audience): Promise<{ id: number; visible: boolean } | null> {
      const seen = seenBy(audience);
      const [row] = await db
        .select({ id: resources.id, visible: seen ? sql<boolean>`coalesce(${seen}, false)` : sql<boolean>`true` })
        .from(resources)
        .where(or(eq(resources.fileKey, key), eq(resources.thumbnailKey, key)))
        .limit(1);
      return row ?? null;
    },

    /** Resources of one alert type: given to it, or to its whole category. */
    forAlertType(alertTypeId: number, category: string) {
      const conditions: SQL[] = [givenToTypes(db, [alertTypeId])];
      if (category !== 'ALL' && category !== 'ADMIN') conditions.push(eq(resources.access, category as ResourceAccess));
      return withTypes(or(...conditions));
    },

    async alertType(id: number): Promise<{ id: number; name: string; category: string } | null> {
      const [row] = await db
        .select({ id: alertTypes.id, name: alertTypes.name, category: alertCategories.name })
        .from(alertTypes)
        .innerJoin(alertCategories, eq(alertCategories.id, alertTypes.categoryId))
        .where(eq(alertTypes.id, id));
      return row ?? null;
    },

    async existingAlertTypeIds(ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.select({ id: alertTypes.id }).from(alertTypes).where(inArray(alertTypes.id, ids));
      return new Set(rows.map((r) => r.id));
    },

    async byId(id: number): Promise<ResourceWithTypes | null> {
      const [row] = await withTypes(eq(resources.id, id));
      return row ?? null;
    },

    /** The resource and its alert types, in one transaction. */
    async insert(resource: NewResource, alertTypeIds: number[]): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(resources).values(resource).returning({ id: resources.id });
        const id = row!.id;
        if (alertTypeIds.length > 0) {
          await tx
            .insert(resourceAlertTypes)
            .values(alertTypeIds.map((alertTypeId) => ({ resourceId: id, alertTypeId })));
        }
        return id;
      });
    },

    /** Deletes the row (its alert-type links go with it) and answers it, or null when there was none. */
    async remove(id: number): Promise<ResourceRow | null> {
      const [row] = await db.delete(resources).where(eq(resources.id, id)).returning();
      return row ?? null;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(resources);
      return row?.n ?? 0;
    },
  };
}
export type ResourcesRepo = ReturnType<typeof resourcesRepo>;
