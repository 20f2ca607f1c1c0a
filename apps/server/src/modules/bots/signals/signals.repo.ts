/** Every query of the signal webhooks and the signals they received. */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { botTrades, bots, signalHooks, signals, trades } from '../../../db/schema/index';

export type HookRow = typeof signalHooks.$inferSelect;
export type SignalRow = typeof signals.$inferSelect;
type Outcome = SignalRow['outcome'];

export function signalsRepo(db: Db) {
  return {
    /** The user's live webhook with its bot's name and its last signal's time. */
    async liveHook(userId: number): Promise<(HookRow & { botName: string; lastSignal: Date | null }) | undefined> {
      const [row] = await db
        .select({
          hook: signalHooks,
          botName: bots.name,
          lastSignal: sql<Date | null>`(select max(${signals.createdAt}) from ${signals} where ${signals.hookId} = ${signalHooks.id})`,
        })
        .from(signalHooks)
        .innerJoin(bots, eq(bots.id, signalHooks.botId))
        .where(and(eq(signalHooks.userId, userId), isNull(signalHooks.revokedAt)))
        .limit(1);
      if (!row) return undefined;
      const last = row.lastSignal === null ? null : new Date(row.lastSignal);
      return { ...row.hook, botName: row.botName, lastSignal: last };
    },

    async byKey(key: string): Promise<HookRow | undefined> {
      const [row] = await db.select().from(signalHooks).where(eq(signalHooks.key, key)).limit(1);
      return row;
    },

    /** A new live webhook; the user's previous one is revoked in the same transaction. */
    async replace(userId: number, botId: number, key: string, secretSealed: string, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(signalHooks)
          .set({ revokedAt: at })
          .where(and(eq(signalHooks.userId, userId), isNull(signalHooks.revokedAt)));
        await tx.insert(signalHooks).values({ userId, botId, key, secretSealed, createdAt: at });
      });
    },

    async setBot(userId: number, botId: number): Promise<boolean> {
      const rows = await db
        .update(signalHooks)
        .set({ botId })
        .where(and(eq(signalHooks.userId, userId), isNull(signalHooks.revokedAt)))
        .returning({ id: signalHooks.id });
      return rows.length > 0;
    },

    async revoke(userId: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(signalHooks)
        .set({ revokedAt: at })
        .where(and(eq(signalHooks.userId, userId), isNull(signalHooks.revokedAt)))
        .returning({ id: signalHooks.id });
      return rows.length > 0;
    },

    /**
     * Records a signal before it acts; null when the user's signal of that id was recorded before
     * (the unique key: the same signal twice acts once).
     */
    async record(row: {
      hookId: number;
      userId: number;
      botId: number | null;
      signalId: string | null;
      ticker: string;
      action: string;
      outcome: Outcome;
      text: string;
      at: Date;
    }): Promise<number | null> {
      const { at, ...values } = row;
      const inserted = await db
        .insert(signals)
        .values({ ...values, createdAt: at })
        .onConflictDoNothing()
        .returning({ id: signals.id });
      return inserted[0]?.id ?? null;
    },

    async settle(id: number, outcome: Outcome, text: string, tradeId: number | null): Promise<void> {
      await db.update(signals).set({ outcome, text, tradeId }).where(eq(signals.id, id));
    },

    async list(userId: number, limit: number): Promise<SignalRow[]> {
      return db.select().from(signals).where(eq(signals.userId, userId)).orderBy(desc(signals.id)).limit(limit);
    },

    /** The bot's trades on `ticker` still running (PENDING or OPEN) and not already closing, oldest first. */
    async runningTradesOf(botId: number, ticker: string): Promise<number[]> {
      const rows = await db
        .select({ id: trades.id })
        .from(botTrades)
        .innerJoin(trades, eq(trades.id, botTrades.tradeId))
        .where(
          and(
            eq(botTrades.botId, botId),
            eq(trades.ticker, ticker),
            inArray(trades.status, ['PENDING', 'OPEN']),
            sql`${trades.state}->>'exitReason' is null`,
          ),
        )
        .orderBy(trades.id);
      return rows.map((r) => r.id);
    },
  };
}
export type SignalsRepo = ReturnType<typeof signalsRepo>;
