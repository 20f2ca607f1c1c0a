import { and, desc, eq, inArray } from 'drizzle-orm';
import { DIONE_HISTORY_LIMIT } from '@drat/contracts';
import type { Db } from '../../../db/client';
import { dioneHistory, dioneTrackers } from '../../../db/schema/index';
import { spendCredit } from '../credits.repo';

export type { StoredDioneView } from '../../../db/schema/index';
export type DioneHistoryRow = typeof dioneHistory.$inferSelect;
export type DioneTrackerRow = typeof dioneTrackers.$inferSelect;
export type NewDioneHistory = typeof dioneHistory.$inferInsert;
export type NewDioneTracker = Omit<typeof dioneTrackers.$inferInsert, 'id' | 'createdAt'>;
export interface TrackedTerms {
  short: boolean;
  long: boolean;
}

/** A foreign key violation (SQLSTATE 23503), found through drizzle's wrapping `cause` chain. */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/** A user's trackers listed at most (newest first); far above what a person tracks by hand. */
export const DIONE_TRACKERS_MAX = 500;

export function dioneRepo(db: Db) {
  async function trackedOf(userId: number, historyIds: number[]): Promise<Map<number, TrackedTerms>> {
    const out = new Map<number, TrackedTerms>();
    if (historyIds.length === 0) return out;
    const rows = await db
      .select({ historyId: dioneTrackers.historyId, type: dioneTrackers.dioneType })
      .from(dioneTrackers)
      .where(and(eq(dioneTrackers.userId, userId), inArray(dioneTrackers.historyId, historyIds)));
    for (const r of rows) {
      if (r.historyId === null) continue;
      const t = out.get(r.historyId) ?? { short: false, long: false };
      if (r.type === 'SHORT') t.short = true;
      else t.long = true;
      out.set(r.historyId, t);
    }
    return out;
  }

  return {
    /**
     * Charges one Dione credit and records the search in one transaction: with no credit left
     * nothing is written and null comes back.
     */
    saveSearch(row: NewDioneHistory): Promise<{ entry: DioneHistoryRow; credits: number } | null> {
      return db.transaction(async (tx) => {
        const credits = await spendCredit(tx, row.userId, 'dione');
        if (credits === null) return null;
        const [entry] = await tx.insert(dioneHistory).values(row).returning();
        return { entry: entry!, credits };
      });
    },

    /** Newest first, with which terms are tracked. */
    async history(userId: number): Promise<{ row: DioneHistoryRow; tracked: TrackedTerms }[]> {
      const rows = await db
        .select()
        .from(dioneHistory)
        .where(eq(dioneHistory.userId, userId))
        .orderBy(desc(dioneHistory.queriedAt), desc(dioneHistory.id))
        .limit(DIONE_HISTORY_LIMIT);
      const tracked = await trackedOf(
        userId,
        rows.map((r) => r.id),
      );
      return rows.map((row) => ({ row, tracked: tracked.get(row.id) ?? { short: false, long: false } }));
    },

    async historyEntry(userId: number, id: number): Promise<DioneHistoryRow | undefined> {
      const [row] = await db
        .select()
        .from(dioneHistory)
        .where(and(eq(dioneHistory.userId, userId), eq(dioneHistory.id, id)));
      return row;
    },

    /** Clears the user's searches; their trackers stay (they lose the link to the search). */
    async clearHistory(userId: number): Promise<number> {
      const gone = await db
        .delete(dioneHistory)
        .where(eq(dioneHistory.userId, userId))
        .returning({ id: dioneHistory.id });
      return gone.length;
    },

    /**
     * Adds the tracker, or returns the one that already follows this term of this search; undefined
     * when the search was cleared meanwhile.
     */
    async track(t: NewDioneTracker): Promise<DioneTrackerRow | undefined> {
      let added: DioneTrackerRow | undefined;
      try {
        [added] = await db.insert(dioneTrackers).values(t).onConflictDoNothing().returning();
      } catch (err) {
        if (isForeignKeyViolation(err)) return undefined;
        throw err;
      }
      if (added) return added;
      const [existing] = await db
        .select()
        .from(dioneTrackers)
        .where(
          and(
            eq(dioneTrackers.userId, t.userId),
            eq(dioneTrackers.historyId, t.historyId!),
            eq(dioneTrackers.dioneType, t.dioneType),
          ),
        );
      return existing;
    },

    trackers(userId: number): Promise<DioneTrackerRow[]> {
      return db
        .select()
        .from(dioneTrackers)
        .where(eq(dioneTrackers.userId, userId))
        .orderBy(desc(dioneTrackers.createdAt), desc(dioneTrackers.id))
        .limit(DIONE_TRACKERS_MAX);
    },

    async removeTracker(userId: number, id: number): Promise<boolean> {
      const gone = await db
        .delete(dioneTrackers)
        .where(and(eq(dioneTrackers.userId, userId), eq(dioneTrackers.id, id)))
        .returning({ id: dioneTrackers.id });
      return gone.length > 0;
    },

    async clearTrackers(userId: number): Promise<number> {
      const gone = await db
        .delete(dioneTrackers)
        .where(eq(dioneTrackers.userId, userId))
        .returning({ id: dioneTrackers.id });
      return gone.length;
    },
  };
}
export type DioneRepo = ReturnType<typeof dioneRepo>;
