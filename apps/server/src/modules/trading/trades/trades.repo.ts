/** Every query of the trade lists and look-ups (the runner's own writes are runner.repo.ts's). */
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { EngineTrade } from '@drat/engine';
import type { Db } from '../../../db/client';
import { alerts, profiles, tradeLogs, trades, users } from '../../../db/schema/index';

export type TradeRow = typeof trades.$inferSelect;
/** What a saved draft rewrites (the columns a new trade is inserted with). */
export type DraftRow = Pick<
  typeof trades.$inferInsert,
  'mode' | 'broker' | 'accountId' | 'ticker' | 'tradeType' | 'stockType' | 'strategy' | 'alertId' | 'notes' | 'input'
>;

/** A trade with its owner's e-mail and name (the admin lists). */
export type OwnedTradeRow = TradeRow & { email: string; name: string };

export function tradesRepo(db: Db) {
  const owned = () =>
    db
      .select({
        trade: trades,
        email: users.email,
        name: sql<string>`trim(${profiles.firstName} || ' ' || ${profiles.lastName})`,
      })
      .from(trades)
      .innerJoin(users, eq(users.id, trades.userId))
      .innerJoin(profiles, eq(profiles.userId, users.id));
  const flat = (rows: { trade: TradeRow; email: string; name: string }[]): OwnedTradeRow[] =>
    rows.map((r) => ({ ...r.trade, email: r.email, name: r.name }));
  return {
    /** Every user's placed trades (drafts are the traders' own), archived or not, one user's by e-mail; newest first. */
    async everyones(q: { archived: boolean; email?: string | undefined }): Promise<OwnedTradeRow[]> {
      return flat(
        await owned()
          .where(
            and(
              ne(trades.status, 'DRAFT'),
              eq(trades.archived, q.archived),
              q.email ? eq(sql`lower(${users.email})`, q.email.toLowerCase()) : undefined,
            ),
          )
          .orderBy(desc(trades.createdAt), desc(trades.id)),
      );
    },

    /** Any user's placed trade, with its owner. */
    async anyones(tradeId: number): Promise<OwnedTradeRow | undefined> {
      return flat(await owned().where(and(eq(trades.id, tradeId), ne(trades.status, 'DRAFT'))))[0];
    },

    /** The users with placed trades, by e-mail in byte order, with how many. */
    async owners(): Promise<{ email: string; trades: number }[]> {
      return db
        .select({ email: users.email, trades: count() })
        .from(trades)
        .innerJoin(users, eq(users.id, trades.userId))
        .where(ne(trades.status, 'DRAFT'))
        .groupBy(users.email)
        .orderBy(sql`${users.email} collate "C"`);
    },

    /** How many placed trades are in each status, by stock type. */
    async statusCounts(): Promise<{ stockType: string; status: TradeRow['status']; n: number }[]> {
      return db
        .select({ stockType: trades.stockType, status: trades.status, n: count() })
        .from(trades)
        .where(ne(trades.status, 'DRAFT'))
        .groupBy(trades.stockType, trades.status);
    },

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

    /** Whose trade this is (undefined: no such trade). */
    async ownerOf(tradeId: number): Promise<number | undefined> {
      const [row] = await db.select({ userId: trades.userId }).from(trades).where(eq(trades.id, tradeId));
      return row?.userId;
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
