/**
 * Every query of the paper broker (docs/paper-broker.md). Amounts and quantities stay the
 * `numeric` columns' text from end to end; the broker computes with `Dec` in between. Writes that
 * must commit together run on the caller's transaction (`tx`): the broker locks the account row
 * first in each of them, so placements, matches and resets of one account happen one at a time.
 */
import { and, asc, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { runnerOf, type Tx } from '../../../db/transaction';
import { paperAccounts, paperFills, paperOrders, paperPositions } from '../../../db/schema/index';

export type PaperAccountRow = typeof paperAccounts.$inferSelect;
export type PaperOrderRow = typeof paperOrders.$inferSelect;
export type NewPaperOrder = typeof paperOrders.$inferInsert;
export type PaperFillRow = typeof paperFills.$inferSelect;
export type PaperPositionRow = typeof paperPositions.$inferSelect;

const OPEN = ['open', 'partially_filled'] as const;
/**
 * The working statuses as a literal list, as the partial indexes' predicates name them (a list of
 * parameters would keep PostgreSQL from matching a query to those indexes).
 */
const WORKING = sql.raw(`(${OPEN.map((s) => `'${s}'`).join(', ')})`);
const isOpen = sql`${paperOrders.status} in ${WORKING}`;

export function paperRepo(db: Db) {
  return {
    /** Creates the account unless it exists (same id, or the same user and kind). */
    async createAccount(row: typeof paperAccounts.$inferInsert): Promise<void> {
      await db.insert(paperAccounts).values(row).onConflictDoNothing();
    },

    async account(id: string, tx?: Tx): Promise<PaperAccountRow | undefined> {
      return (await runnerOf(db, tx).select().from(paperAccounts).where(eq(paperAccounts.id, id)))[0];
    },

    async accountOf(userId: number, kind: 'DEMO' | 'SIM'): Promise<string | null> {
      const [row] = await db
        .select({ id: paperAccounts.id })
        .from(paperAccounts)
        .where(and(eq(paperAccounts.userId, userId), eq(paperAccounts.kind, kind)));
      return row?.id ?? null;
    },

    /** The account, locked until `tx` ends: its cash, orders and positions change one writer at a time. */
    async lockAccount(tx: Tx, id: string): Promise<PaperAccountRow | undefined> {
      const [row] = await runnerOf(db, tx).select().from(paperAccounts).where(eq(paperAccounts.id, id)).for('update');
      return row;
    },

    /** Adds `delta` (negative for a buy) to the account's cash. */
    async moveCash(tx: Tx, id: string, delta: string): Promise<void> {
      await runnerOf(db, tx)
        .update(paperAccounts)
        .set({ cash: sql`${paperAccounts.cash} + ${delta}::numeric` })
        .where(eq(paperAccounts.id, id));
    },

    async order(account: string, id: number, tx?: Tx): Promise<PaperOrderRow | undefined> {
      return (
        await runnerOf(db, tx)
          .select()
          .from(paperOrders)
          .where(and(eq(paperOrders.accountId, account), eq(paperOrders.id, id)))
      )[0];
    },

    /** The order, locked until `tx` ends (a cancel or a modify waits for a match running on it). */
    async lockOrder(tx: Tx, account: string, id: number): Promise<PaperOrderRow | undefined> {
      const [row] = await runnerOf(db, tx)
        .select()
        .from(paperOrders)
        .where(and(eq(paperOrders.accountId, account), eq(paperOrders.id, id)))
        .for('update');
      return row;
    },

    async orderByTag(account: string, tag: string, tx?: Tx): Promise<PaperOrderRow | undefined> {
      return (
        await runnerOf(db, tx)
          .select()
          .from(paperOrders)
          .where(and(eq(paperOrders.accountId, account), eq(paperOrders.tag, tag)))
      )[0];
    },

    /** Inserts the order unless its tag is taken on the account; answers it, or undefined when taken. */
    async insertOrder(tx: Tx, row: NewPaperOrder): Promise<PaperOrderRow | undefined> {
      const [created] = await runnerOf(db, tx).insert(paperOrders).values(row).onConflictDoNothing().returning();
      return created;
    },

    /** The account's working orders, oldest first. */
    openOrders: (account: string, tx?: Tx) =>
      runnerOf(db, tx)
        .select()
        .from(paperOrders)
        .where(and(eq(paperOrders.accountId, account), inArray(paperOrders.status, [...OPEN])))
        .orderBy(asc(paperOrders.id)),

    /**
     * The instruments of every working order (each once): what a look over every account prices.
     * The symbols are walked in the open orders' price index, one probe per symbol, however many
     * orders rest on each.
     */
    async openInstruments(): Promise<Pick<PaperOrderRow, 'symbol' | 'instrumentKind' | 'legs'>[]> {
      const { rows } = await db.execute<{
        symbol: string;
        instrument_kind: PaperOrderRow['instrumentKind'];
        legs: PaperOrderRow['legs'];
      }>(sql`
        with recursive symbols(symbol) as (
          (select symbol from paper_orders where status in ${WORKING} order by symbol limit 1)
          union all
          select (select p.symbol from paper_orders p
                   where p.status in ${WORKING} and p.symbol > s.symbol
                   order by p.symbol limit 1)
            from symbols s where s.symbol is not null
        )
        select s.symbol, o.instrument_kind, o.legs
          from symbols s
          cross join lateral (select instrument_kind, legs from paper_orders p
                               where p.status in ${WORKING} and p.symbol = s.symbol
                               limit 1) o
         where s.symbol is not null`);
      return rows.map((r) => ({ symbol: r.symbol, instrumentKind: r.instrument_kind, legs: r.legs }));
    },

    /**
     * The working orders a look at these prices may change, unlocked: market orders, orders whose
     * limit the price meets (a buy's ask at or under it, a sell's bid at or over it), and orders that
     * still hold a volume baseline (their price may have gone). An order resting away from the
     * market is not read at all: each price probes the open orders' price index.
     */
    async openOrdersNear(prices: { symbol: string; bid: string; ask: string }[]): Promise<PaperOrderRow[]> {
      if (prices.length === 0) return [];
      const column = (key: 'symbol' | 'bid' | 'ask') => sql.param(prices.map((p) => p[key]));
      // One probe of the price index per price and side: the subqueries are kept apart (offset 0),
      // so the planner cannot turn them into a join that reads every working order.
      const near = (side: 'buy' | 'sell') => sql`
        select o.id from q
          cross join lateral (
            select p.id from paper_orders p
             where p.symbol = q.symbol and p.side = ${side} and p.status in ${WORKING}
               and ${side === 'buy' ? sql`p.limit_price >= q.ask` : sql`p.limit_price <= q.bid`}
            offset 0) o`;
      const ids = sql`
        with q(symbol, bid, ask) as (
          select * from unnest(${column('symbol')}::text[], ${column('bid')}::numeric[], ${column('ask')}::numeric[]))
        select o.id from q
          join paper_orders o on o.symbol = q.symbol
           and o.status in ${WORKING} and (o.type = 'market' or o.last_volume is not null)
        union ${near('buy')}
        union ${near('sell')}`;
      return db
        .select()
        .from(paperOrders)
        .where(sql`${paperOrders.id} in (${ids})`);
    },

    /**
     * Saves many volume baselines in one statement, each only if the order still works and its
     * baseline is still the one the look read (a match under the account's lock may have moved it).
     */
    async setBaselines(rows: { id: number; from: number | null; to: number | null }[]): Promise<void> {
      if (rows.length === 0) return;
      await db.execute(sql`
        update paper_orders p set last_volume = v.to_volume
          from unnest(
            ${sql.param(rows.map((r) => r.id))}::int[],
            ${sql.param(rows.map((r) => r.from))}::bigint[],
            ${sql.param(rows.map((r) => r.to))}::bigint[]
          ) as v(id, from_volume, to_volume)
         where p.id = v.id
           and p.status in ${WORKING}
           and p.last_volume is not distinct from v.from_volume`);
    },

    /**
     * The working orders to match, locked until `tx` ends; an order another transaction holds (a
     * cancel, a modify) is skipped this time rather than waited for.
     */
    lockOpenOrders: (tx: Tx, account: string) =>
      runnerOf(db, tx)
        .select()
        .from(paperOrders)
        .where(and(eq(paperOrders.accountId, account), inArray(paperOrders.status, [...OPEN])))
        .orderBy(asc(paperOrders.id))
        .for('update', { skipLocked: true }),

    /** Working orders, and every order changed at or after `since` (all of them when null), oldest first. */
    ordersSince: (account: string, since: Date | null) =>
      db
        .select()
        .from(paperOrders)
        .where(
          and(
            eq(paperOrders.accountId, account),
            since === null ? undefined : or(isOpen, gte(paperOrders.updatedAt, since)),
          ),
        )
        .orderBy(asc(paperOrders.id)),

    /** The account's latest orders, newest first (the Trade Monitor). */
    recentOrders: (account: string, limit: number) =>
      db
        .select()
        .from(paperOrders)
        .where(eq(paperOrders.accountId, account))
        .orderBy(desc(paperOrders.id))
        .limit(limit),

    /** How each of `symbols` was last ordered on the account (kind and legs): how a position is priced. */
    instrumentsOf: (account: string, symbols: string[]) =>
      symbols.length === 0
        ? Promise.resolve([])
        : db
            .selectDistinctOn([paperOrders.symbol], {
              symbol: paperOrders.symbol,
              instrumentKind: paperOrders.instrumentKind,
              legs: paperOrders.legs,
            })
            .from(paperOrders)
            .where(and(eq(paperOrders.accountId, account), inArray(paperOrders.symbol, symbols)))
            .orderBy(asc(paperOrders.symbol), desc(paperOrders.id)),

    async updateOrder(tx: Tx, id: number, patch: Partial<NewPaperOrder>): Promise<PaperOrderRow> {
      const [row] = await runnerOf(db, tx).update(paperOrders).set(patch).where(eq(paperOrders.id, id)).returning();
      return row!;
    },

    async addFill(tx: Tx, row: typeof paperFills.$inferInsert): Promise<void> {
      await runnerOf(db, tx).insert(paperFills).values(row);
    },

    /** The account's fills in the order they happened. */
    fills: (account: string, tx?: Tx) =>
      runnerOf(db, tx).select().from(paperFills).where(eq(paperFills.accountId, account)).orderBy(asc(paperFills.id)),

    async deleteFills(tx: Tx, ids: number[]): Promise<void> {
      if (ids.length > 0) await runnerOf(db, tx).delete(paperFills).where(inArray(paperFills.id, ids));
    },

    async position(tx: Tx, account: string, symbol: string): Promise<PaperPositionRow | undefined> {
      const [row] = await runnerOf(db, tx)
        .select()
        .from(paperPositions)
        .where(and(eq(paperPositions.accountId, account), eq(paperPositions.symbol, symbol)));
      return row;
    },

    positions: (account: string, tx?: Tx) =>
      runnerOf(db, tx)
        .select()
        .from(paperPositions)
        .where(eq(paperPositions.accountId, account))
        .orderBy(asc(paperPositions.openedAt), asc(paperPositions.symbol)),

    /** Writes a position's new quantity and cost (opening it at `row.openedAt` when new). */
    async savePosition(tx: Tx, row: typeof paperPositions.$inferInsert): Promise<void> {
      await runnerOf(db, tx)
        .insert(paperPositions)
        .values(row)
        .onConflictDoUpdate({
          target: [paperPositions.accountId, paperPositions.symbol],
          set: { qty: row.qty, cost: row.cost },
        });
    },

    async deletePosition(tx: Tx, account: string, symbol: string): Promise<void> {
      await runnerOf(db, tx)
        .delete(paperPositions)
        .where(and(eq(paperPositions.accountId, account), eq(paperPositions.symbol, symbol)));
    },

    /**
     * The reset's writes: working orders canceled (their fills kept), positions removed, cash back
     * to the starting cash, `reset_at` set. The caller removes the removed positions' fills.
     */
    async reset(tx: Tx, account: string, at: Date): Promise<void> {
      const run = runnerOf(db, tx);
      await run
        .update(paperOrders)
        .set({ status: 'canceled', reason: 'Account reset', updatedAt: at })
        .where(and(eq(paperOrders.accountId, account), isOpen));
      await run.delete(paperPositions).where(eq(paperPositions.accountId, account));
      await run
        .update(paperAccounts)
        .set({ cash: sql`${paperAccounts.startingCash}`, resetAt: at })
        .where(eq(paperAccounts.id, account));
    },
  };
}
export type PaperRepo = ReturnType<typeof paperRepo>;
