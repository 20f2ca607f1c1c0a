/**
 * The queries of orders by hand (by-hand.ts): recorded in trade_intents with no trade, settled,
 * given up, and the account's holder told. Part of the runner's repository (runner.repo.ts).
 */
import { and, asc, eq, gte, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { brokerAccounts, tradeIntents, tradeOrders, type ByHandIntent } from '../../../db/schema/index';
import { isUniqueViolation } from '../../users';

export function byHandRepo(db: Db) {
  return {
    /**
     * Records an order by hand before it is sent (PENDING); undefined when another order by hand
     * of the same account and instrument is still unanswered (the unique index: an atomic claim).
     */
    async recordByHand(row: {
      broker: string;
      accountId: string;
      userId: number;
      instrument: string;
      intent: ByHandIntent;
      at: Date;
    }): Promise<number | undefined> {
      try {
        const [r] = await db
          .insert(tradeIntents)
          .values({
            tradeId: null,
            clientOrderId: row.intent.clientOrderId,
            kind: row.intent.type,
            intent: row.intent,
            broker: row.broker,
            accountId: row.accountId,
            userId: row.userId,
            instrument: row.instrument,
            createdAt: row.at,
          })
          .returning({ id: tradeIntents.id });
        return r!.id;
      } catch (err) {
        if (isUniqueViolation(err)) return undefined;
        throw err;
      }
    },

    /** An order by hand settled: SENT (with the broker's id), FAILED (with why) or UNKNOWN; only while PENDING. */
    async settleByHand(
      intentId: number,
      outcome: { state: 'SENT' | 'FAILED' | 'UNKNOWN'; brokerOrderId?: string | null; error?: string | null },
    ): Promise<boolean> {
      const done = await db
        .update(tradeIntents)
        .set({
          state: outcome.state,
          brokerOrderId: outcome.brokerOrderId ?? null,
          error: outcome.error ?? null,
          unknown: false,
        })
        .where(and(eq(tradeIntents.id, intentId), eq(tradeIntents.state, 'PENDING')))
        .returning({ id: tradeIntents.id });
      return done.length > 0;
    },

    /** Orders by hand still unanswered, made between `after` and `before`, oldest first. */
    async byHandUnanswered(before: Date, after: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: tradeIntents.id })
        .from(tradeIntents)
        .where(
          and(
            isNull(tradeIntents.tradeId),
            eq(tradeIntents.state, 'PENDING'),
            lt(tradeIntents.createdAt, before),
            gte(tradeIntents.createdAt, after),
          ),
        )
        .orderBy(asc(tradeIntents.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Orders by hand unanswered since before `before` cannot be told either way: UNKNOWN, with `reason`. */
    async giveUpByHand(before: Date, reason: string): Promise<number> {
      const rows = await db
        .update(tradeIntents)
        .set({ state: 'UNKNOWN', error: reason, unknown: false })
        .where(and(isNull(tradeIntents.tradeId), eq(tradeIntents.state, 'PENDING'), lt(tradeIntents.createdAt, before)))
        .returning({ id: tradeIntents.id });
      return rows.length;
    },

    /** Who holds an account (told of its orders' changes). */
    accountOwner: async (accountId: string): Promise<number | undefined> =>
      (
        await db
          .select({ userId: brokerAccounts.userId })
          .from(brokerAccounts)
          .where(eq(brokerAccounts.accountId, accountId))
          .limit(1)
      )[0]?.userId,

    /**
     * A smart trade's order was changed or cancelled by hand at `at`: its row says it changed (the
     * watch loop asks its account at once), and when it came back under a new id (Alpaca replaces
     * an order), the trade's later cancels and changes go to that one.
     */
    async touchTradeOrder(
      clientOrderId: string,
      broker: string,
      at: Date,
      brokerOrderId: string | null,
    ): Promise<void> {
      await db
        .update(tradeOrders)
        .set({ updatedAt: at, ...(brokerOrderId ? { brokerOrderId } : {}) })
        .where(and(eq(tradeOrders.clientOrderId, clientOrderId), eq(tradeOrders.broker, broker)));
    },
  };
}
