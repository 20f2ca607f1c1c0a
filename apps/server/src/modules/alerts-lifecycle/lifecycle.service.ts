import pg from 'pg';
import type { Logger } from 'pino';
import { and, asc, eq, inArray, isNull, min, sql } from 'drizzle-orm';
import type { AlertCategory } from '@drat/contracts';
import {
  evaluateAlert,
  LIFECYCLE_BAR_MS,
  type AlertCompletedStatus,
  type AlertLevels,
  type AlertState,
  type Evaluation,
  type PriceBar,
} from '@drat/engine';
import type { Db } from '../../db/client';
import { alertCategories, alerts, alertTriggers, alertTypes } from '../../db/schema/index';
import type { MarketDataProvider } from '../../providers/market/interface';
import type { AlertEvents, AlertTypeRef, TriggerCreatedEvent } from '../alerts-publish/alert-events';
import { createAnnouncer, LATE_AFTER_MS } from '../alerts-publish/announce';
import { combineLegs, instrumentOf, toPriceBars, type Instrument } from '../alerts-publish/instruments';

/** Open alerts read and evaluated per batch. */
export const LIFECYCLE_BATCH = 5000;
/** How far back a catch-up goes after downtime: older minutes are skipped. */
export const MAX_CATCH_UP_MS = 7 * 86_400_000;
/**
 * An alert with nothing new is written (its latest_price and evaluated_through) once every this
 * many minutes, in turns by id, instead of every minute: 100,000 row updates a minute would be most
 * of the job's time. Until then the next run simply re-applies those few bars, which changes
 * nothing. Alerts with an event are always written at once.
 */
export const REFRESH_MINUTES = 5;
/** Bars fetched at once (Tradier rate limits; the simulated market does not care). */
const FETCH_CONCURRENCY = 6;
/** pg advisory lock of a lifecycle run: one run at a time across every node. */
const RUN_LOCK = 0x0a1e_27c1;

export interface LifecycleDeps {
  db: Db;
  market: MarketDataProvider;
  events: AlertEvents;
  log: Logger;
}

export interface LifecycleRunOptions {
  /** Evaluate up to this instant (default: the end of the market's last complete minute). */
  through?: Date;
  batchSize?: number;
}

export interface LifecycleRunResult {
  /** 'busy' when another run held the lock. */
  skipped?: 'busy';
  through: string;
  /** Open alerts looked at. */
  alerts: number;
  /** Alerts written (new bars applied, or an event). */
  updated: number;
  triggers: number;
  completed: number;
  /** bars() calls made. */
  barsCalls: number;
  /** Alerts left for the next run because their bars could not be read. */
  unavailable: number;
  /** Where the time went, in ms: bars() calls, reading alerts, evaluating, writing. */
  ms: { bars: number; read: number; evaluate: number; write: number };
}

const dateOf = (t: number | null) => (t === null ? null : new Date(t));
const dec = (n: number | null) => (n === null ? null : String(n));

