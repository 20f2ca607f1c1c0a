/**
 * Every query of the trade runner: a trade locked for one step, the step's writes (state, intents,
 * orders, log) in the caller's transaction, and the outbox of intents the sender works through
 * (orders by hand's own queries: by-hand.repo.ts).
 */
import { and, asc, eq, inArray, isNotNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { EngineTrade, Intent } from '@drat/engine';
import type { Db } from '../../../db/client';
import { runnerOf, type Tx } from '../../../db/transaction';
import { byHandRepo } from './by-hand.repo';
import { tradeIntents, tradeLogs, tradeOrders, trades, type ByHandIntent } from '../../../db/schema/index';

/** An order by hand as the sender reads it (the schema's type, through the repository). */
export type { ByHandIntent };

export interface LockedTrade {
  id: number;
  userId: number;
  broker: string;
  accountId: string;
  state: EngineTrade;
  version: number;
}

export interface StepWrite {
  state: EngineTrade;
  intents: Intent[];
  log: string[];
  at: Date;
  /** What the trader's edit changes beside the engine's state: the body kept for display, the notes. */
  row?: TradeRowPatch;
}

export interface TradeRowPatch {
  input?: Record<string, unknown>;
  notes?: string;
}

export type TradeOrderRow = typeof tradeOrders.$inferSelect;

const RUNNING = ['PENDING', 'OPEN'] as const;

/** A new trade's row, before its first step (the engine's state is written by the step). */
export interface NewTradeRow {
  userId: number;
  mode: 'DEMO' | 'LIVE';
  broker: string;
  accountId: string;
  ticker: string;
  tradeType: string;
  stockType: 'STOCKS' | 'OPTIONS';
  strategy: string | null;
  alertId: number | null;
  notes: string;
  input: Record<string, unknown>;
}

export function runnerRepo(db: Db) {
  const byHand = byHandRepo(db);
  /** The ids of PENDING intents that also meet `where`, oldest first. */
  const pendingIntentIds = async (where: SQL | undefined, limit: number): Promise<number[]> => {
    const rows = await db
      .select({ id: tradeIntents.id })
      .from(tradeIntents)
      .where(and(eq(tradeIntents.state, 'PENDING'), where))
      .orderBy(asc(tradeIntents.id))
      .limit(limit);
    return rows.map((r) => r.id);
  };

  return {
    ...byHand,

    /** Inserts a trade with its draft state and answers it locked, with the state named after its new id. */
    async insert(tx: Tx, row: NewTradeRow, draft: EngineTrade, at: Date): Promise<LockedTrade> {
      const run = runnerOf(db, tx);
      const [inserted] = await run
        .insert(trades)
        .values({ ...row, status: draft.status, state: draft, createdAt: at, updatedAt: at })
        .returning({ id: trades.id, version: trades.version });
      const state: EngineTrade = { ...draft, id: String(inserted!.id) };
      await run.update(trades).set({ state }).where(eq(trades.id, inserted!.id));
      return {
        id: inserted!.id,
        userId: row.userId,
        broker: row.broker,
        accountId: row.accountId,
        state,
        version: inserted!.version,
      };
    },

    /** The trade, locked until the transaction ends: one step at a time per trade, on every process. */
    async lock(tx: Tx, tradeId: number): Promise<LockedTrade | undefined> {
      const [row] = await runnerOf(db, tx)
        .select({
          id: trades.id,
          userId: trades.userId,
          broker: trades.broker,
          accountId: trades.accountId,
          state: trades.state,
          version: trades.version,
        })
        .from(trades)
        .where(eq(trades.id, tradeId))
        .for('update');
      return row;
    },

    /** Writes one step: the new state, its intents (the outbox), the orders they name, the log. Answers the new intents' ids. */
    async saveStep(tx: Tx, trade: LockedTrade, write: StepWrite): Promise<number[]> {
      const run = runnerOf(db, tx);
      const s = write.state;
      await run
        .update(trades)
        .set({
          state: s,
          status: s.status,
          version: trade.version + 1,
          deadlineAt: s.cancelUnfilledAt !== null && !s.deadlinePassed ? new Date(s.cancelUnfilledAt) : null,
          updatedAt: write.at,
          ...write.row,
        })
        .where(eq(trades.id, trade.id));
      if (write.log.length > 0) {
        await run.insert(tradeLogs).values(write.log.map((text) => ({ tradeId: trade.id, text, createdAt: write.at })));
      }
      if (write.intents.length === 0) return [];
      const places = write.intents.filter((i) => i.type === 'place');
      if (places.length > 0) {
        await run
          .insert(tradeOrders)
          .values(
            places.map((i) => ({
              clientOrderId: i.clientOrderId,
              tradeId: trade.id,
              broker: trade.broker,
              accountId: trade.accountId,
              updatedAt: write.at,
            })),
          )
          .onConflictDoNothing();
      }
      const rows = await run
        .insert(tradeIntents)
        .values(
          write.intents.map((intent) => ({
            tradeId: trade.id,
            clientOrderId: intent.clientOrderId,
            kind: intent.type,
            intent,
            createdAt: write.at,
          })),
        )
        .returning({ id: tradeIntents.id });
      return rows.map((r) => r.id);
    },

    /**
     * Claims a pending intent for sending, in one statement: it is marked as being sent (its answer
     * unknown until recorded) and leased for `leaseMs`, so a second sender leaves it alone; after a
     * crash the lease runs out and the next claim sees `attempts` > 1 and reconciles first.
     */
    async claimIntent(intentId: number, now: Date, leaseMs: number) {
      const leaseOver = new Date(now.getTime() - leaseMs);
      const [row] = await db
        .update(tradeIntents)
        .set({ unknown: true, attempts: sql`${tradeIntents.attempts} + 1`, sentAt: now })
        .where(
          and(
            eq(tradeIntents.id, intentId),
            eq(tradeIntents.state, 'PENDING'),
            sql`(not ${tradeIntents.unknown} or ${tradeIntents.sentAt} is null or ${tradeIntents.sentAt} < ${leaseOver})`,
          ),
        )
        .returning();
      if (!row) return undefined;
      // An order by hand names its account itself; a trade's intents are on the trade's account.
      if (row.tradeId === null) {
        if (row.broker === null || row.accountId === null || row.userId === null) return undefined;
        return { ...row, broker: row.broker, accountId: row.accountId, userId: row.userId };
      }
      const [trade] = await db
        .select({ broker: trades.broker, accountId: trades.accountId, userId: trades.userId })
        .from(trades)
        .where(eq(trades.id, row.tradeId));
      return trade ? { ...row, ...trade } : undefined;
    },

    /** The live sender of an intent (its claim's attempt) renews its lease. */
    async renewIntentLease(intentId: number, attempt: number, now: Date): Promise<void> {
      await db
        .update(tradeIntents)
        .set({ sentAt: now })
        .where(
          and(eq(tradeIntents.id, intentId), eq(tradeIntents.state, 'PENDING'), eq(tradeIntents.attempts, attempt)),
        );
    },

    async markIntent(
      tx: Tx | undefined,
      intentId: number,
      state: 'SENT' | 'FAILED' | 'PENDING',
      error: string | null,
    ): Promise<void> {
      await runnerOf(db, tx)
        .update(tradeIntents)
        // Back to PENDING after a failure that may pass: claimable again at once, reconciled first.
        .set({ state, error, ...(state === 'PENDING' ? { sentAt: null } : { unknown: false }) })
        // Only a PENDING intent is being sent: one settled meanwhile (given up, answered) stays so.
        .where(and(eq(tradeIntents.id, intentId), eq(tradeIntents.state, 'PENDING')));
    },

    async order(clientOrderId: string): Promise<TradeOrderRow | undefined> {
      const [row] = await db.select().from(tradeOrders).where(eq(tradeOrders.clientOrderId, clientOrderId));
      return row;
    },

    /** The broker's id and last word on one of our orders. */
    async recordOrder(
      tx: Tx | undefined,
      clientOrderId: string,
      change: {
        brokerOrderId?: string;
        brokerStatus: string;
        filledQty: string;
        done: boolean;
        /** Asked about still until then (a confirmed cancel, for fills that raced it); null: no longer. */
        watchUntil?: Date | null;
        at: Date;
      },
    ): Promise<void> {
      await runnerOf(db, tx)
        .update(tradeOrders)
        .set({
          ...(change.brokerOrderId ? { brokerOrderId: change.brokerOrderId } : {}),
          brokerStatus: `${change.brokerStatus}:${change.filledQty}`,
          done: change.done,
          ...(change.watchUntil !== undefined ? { watchUntil: change.watchUntil } : {}),
          updatedAt: change.at,
        })
        .where(eq(tradeOrders.clientOrderId, clientOrderId));
    },

    /**
     * Intents a sender left behind: never claimed though made before `unclaimedBefore` (the process
     * that made them ended before sending or queueing them), or claimed before `leaseOverBefore`
     * and never answered (the sender ended mid-send: its lease ran out).
     */
    strandedIntents: (unclaimedBefore: Date, leaseOverBefore: Date, limit: number) =>
      pendingIntentIds(
        or(
          and(eq(tradeIntents.attempts, 0), lt(tradeIntents.createdAt, unclaimedBefore)),
          lt(tradeIntents.sentAt, leaseOverBefore),
        ),
        limit,
      ),

    pendingIntents: (olderThan: Date, limit: number) => pendingIntentIds(lte(tradeIntents.createdAt, olderThan), limit),

    /**
     * The accounts (with their broker) with a cancel the broker confirmed that is still watched for
     * a fill that raced it (`watchUntil` after `now`); orders past their watch are let go.
     */
    async accountsWithWatchedCancels(now: Date): Promise<{ broker: string; accountId: string }[]> {
      await db
        .update(tradeOrders)
        .set({ watchUntil: null })
        .where(and(isNotNull(tradeOrders.watchUntil), lte(tradeOrders.watchUntil, now)));
      return db
        .selectDistinct({ broker: tradeOrders.broker, accountId: tradeOrders.accountId })
        .from(tradeOrders)
        .where(and(isNotNull(tradeOrders.watchUntil), isNotNull(tradeOrders.brokerOrderId)));
    },

    /**
     * The accounts (with their broker) that have orders the broker may still change, the trader
     * whose they are, and when one of those orders last changed here (recorded, sent, answered); at
     * these brokers only, when named.
     */
    async accountsWithOpenOrders(
      brokers?: readonly string[],
    ): Promise<{ broker: string; accountId: string; userId: number; changedAt: Date }[]> {
      if (brokers?.length === 0) return [];
      const rows = await db
        .select({
          broker: tradeOrders.broker,
          accountId: tradeOrders.accountId,
          userId: sql<number>`min(${trades.userId})`,
          changedAt: sql<string>`max(${tradeOrders.updatedAt})`,
        })
        .from(tradeOrders)
        .innerJoin(trades, eq(trades.id, tradeOrders.tradeId))
        .where(
          and(
            eq(tradeOrders.done, false),
            isNotNull(tradeOrders.brokerOrderId),
            brokers ? inArray(tradeOrders.broker, [...brokers]) : undefined,
          ),
        )
        .groupBy(tradeOrders.broker, tradeOrders.accountId);
      return rows.map((r) => ({
        broker: r.broker,
        accountId: r.accountId,
        userId: Number(r.userId),
        changedAt: new Date(r.changedAt),
      }));
    },

    /**
     * The engine states of the trades on an account that may hold shares or may have bought some
     * unseen: running ones, and those that ended since `since`.
     */
    async statesOnAccount(broker: string, accountId: string, since: Date): Promise<EngineTrade[]> {
      const rows = await db
        .select({ state: trades.state })
        .from(trades)
        .where(
          and(
            eq(trades.broker, broker),
            eq(trades.accountId, accountId),
            sql`(${trades.status} in ('PENDING', 'OPEN') or (${trades.status} in ('COMPLETED', 'CANCELLED', 'FAIL') and ${trades.updatedAt} >= ${since.toISOString()}))`,
          ),
        );
      return rows.map((r) => r.state);
    },

    /** Our orders among these tags, with their trade and last recorded word. */
    async ordersByTag(tags: string[]): Promise<TradeOrderRow[]> {
      if (tags.length === 0) return [];
      return db.select().from(tradeOrders).where(inArray(tradeOrders.clientOrderId, tags));
    },

    /** Running trades of one partition (trade id modulo `of`): their ids and versions, not their states. */
    async runningVersions(partition: number, of: number): Promise<{ id: number; version: number }[]> {
      return db
        .select({ id: trades.id, version: trades.version })
        .from(trades)
        .where(and(inArray(trades.status, [...RUNNING]), sql`${trades.id} % ${of} = ${partition}`));
    },

    /** These trades' states, with the version each was read at. */
    async states(ids: number[]): Promise<{ id: number; version: number; state: EngineTrade }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: trades.id, version: trades.version, state: trades.state })
        .from(trades)
        .where(inArray(trades.id, ids));
    },

    /** Trades whose cancel-if-not-filled time has come. */
    async dueDeadlines(now: Date): Promise<number[]> {
      const rows = await db
        .select({ id: trades.id })
        .from(trades)
        .where(and(isNotNull(trades.deadlineAt), lte(trades.deadlineAt, now), inArray(trades.status, [...RUNNING])));
      return rows.map((r) => r.id);
    },
  };
}
export type RunnerRepo = ReturnType<typeof runnerRepo>;
