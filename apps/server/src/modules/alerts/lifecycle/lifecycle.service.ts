import type { Logger } from 'pino';
import {
  combineLegs,
  evaluateAlert,
  firstBarFrom,
  instrumentOf,
  LIFECYCLE_BAR_MS,
  toPriceBars,
  type AlertCompletedStatus,
  type AlertLevels,
  type AlertState,
  type Instrument,
  type PriceBar,
} from '@drat/engine';
import type { MarketDataProvider } from '../../../providers/market/interface';
import type { TriggerCreatedEvent } from '../events/alert-events';
import { LATE_AFTER_MS, type Announcer } from '../events/announcer.service';
import type { AlertTypeRef, AlertTypesRepo } from '../types/alert-types.repo';
import { DomainError } from '../../../core/errors';
import type { EventWrite, LifecycleRepo, Move, OpenRow, RunLock } from './lifecycle.repo';

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
/** Why a run stopped before writing: its lock's connection ended (the job tries again). */
export const LOCK_LOST =
  'The alert lifecycle lost its run lock (the database ended its connection); the run stops and is tried again';
export interface LifecycleDeps {
  repo: LifecycleRepo;
  types: Pick<AlertTypesRepo, 'all'>;
  market: MarketDataProvider;
  announcer: Pick<Announcer, 'triggersCreated'>;
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

function emptyResult(through: number): LifecycleRunResult {
  return {
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
export function createLifecycleService({ repo, types: typesRepo, market, announcer, log }: LifecycleDeps) {
  /** The end of the last complete minute; Tradier's minute bars settle a minute late. */
  function defaultThrough(): number {
    const now = market.now().getTime();
    const settle = market.name === 'tradier' ? LIFECYCLE_BAR_MS : 0;
    return Math.floor((now - settle) / LIFECYCLE_BAR_MS) * LIFECYCLE_BAR_MS;
  }

  /** One bars() call per symbol, from the oldest point needed; null where the provider failed. */
  async function fetchBars(through: number): Promise<{ bars: Map<string, PriceBar[] | null>; calls: number }> {
    const groups = await repo.instrumentGroups();
    const earliest = through - MAX_CATCH_UP_MS;
    const fromBySymbol = new Map<string, number>();
    for (const g of groups) {
      let instrument: Instrument;
      try {
        instrument = instrumentOf(g, market.calendar.expiryOf);
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
      written = await repo.writeEvents(items);
    } catch (err) {
      log.warn({ err }, 'alert lifecycle: a batch write failed; writing its alerts one by one');
      for (const item of items) {
        try {
          const one = await repo.writeEvents([item]);
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
    const rows = await repo.alertsByIds(written.alertIds);
    result.completed += rows.filter((a) => a.completed).length;
    if (written.triggerIds.length === 0) return;
    const byId = new Map(rows.map((a) => [a.id, a]));
    const triggers = await repo.triggersByIds(written.triggerIds);
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

  async function runLocked(lock: RunLock, through: number, batchSize: number): Promise<LifecycleRunResult> {
    const result = emptyResult(through);
    let clock = performance.now();
    /** Adds the time since the last lap to `part`. */
    const lap = (part: keyof LifecycleRunResult['ms']) => {
      const t = performance.now();
      result.ms[part] += t - clock;
      clock = t;
    };
    const types = new Map((await typesRepo.all()).map((t) => [t.id, t]));
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
      const rows = await repo.openAfter(lastId, batchSize);
      lap('read');
      if (rows.length === 0) break;
      lastId = rows[rows.length - 1]!.id;
      result.alerts += rows.length;

      const moves: Move[] = [];
      const withEvents: EventWrite[] = [];
      for (const r of rows) {
        let instrument: Instrument;
        try {
          instrument = instrumentOf(r, market.calendar.expiryOf);
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
        const fresh = bars.slice(firstBarFrom(bars, state.evaluatedThrough));
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
      // Another run may have taken the lock since this one lost it: it writes, this one stops.
      if (!lock.held()) throw new DomainError('UNAVAILABLE', LOCK_LOST);
      await recordEvents(withEvents, through, types, result);
      result.updated += await repo.writeMoves(moves);
      lap('write');
      if (rows.length < batchSize) break;
    }
    return result;
  }

  return {
    /** One lifecycle run (the 'alerts.lifecycle' job, every minute). */
    async run(options: LifecycleRunOptions = {}): Promise<LifecycleRunResult> {
      const through = options.through ? options.through.getTime() : defaultThrough();
      const result = await repo.withRunLock((lock) => runLocked(lock, through, options.batchSize ?? LIFECYCLE_BATCH));
      if (result === 'busy') return { skipped: 'busy', ...emptyResult(through) };
      for (const k of Object.keys(result.ms) as (keyof LifecycleRunResult['ms'])[])
        result.ms[k] = Math.round(result.ms[k]);
      if (result.triggers > 0 || result.unavailable > 0) log.info({ ...result }, 'alert lifecycle run');
      return result;
    },
  };
}
export type LifecycleService = ReturnType<typeof createLifecycleService>;