/** Index of the first bar starting at or after `t` (bars are in time order). */
function firstFrom(bars: readonly PriceBar[], t: number): number {
  let lo = 0;
  let hi = bars.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bars[mid]!.time < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function poolOf(db: Db): pg.Pool {
  const client = (db as Db & { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) throw new Error('alert lifecycle: the database is not a node-postgres pool');
  return client;
}

const openAlert = and(eq(alerts.completed, false), isNull(alerts.deletedAt));

/**
 * The lifecycle job (issue 4): follows every open alert against the market's 1-minute bars with
 * the rules of @drat/engine (docs/alert-lifecycle.md), and records what happened.
 *
 * A run: takes a pg advisory lock (a second, concurrent run returns 'busy'); finds the instruments
 * of the open alerts and asks bars() once per symbol, from the oldest point any alert on it was
 * evaluated to (at most MAX_CATCH_UP_MS back) up to the last complete minute; then, batch by batch,
 * evaluates each alert from its own `evaluated_through`. The alerts of a batch that had events are
 * written with their triggers in one transaction (one alert per transaction if that fails), each
 * guarded by its previous `evaluated_through` and the triggers by ON CONFLICT (alert_id, kind) DO
 * NOTHING, so a re-run or a stale concurrent writer writes nothing twice; alerts that only moved on
 * get their latest price and evaluated_through in one statement per batch, on their turn (see
 * REFRESH_MINUTES). New triggers are then told to the alert events' listeners.
 */
export function createLifecycleService({ db, market, events, log }: LifecycleDeps) {
  const pool = poolOf(db);
  const announcer = createAnnouncer({ db, events, now: () => market.now(), log });

  /** The end of the last complete minute; Tradier's minute bars settle a minute late. */
  function defaultThrough(): number {
    const now = market.now().getTime();
    const settle = market.name === 'tradier' ? LIFECYCLE_BAR_MS : 0;
    return Math.floor((now - settle) / LIFECYCLE_BAR_MS) * LIFECYCLE_BAR_MS;
  }

  async function alertTypesById(): Promise<Map<number, AlertTypeRef>> {
    const rows = await db
      .select({ id: alertTypes.id, name: alertTypes.name, category: alertCategories.name })
      .from(alertTypes)
      .innerJoin(alertCategories, eq(alertCategories.id, alertTypes.categoryId));
    return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, category: r.category as AlertCategory }]));
  }

  /** One bars() call per symbol, from the oldest point needed; null where the provider failed. */
  async function fetchBars(through: number): Promise<{ bars: Map<string, PriceBar[] | null>; calls: number }> {
    const groups = await db
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
      );
    const earliest = through - MAX_CATCH_UP_MS;
    const fromBySymbol = new Map<string, number>();
    for (const g of groups) {
      let instrument: Instrument;
      try {
        instrument = instrumentOf(g);
      } catch {
        continue; // an options alert whose contract cannot be named: nothing to follow
      }
      const from = Math.max(earliest, Math.floor(g.from!.getTime() / LIFECYCLE_BAR_MS) * LIFECYCLE_BAR_MS);
      if (from >= through) continue;
      for (const symbol of instrument.symbols) {
        fromBySymbol.set(symbol, Math.min(fromBySymbol.get(symbol) ?? Infinity, from));
      }
    }
    const bars = new Map<string, PriceBar[] | null>();
    const work = [...fromBySymbol];
    let next = 0;
    const lane = async () => {
      while (next < work.length) {
        const [symbol, from] = work[next++]!;
        try {
          bars.set(symbol, toPriceBars(await market.bars(symbol, '1min', new Date(from), new Date(through))));
        } catch (err) {
          log.warn({ err, symbol }, 'alert lifecycle: bars unavailable; its alerts wait for the next run');
          bars.set(symbol, null);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(FETCH_CONCURRENCY, work.length) }, lane));
    return { bars, calls: work.length };
  }

  /**
   * An open alert as the run reads it: prices as numbers and times as epoch ms straight from SQL
   * (float8), which reads 100,000 alerts much faster than numeric strings and Dates.
   */
  interface OpenRow {
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

  function stateOf(r: OpenRow): AlertState {
    return {
      enteredAt: r.enteredAt,
      halfCompleted: r.halfCompleted,
      halfExitPrice: r.halfExitPrice,
      halfCompletedAt: r.halfCompletedAt,
      completed: false,
      completedStatus: r.completedStatus as AlertCompletedStatus,
      exitPrice: r.exitPrice,
      plDollar: r.plDollar,
      plPercent: r.plPercent,
      completedAt: r.completedAt,
      lastTriggerAt: r.lastTriggerAt,
      latestPrice: r.latestPrice,
      // A new alert starts with the first whole minute after it was made.
      evaluatedThrough: r.evaluatedThrough ?? Math.ceil(r.createdAt / LIFECYCLE_BAR_MS) * LIFECYCLE_BAR_MS,
    };
  }

  interface EventWrite {
    row: OpenRow;
    evaluation: Evaluation;
  }

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

  /** Writes a batch's alerts with events (one alert at a time if the batch fails) and tells the listeners. */
  async function recordEvents(
    items: EventWrite[],
    through: number,
    types: Map<number, AlertTypeRef>,
    result: LifecycleRunResult,
  ) {
    if (items.length === 0) return;
    let written: { alertIds: number[]; triggerIds: number[] } = { alertIds: [], triggerIds: [] };
    try {
      written = await writeEvents(items);
    } catch (err) {
      log.warn({ err }, 'alert lifecycle: a batch write failed; writing its alerts one by one');
      for (const item of items) {
        try {
          const one = await writeEvents([item]);
          written.alertIds.push(...one.alertIds);
          written.triggerIds.push(...one.triggerIds);
        } catch (e) {
          log.error(
            { err: e, alertId: item.row.id },
            'alert lifecycle: writing an alert failed; it is retried next run',
          );
        }
      }
    }
    result.updated += written.alertIds.length;
    result.triggers += written.triggerIds.length;
    if (written.alertIds.length === 0) return;
    const rows = await db.select().from(alerts).where(inArray(alerts.id, written.alertIds));
    result.completed += rows.filter((a) => a.completed).length;
    if (written.triggerIds.length === 0) return;
    const byId = new Map(rows.map((a) => [a.id, a]));
    const triggers = await db
      .select()
      .from(alertTriggers)
      .where(inArray(alertTriggers.id, written.triggerIds))
      .orderBy(asc(alertTriggers.occurredAt), asc(alertTriggers.id));
    // A type gone in between leaves its triggers to the announce sweep (which drops them).
    await announcer.triggersCreated(
      triggers.flatMap((trigger): TriggerCreatedEvent[] => {
        const alert = byId.get(trigger.alertId)!;
        const alertType = types.get(alert.alertTypeId);
        if (!alertType) return [];
        return [{ trigger, alert, alertType, late: through - trigger.occurredAt.getTime() > LATE_AFTER_MS }];
      }),
    );
  }

  interface Move {
    id: number;
    latest: number | null;
    through: number;
    old: number | null;
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

  async function runLocked(through: number, batchSize: number): Promise<LifecycleRunResult> {
    const result: LifecycleRunResult = {
      through: new Date(through).toISOString(),
      alerts: 0,
      updated: 0,
      triggers: 0,
      completed: 0,
      barsCalls: 0,
      unavailable: 0,
      ms: { bars: 0, read: 0, evaluate: 0, write: 0 },
    };
    let clock = performance.now();
    /** Adds the time since the last lap to `part`. */
    const lap = (part: keyof LifecycleRunResult['ms']) => {
      const t = performance.now();
      result.ms[part] += t - clock;
      clock = t;
    };
    const types = await alertTypesById();
    const fetched = await fetchBars(through);
    result.barsCalls = fetched.calls;
    lap('bars');
    const instrumentBars = new Map<string, PriceBar[] | null>();
    const barsOf = (instrument: Instrument): PriceBar[] | null => {
      let bars = instrumentBars.get(instrument.key);
      if (bars === undefined) {
        const legs = instrument.symbols.map((s) => fetched.bars.get(s) ?? []);
        bars = instrument.symbols.some((s) => fetched.bars.get(s) === null) ? null : combineLegs(legs);
        instrumentBars.set(instrument.key, bars);
      }
      return bars;
    };

    let lastId = 0;
    for (;;) {
      const { rows } = await pool.query<OpenRow>(SELECT_OPEN, [lastId, batchSize]);
      lap('read');
      if (rows.length === 0) break;
      lastId = rows[rows.length - 1]!.id;
      result.alerts += rows.length;

      const moves: Move[] = [];
      const withEvents: EventWrite[] = [];
      for (const r of rows) {
        let instrument: Instrument;
        try {
          instrument = instrumentOf(r);
        } catch {
          continue;
        }
        const bars = barsOf(instrument);
        if (bars === null) {
          result.unavailable += 1;
          continue;
        }
        const levels: AlertLevels = {
          ticker: r.ticker,
          alertPrice: r.alertPrice,
          buyRangeLow: r.buyRangeLow,
          buyRangeHigh: r.buyRangeHigh,
          targetRangeLow: r.targetRangeLow,
          targetRangeHigh: r.targetRangeHigh,
          stopLoss: r.stopLoss,
          expiresAt: instrument.expiresAt,
        };
        const state = stateOf(r);
        // After long downtime, start at most MAX_CATCH_UP_MS back.
        state.evaluatedThrough = Math.max(state.evaluatedThrough!, through - MAX_CATCH_UP_MS);
        const fresh = bars.slice(firstFrom(bars, state.evaluatedThrough));
        const evaluation = evaluateAlert(levels, state, fresh, through);

        if (evaluation.events.length === 0) {
          // Nothing happened: write the new latest price and evaluated_through when a bar was applied
          // (a closed market writes nothing), and then only on the alert's turn (see REFRESH_MINUTES).
          const applied = fresh.length > 0 && fresh[0]!.time + LIFECYCLE_BAR_MS <= through;
          const due =
            r.evaluatedThrough === null ||
            through - r.evaluatedThrough >= REFRESH_MINUTES * LIFECYCLE_BAR_MS ||
            (r.id + Math.floor(through / LIFECYCLE_BAR_MS)) % REFRESH_MINUTES === 0;
          if (applied && due) {
            moves.push({
              id: r.id,
              latest: evaluation.state.latestPrice,
              through: evaluation.state.evaluatedThrough!,
              old: r.evaluatedThrough,
            });
          }
          continue;
        }
        withEvents.push({ row: r, evaluation });
      }
      lap('evaluate');
      await recordEvents(withEvents, through, types, result);
      result.updated += await writeMoves(moves);
      lap('write');
      if (rows.length < batchSize) break;
    }
    return result;
  }

  return {
    /** One lifecycle run (the 'alerts.lifecycle' job, every minute). */
    async run(options: LifecycleRunOptions = {}): Promise<LifecycleRunResult> {
      const through = options.through ? options.through.getTime() : defaultThrough();
      const client = await pool.connect();
      let locked = false;
      try {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
          RUN_LOCK,
        ]);
        locked = rows[0]!.locked;
        if (!locked) {
          return {
            skipped: 'busy',
            through: new Date(through).toISOString(),
            alerts: 0,
            updated: 0,
            triggers: 0,
            completed: 0,
            barsCalls: 0,
            unavailable: 0,
            ms: { bars: 0, read: 0, evaluate: 0, write: 0 },
          };
        }
        const result = await runLocked(through, options.batchSize ?? LIFECYCLE_BATCH);
        for (const k of Object.keys(result.ms) as (keyof LifecycleRunResult['ms'])[])
          result.ms[k] = Math.round(result.ms[k]);
        if (result.triggers > 0 || result.unavailable > 0) log.info({ ...result }, 'alert lifecycle run');
        return result;
      } finally {
        if (locked) await client.query('select pg_advisory_unlock($1)', [RUN_LOCK]).catch(() => undefined);
        client.release();
      }
    },
  };
}
export type LifecycleService = ReturnType<typeof createLifecycleService>;
