import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { alertCategories, alerts, alertTrackers, alertTriggers, alertTypes } from '../../../db/schema/index';
import type { TrackerRow } from '../alert.dto';

/** A user's cap on listed trackers (the newest first); far above what a person tracks by hand. */
export const TRACKERS_MAX = 1000;

/** The latest trigger of the tracker's alert: its note, or when it came. */
const lastTrigger = (column: typeof alertTriggers.triggerNote | typeof alertTriggers.createdAt) =>
  sql`(select ${column} from ${alertTriggers} where ${alertTriggers.alertId} = ${alerts.id} order by ${alertTriggers.createdAt} desc, ${alertTriggers.id} desc limit 1)`;

export function trackersRepo(db: Db) {
  const list = (where: SQL) =>
    db
      .select({
        alert: alerts,
        typeName: alertTypes.name,
        category: alertCategories.name,
        trackerId: alertTrackers.id,
        trackedAt: alertTrackers.createdAt,
        lastNote: sql<string | null>`${lastTrigger(alertTriggers.triggerNote)}`,
        lastNoteAt: sql<Date | null>`${lastTrigger(alertTriggers.createdAt)}`.mapWith((v: string | Date | null) =>
          v === null ? null : new Date(v),
        ),
      })
      .from(alertTrackers)
      .innerJoin(alerts, and(eq(alerts.id, alertTrackers.alertId), isNull(alerts.deletedAt)))
      .innerJoin(alertTypes, eq(alertTypes.id, alerts.alertTypeId))
      .innerJoin(alertCategories, eq(alertCategories.id, alertTypes.categoryId))
      .where(where)
      .orderBy(desc(alertTrackers.createdAt), desc(alertTrackers.id));

  return {
    /** The user's trackers of live alerts of `typeIds`, most recently tracked first. */
    async list(userId: number, typeIds: number[]): Promise<TrackerRow[]> {
      if (typeIds.length === 0) return [];
      const rows = await list(and(eq(alertTrackers.userId, userId), inArray(alerts.alertTypeId, typeIds))!).limit(
        TRACKERS_MAX,
      );
      return rows.map((r) => ({ ...r, tracked: true }));
    },

    async one(userId: number, trackerId: number): Promise<TrackerRow | undefined> {
      const [row] = await list(and(eq(alertTrackers.userId, userId), eq(alertTrackers.id, trackerId))!).limit(1);
      return row ? { ...row, tracked: true } : undefined;
    },

    /** Tracks the alert (once: tracking again keeps the first tracker); returns the tracker id. */
    async add(userId: number, alertId: number): Promise<number> {
      const inserted = await db
        .insert(alertTrackers)
        .values({ userId, alertId })
        .onConflictDoNothing({ target: [alertTrackers.userId, alertTrackers.alertId] })
        .returning({ id: alertTrackers.id });
      if (inserted[0]) return inserted[0].id;
      const [existing] = await db
        .select({ id: alertTrackers.id })
        .from(alertTrackers)
        .where(and(eq(alertTrackers.userId, userId), eq(alertTrackers.alertId, alertId)));
      return existing!.id;
    },

    /** The alert id behind one of the user's trackers. */
    async alertIdOf(userId: number, trackerId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ alertId: alertTrackers.alertId })
        .from(alertTrackers)
        .where(and(eq(alertTrackers.userId, userId), eq(alertTrackers.id, trackerId)));
      return row?.alertId;
    },

    async remove(userId: number, trackerId: number): Promise<boolean> {
      const rows = await db
        .delete(alertTrackers)
        .where(and(eq(alertTrackers.userId, userId), eq(alertTrackers.id, trackerId)))
        .returning({ id: alertTrackers.id });
      return rows.length > 0;
    },

    /** Removes every alert tracker of the user; returns how many. */
    async reset(userId: number): Promise<number> {
      const rows = await db
        .delete(alertTrackers)
        .where(eq(alertTrackers.userId, userId))
        .returning({ id: alertTrackers.id });
      return rows.length;
    },
  };
}
export type TrackersRepo = ReturnType<typeof trackersRepo>;
