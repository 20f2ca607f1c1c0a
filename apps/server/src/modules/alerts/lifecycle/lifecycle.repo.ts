import pg from 'pg';
import { and, asc, eq, inArray, isNull, min, sql } from 'drizzle-orm';
import type { Evaluation } from '@drat/engine';
import type { Db } from '../../../db/client';
import { alerts, alertTriggers } from '../../../db/schema/index';
import type { AlertRecord, TriggerRecord } from '../events/alert-events';

/**
 * pg advisory lock of a lifecycle run: one run at a time across every node. pg_locks shows it as
 * classid 0, objid this, objsubid 1.
 */
export const RUN_LOCK = 0x0a1e_27c1;

const dateOf = (t: number | null) => (t === null ? null : new Date(t));
const dec = (n: number | null) => (n === null ? null : String(n));

function poolOf(db: Db): pg.Pool {
  const client = (db as Db & { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) throw new Error('alert lifecycle: the database is not a node-postgres pool');
  return client;
}

const openAlert = and(eq(alerts.completed, false), isNull(alerts.deletedAt));

/**
 * An open alert as the run reads it: prices as numbers and times as epoch ms straight from SQL
 * (float8), which reads 100,000 alerts much faster than numeric strings and Dates.
 */
export interface OpenRow {
  id: number;
  alertTypeId: number;
  ticker: string;
  strategy: string | null;
  singleStrike: number | null;
  singleExpiration: string | null;
  legOneStrike: number | null;
  legTwoStrike: number | null;
  legOneExpiration: string | null;
  alertPrice: number;
  buyRangeLow: number;
  buyRangeHigh: number;
  targetRangeLow: number;
  targetRangeHigh: number;
  stopLoss: number;
  latestPrice: number | null;
  enteredAt: number | null;
  halfCompleted: boolean;
  completedStatus: string;
  halfExitPrice: number | null;
  halfCompletedAt: number | null;
  exitPrice: number | null;
  plDollar: number | null;
  plPercent: number | null;
  completedAt: number | null;
  lastTriggerAt: number | null;
  evaluatedThrough: number | null;
  createdAt: number;
}
const epoch = (col: string) => `(extract(epoch from date_trunc('milliseconds', ${col})) * 1000)::float8`;
const SELECT_OPEN = `
  select id, alert_type_id as "alertTypeId", ticker, strategy, single_strike::float8 as "singleStrike",
         single_expiration as "singleExpiration", leg_one_strike::float8 as "legOneStrike",
         leg_two_strike::float8 as "legTwoStrike", leg_one_expiration as "legOneExpiration",
         alert_price::float8 as "alertPrice", buy_range_low::float8 as "buyRangeLow",
         buy_range_high::float8 as "buyRangeHigh", target_range_low::float8 as "targetRangeLow",
         target_range_high::float8 as "targetRangeHigh", stop_loss::float8 as "stopLoss",
         latest_price::float8 as "latestPrice", ${epoch('entered_at')} as "enteredAt",
         half_completed as "halfCompleted", completed_status as "completedStatus",
         half_exit_price::float8 as "halfExitPrice", ${epoch('half_completed_at')} as "halfCompletedAt",
         exit_price::float8 as "exitPrice", p_l_dollar::float8 as "plDollar", p_l_percent::float8 as "plPercent",
         ${epoch('completed_at')} as "completedAt", ${epoch('last_trigger_date')} as "lastTriggerAt",
         ${epoch('evaluated_through')} as "evaluatedThrough", ${epoch('created_at')} as "createdAt"
    from alerts
   where completed = false and deleted_at is null and id > $1
   order by id
   limit $2`;

/** An alert with events to write: its row as read and the engine's evaluation. */
export interface EventWrite {
  row: OpenRow;
  evaluation: Evaluation;
}

/** An alert that only moved on: its new latest price and evaluated_through, guarded by the old one. */
export interface Move {
  id: number;
  latest: number | null;
  through: number;
  old: number | null;
}

/** The lifecycle's run lock, while `withRunLock`'s function runs: whether it is still this run's. */
export interface RunLock {
  held(): boolean;
}

/**
 * Every query of the alert lifecycle. Reads open alerts as float8 and epoch ms straight from SQL
 * (100,000 alerts read much faster than numeric strings and Dates: prices are only compared, the
 * P/L is computed exactly by the engine), and writes with unnest so a batch is one statement.
 */
export function lifecycleRepo(db: Db) {
  const pool = poolOf(db);
  /**
   * Writes alerts with events and their triggers in one transaction: each alert's new state is
   * guarded by its previous evaluated_through (an alert another run moved first is left out, with
   * its triggers), and triggers go in with ON CONFLICT (alert_id, kind) DO NOTHING. Returns the ids
   * of the alerts written and of the triggers inserted.
   */
  async function writeEvents(items: EventWrite[]): Promise<{ alertIds: number[]; triggerIds: number[] }> {
    const st = items.map((i) => i.evaluation.state);
    const events = items.flatMap((i) => i.evaluation.events.map((e) => ({ row: i.row, e })));
    const client = await pool.connect();
    try {
      await client.query('begin');
      const updated = await client.query<{ id: number }>(
        `update alerts as a
            set latest_price = v.latest, entered_at = v.entered, half_completed = v.half, half_exit_price = v.half_exit,
                half_completed_at = v.half_at, completed = v.completed, completed_status = v.status, exit_price = v.exit,
                p_l_dollar = v.pl_d, p_l_percent = v.pl_p, completed_at = v.completed_at,
                last_trigger_date = v.last_trigger, evaluated_through = v.through
           from unnest($1::int[], $2::numeric[], $3::timestamptz[], $4::boolean[], $5::numeric[], $6::timestamptz[],
                       $7::boolean[], $8::text[], $9::numeric[], $10::numeric[], $11::numeric[], $12::timestamptz[],
                       $13::timestamptz[], $14::timestamptz[], $15::timestamptz[])
                as v(id, latest, entered, half, half_exit, half_at, completed, status, exit, pl_d, pl_p, completed_at,
                     last_trigger, through, old)
          where a.id = v.id and a.completed = false
            and date_trunc('milliseconds', a.evaluated_through) is not distinct from v.old
          returning a.id`,
        [
          items.map((i) => i.row.id),
          st.map((x) => dec(x.latestPrice)),
          st.map((x) => dateOf(x.enteredAt)),
          st.map((x) => x.halfCompleted),
          st.map((x) => dec(x.halfExitPrice)),
          st.map((x) => dateOf(x.halfCompletedAt)),
          st.map((x) => x.completed),
          st.map((x) => x.completedStatus),
          st.map((x) => dec(x.exitPrice)),
          st.map((x) => dec(x.plDollar)),
          st.map((x) => dec(x.plPercent)),
          st.map((x) => dateOf(x.completedAt)),
          st.map((x) => dateOf(x.lastTriggerAt)),
          st.map((x) => dateOf(x.evaluatedThrough)),
          items.map((i) => dateOf(i.row.evaluatedThrough)),
        ],
      );
      const alertIds = updated.rows.map((r) => r.id);
      const inserted = await client.query<{ id: number }>(
        `insert into alert_triggers (alert_id, alert_type_id, kind, ticker, last_price, trigger_note, occurred_at, created_at)
         select t.alert_id, t.alert_type_id, t.kind, t.ticker, t.last_price, t.note, t.at, t.at
           from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::numeric[], $6::text[], $7::timestamptz[])
                as t(alert_id, alert_type_id, kind, ticker, last_price, note, at)
          where t.alert_id = any($8::int[])
          order by t.at, t.alert_id
         on conflict (alert_id, kind) do nothing
         returning id`,
        [
          events.map(({ row }) => row.id),
          events.map(({ row }) => row.alertTypeId),
          events.map(({ e }) => e.kind),
          events.map(({ row }) => row.ticker),
          events.map(({ e }) => String(e.price)),
          events.map(({ e }) => e.note),
          events.map(({ e }) => new Date(e.at)),
          alertIds,
        ],
      );
      await client.query('commit');
      return { alertIds, triggerIds: inserted.rows.map((r) => r.id) };
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /** Alerts that only moved on: one statement, each guarded by its previous evaluated_through. */
  async function writeMoves(moves: Move[]): Promise<number> {
    if (moves.length === 0) return 0;
    const res = await pool.query(
      `update alerts as a
          set latest_price = v.latest, evaluated_through = v.through
         from unnest($1::int[], $2::numeric[], $3::timestamptz[], $4::timestamptz[]) as v(id, latest, through, old)
        where a.id = v.id and a.completed = false
          and date_trunc('milliseconds', a.evaluated_through) is not distinct from v.old`,
      [
        moves.map((m) => m.id),
        moves.map((m) => dec(m.latest)),
        moves.map((m) => new Date(m.through)),
        moves.map((m) => dateOf(m.old)),
      ],
    );
    return res.rowCount ?? 0;
  }

  return {
    writeEvents,
    writeMoves,

    /**
     * Runs `fn` holding the run lock (a pg advisory lock on a connection of its own); answers
     * 'busy' without running it when another run, on any node, holds the lock. The lock goes with
     * its connection: `held()` turns false when the database ends that connection (a restart, an
     * administrator), after which another run may take the lock, so `fn` asks before it writes.
     */
    async withRunLock<T>(fn: (lock: RunLock) => Promise<T>): Promise<T | 'busy'> {
      const client = await pool.connect();
      let lost = false;
      const onLost = () => void (lost = true);
      client.on('error', onLost);
      client.on('end', onLost);
      let locked = false;
      try {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
          RUN_LOCK,
        ]);
        locked = rows[0]!.locked;
        if (!locked) return 'busy';
        return await fn({ held: () => !lost });
      } finally {
        if (locked && !lost) await client.query('select pg_advisory_unlock($1)', [RUN_LOCK]).catch(() => undefined);
        client.off('error', onLost);
        client.off('end', onLost);
        // A connection the database ended is dropped, not handed out again.
        client.release(lost);
      }
    },

    /** What the open alerts follow, grouped, each with the oldest point any of them was evaluated to. */
    instrumentGroups: () =>
      db
        .select({
          ticker: alerts.ticker,
          strategy: alerts.strategy,
          singleStrike: alerts.singleStrike,
          singleExpiration: alerts.singleExpiration,
          legOneStrike: alerts.legOneStrike,
          legTwoStrike: alerts.legTwoStrike,
          legOneExpiration: alerts.legOneExpiration,
          from: min(sql<Date>`coalesce(${alerts.evaluatedThrough}, ${alerts.createdAt})`).mapWith(
            (v: string | Date) => new Date(v),
          ),
        })
        .from(alerts)
        .where(openAlert)
        .groupBy(
          alerts.ticker,
          alerts.strategy,
          alerts.singleStrike,
          alerts.singleExpiration,
          alerts.legOneStrike,
          alerts.legTwoStrike,
          alerts.legOneExpiration,
        ),

    /** Open alerts with an id above `afterId`, by id. */
    openAfter: async (afterId: number, limit: number): Promise<OpenRow[]> =>
      (await pool.query<OpenRow>(SELECT_OPEN, [afterId, limit])).rows,

    alertsByIds: (ids: number[]): Promise<AlertRecord[]> =>
      ids.length === 0 ? Promise.resolve([]) : db.select().from(alerts).where(inArray(alerts.id, ids)),

    /** Triggers by id, in the order they happened. */
    triggersByIds: (ids: number[]): Promise<TriggerRecord[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(alertTriggers)
            .where(inArray(alertTriggers.id, ids))
            .orderBy(asc(alertTriggers.occurredAt), asc(alertTriggers.id)),
  };
}
export type LifecycleRepo = ReturnType<typeof lifecycleRepo>;
