/** Every query of the trade lists and look-ups (the runner's own writes are runner.repo.ts's). */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { EngineTrade } from '@drat/engine';
import type { Db } from '../../../db/client';
import { alerts, tradeLogs, trades } from '../../../db/schema/index';

export type TradeRow = typeof trades.$inferSelect;
/** What a saved draft rewrites (the columns a new trade is inserted with). */
export type DraftRow = Pick<
  typeof trades.$inferInsert,
  'mode' | 'broker' | 'accountId' | 'ticker' | 'tradeType' | 'stockType' | 'strategy' | 'alertId' | 'notes' | 'input'
>;

export function tradesRepo(db: Db) {
  return {
    /** The user's trades on one mode, newest first. */
    async listOf(userId: number, mode: 'DEMO' | 'LIVE', archived?: boolean): Promise<TradeRow[]> {
      const where = [eq(trades.userId, userId), eq(trades.mode, mode)];
      if (archived !== undefined) where.push(eq(trades.archived, archived));
      return db
        .select()
        .from(trades)
        .where(and(...where))
        .orderBy(desc(trades.createdAt), desc(trades.id));
    },

    /** A trade of this user, or undefined (someone else's trade is as good as absent). */
    async ownedBy(userId: number, tradeId: number): Promise<TradeRow | undefined> {
      const [row] = await db
        .select()
        .from(trades)
        .where(and(eq(trades.id, tradeId), eq(trades.userId, userId)));
      return row;
    },

    /** The user's running trades on one mode (a demo reset ends them). */
    async runningOf(userId: number, mode: 'DEMO' | 'LIVE'): Promise<number[]> {
      const rows = await db
        .select({ id: trades.id })
        .from(trades)
        .where(and(eq(trades.userId, userId), eq(trades.mode, mode), inArray(trades.status, ['PENDING', 'OPEN'])));
      return rows.map((r) => r.id);
    },

    /** Deletes a draft of this user (a placed trade is never deleted: it has orders and a log). */
    async deleteDraft(userId: number, tradeId: number): Promise<void> {
      await db.delete(trades).where(and(eq(trades.id, tradeId), eq(trades.userId, userId), eq(trades.status, 'DRAFT')));
    },

    /** Rewrites a draft with what the trader saved again. */
    async rewriteDraft(tradeId: number, row: DraftRow, state: EngineTrade, at: Date): Promise<void> {
      await db
        .update(trades)
        .set({ ...row, state, updatedAt: at })
        .where(and(eq(trades.id, tradeId), eq(trades.status, 'DRAFT')));
    },

    async setArchived(tradeId: number, archived: boolean): Promise<void> {
      await db.update(trades).set({ archived }).where(eq(trades.id, tradeId));
    },

    async logs(tradeId: number): Promise<{ text: string; createdAt: Date }[]> {
      return db
        .select({ text: tradeLogs.text, createdAt: tradeLogs.createdAt })
        .from(tradeLogs)
        .where(eq(tradeLogs.tradeId, tradeId))
        .orderBy(asc(tradeLogs.id));
    },

    /** Whether the alert exists (soft-deleted ones too): a trade made from an alert names a real one. */
    async alertExists(alertId: number): Promise<boolean> {
      const [row] = await db.select({ id: alerts.id }).from(alerts).where(eq(alerts.id, alertId));
      return row !== undefined;
    },
  };
}
export type TradesRepo = ReturnType<typeof tradesRepo>;
