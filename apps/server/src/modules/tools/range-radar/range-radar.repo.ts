import { desc, eq } from 'drizzle-orm';
import { TRADE_IDEAS_HISTORY_LIMIT } from '@drat/contracts';
import type { Db } from '../../../db/client';
import { tradeIdeasHistory } from '../../../db/schema/index';
import { spendCredit } from '../credits.repo';

export type { StoredLevel, StoredRangeRadarView } from '../../../db/schema/index';
export type TradeIdeasRow = typeof tradeIdeasHistory.$inferSelect;

export type NewTradeIdeas = typeof tradeIdeasHistory.$inferInsert;

export function rangeRadarRepo(db: Db) {
  return {
    /** Charges one trade-ideas credit and records the search in one transaction; null with no credit left. */
    saveSearch(row: NewTradeIdeas): Promise<{ entry: TradeIdeasRow; credits: number } | null> {
      return db.transaction(async (tx) => {
        const credits = await spendCredit(tx, row.userId, 'tradeIdeas');
        if (credits === null) return null;
        const [entry] = await tx.insert(tradeIdeasHistory).values(row).returning();
        return { entry: entry!, credits };
      });
    },

    history(userId: number): Promise<TradeIdeasRow[]> {
      return db
        .select()
        .from(tradeIdeasHistory)
        .where(eq(tradeIdeasHistory.userId, userId))
        .orderBy(desc(tradeIdeasHistory.queriedAt), desc(tradeIdeasHistory.id))
        .limit(TRADE_IDEAS_HISTORY_LIMIT);
    },

    async clear(userId: number): Promise<number> {
      const gone = await db
        .delete(tradeIdeasHistory)
        .where(eq(tradeIdeasHistory.userId, userId))
        .returning({ id: tradeIdeasHistory.id });
      return gone.length;
    },
  };
}
export type RangeRadarRepo = ReturnType<typeof rangeRadarRepo>;
