/**
 * The lifecycle job against the real database and the simulated market: alerts are placed relative
 * to the simulated prices (which are known in advance: the market is deterministic), so that entry,
 * targets, stop and expiry must happen; the service runs; states and triggers are checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { classifyTriggerNote, createAlertBody, type Bar } from '@drat/contracts';
import { alerts, alertTriggers } from '../../../db/schema/index';
import { occSymbol } from '@drat/engine';
import { createSimMarket } from '../../../providers/market/sim/index';
import { createTestApp, type TestApp } from '../../../../test/harness';
import type { TriggerCreatedEvent } from '../events/alert-events';
import { lifecycleRepo, RUN_LOCK } from './lifecycle.repo';
import { createLifecycleService, LOCK_LOST } from './lifecycle.service';

// Friday 2026-03-13, 13:00 to 18:00 New York time; AAPL's weekly options expire at 16:00 (20:00 UTC).
const START = Date.UTC(2026, 2, 13, 17, 0);
const END = Date.UTC(2026, 2, 13, 22, 0);
const EXPIRY = Date.UTC(2026, 2, 13, 20, 0);
const MIN = 60_000;
const TICKERS = ['AAPL', 'MSFT', 'NVDA', 'TSLA', 'AMD', 'META', 'AMZN', 'GOOGL', 'SPY', 'QQQ'];

let wall = START;
const market = createSimMarket({ seed: 'drat-test', speed: 1, alwaysOpen: true, wallClock: () => wall });
let t: TestApp;
const triggered: TriggerCreatedEvent[] = [];
/** Every bar of the window, known in advance. */
const path = new Map<string, Bar[]>();

beforeAll(async () => {
  t = await createTestApp({ market });
  t.modules.alerts.events.onTriggerCreated((e) => {
    triggered.push(e);
  });
  wall = END;
  for (const ticker of TICKERS) path.set(ticker, await market.bars(ticker, '1min', new Date(START), new Date(END)));
  wall = START;
});
afterAll(async () => {
  await t?.close();
});

const r2 = (x: number) => Math.round(x * 100) / 100;
const extremes = (bars: Bar[]) => ({
  high: Math.max(...bars.map((b) => b.high)),
  low: Math.min(...bars.map((b) => b.low)),
});

/** Publishes an alert made at START (through the publishing service, as the API does). */
async function alertAt(fields: Record<string, unknown>, createdAt = START) {
  const body = createAlertBody.parse({ alert_type: 'SWING-ALERTS', rating: 3, ...fields });
  const { alert } = await t.modules.alerts.publish.publish(body, {
    publisherId: null,
    externalId: null,
    createdAt: new Date(createdAt),
    trustedContracts: true,
  });
  return alert.id;
}

async function stored(id: number) {
  const [row] = await t.db.select().from(alerts).where(eq(alerts.id, id));
  return row!;
}
async function triggersOf(id: number) {
  return t.db
    .select()
    .from(alertTriggers)
    .where(eq(alertTriggers.alertId, id))
    .orderBy(asc(alertTriggers.occurredAt), asc(alertTriggers.id));
}
const run = (through: number) => t.modules.alerts.lifecycle.run({ through: new Date(through) });

/** A ticker whose window satisfies `ok` (the simulated prices are fixed by the seed). */
function tickerWhere(ok: (p0: number, rest: { high: number; low: number }) => boolean): {
  ticker: string;
  bars: Bar[];
  p0: number;
} {
  for (const ticker of TICKERS) {
    const bars = path.get(ticker)!;
    const p0 = bars[0]!.close;
    if (ok(p0, extremes(bars.slice(1)))) return { ticker, bars, p0 };
  }
  throw new Error('no ticker moves enough in the window');
}

describe('the lifecycle job on the simulated market', () => {
  const ids: Record<string, number> = {};
  let rising: ReturnType<typeof tickerWhere>;
  let falling: ReturnType<typeof tickerWhere>;
  let contract: { symbol: string; bars: Bar[] };

  beforeAll(async () => {
    // Entry at once, then both targets, never the stop.
    rising = tickerWhere((p0, r) => r.high > p0 * 1.006);
    const all = extremes(rising.bars);
    const gain = all.high - rising.p0;
    ids.targets = await alertAt({
      ticker: rising.ticker,
      alert_price: r2(rising.p0),
      buy_range_low: r2(rising.p0 * 0.999),
      buy_range_high: r2(rising.p0 * 1.001),
      target_range_low: r2(rising.p0 + 0.4 * gain),
      target_range_high: r2(rising.p0 + 0.8 * gain),
      stop_loss: r2(Math.min(all.low, rising.p0 * 0.999) - 1),
    });
    // Entry at once, then the stop, never a target.
    falling = tickerWhere((p0, r) => r.low < p0 * 0.996);
    const down = extremes(falling.bars);
    ids.stop = await alertAt({
      ticker: falling.ticker,
      alert_price: r2(falling.p0),
      buy_range_low: r2(falling.p0 * 0.999),
      buy_range_high: r2(falling.p0 * 1.001),
      target_range_low: r2(down.high + 5),
      target_range_high: r2(down.high + 10),
      stop_loss: r2(falling.p0 - 0.6 * (falling.p0 - extremes(falling.bars.slice(1)).low)),
    });
    // Never trades in its buy range: stays open and follows the price.
    const quiet = path.get('MSFT')!;
    const q = extremes(quiet);
    ids.waiting = await alertAt({
      ticker: 'MSFT',
      alert_price: r2(quiet[0]!.close),
      buy_range_low: r2(q.low - 20),
      buy_range_high: r2(q.low - 10),
      target_range_low: r2(q.high + 10),
      target_range_high: r2(q.high + 20),
      stop_loss: r2(q.low - 30),
    });
    // An options alert on the premium of a weekly call expiring at 16:00 today: entered, then expired.
    wall = START;
    const chain = await market.optionChain('AAPL', '2026-03-13');
    const spot = path.get('AAPL')![0]!.close;
    const call = chain
      .filter((o) => o.option_type === 'call' && o.strike >= spot)
      .sort((a, b) => a.strike - b.strike)[0]!;
    wall = END;
    contract = {
      symbol: occSymbol('AAPL', '2026-03-13', 'call', call.strike),
      bars: await market.bars(call.symbol, '1min', new Date(START), new Date(END)),
    };
    wall = START;
    const c0 = contract.bars[0]!.close;
    const c = extremes(contract.bars);
    ids.expiring = await alertAt({
      alert_type: 'OPTIONS-ALERTS',
      ticker: 'AAPL',
      strategy: 'BUY CALL',
      single_strike: call.strike,
      single_expiration: '2026-03-13',
      alert_price: c0,
      buy_range_low: r2(Math.max(0.01, c0 - 0.01)),
      buy_range_high: r2(c0 + 0.01),
      target_range_low: r2(c.high + 1),
      target_range_high: r2(c.high + 2),
      stop_loss: 0.005,
    });
    // Deleted alerts are left alone.
    ids.deleted = await alertAt({
      ticker: rising.ticker,
      alert_price: r2(rising.p0),
      buy_range_low: r2(rising.p0 * 0.999),
      buy_range_high: r2(rising.p0 * 1.001),
      target_range_low: r2(rising.p0 * 1.5),
      target_range_high: r2(rising.p0 * 2),
      stop_loss: r2(rising.p0 * 0.5),
    });
    await t.db.update(alerts).set({ deletedAt: new Date() }).where(eq(alerts.id, ids.deleted));
  });

  it('runs up to the end of the window and records what happened', async () => {
    wall = END;
    const res = await run(END);
    expect(res).toMatchObject({ through: new Date(END).toISOString() });
    expect(res.alerts).toBeGreaterThanOrEqual(4);
    expect(res.triggers).toBeGreaterThanOrEqual(7);
    expect(res.unavailable).toBe(0);
  });

  it('entry, target 1 and target 2: completed at TARGET 2 at the top target', async () => {
    const a = await stored(ids.targets!);
    const tr = await triggersOf(ids.targets!);
    expect(tr.map((x) => x.kind)).toEqual(['BUY_RANGE', 'TARGET_1', 'TARGET_2']);
    expect(a).toMatchObject({ completed: true, halfCompleted: true, completedStatus: 'TARGET 2' });
    expect(Number(a.exitPrice)).toBe(Number(a.targetRangeHigh));
    expect(Number(a.halfExitPrice)).toBe(Number(a.targetRangeLow));
    expect(Number(a.plDollar)).toBeCloseTo(Number(a.targetRangeHigh) - Number(a.alertPrice), 4);
    expect(Number(a.plPercent)).toBeCloseTo(
      ((Number(a.targetRangeHigh) - Number(a.alertPrice)) / Number(a.alertPrice)) * 100,
      3,
    );
    expect(a.enteredAt!.getTime()).toBe(START);
    expect(a.lastTriggerDate!.getTime()).toBe(tr[2]!.occurredAt.getTime());
    expect(a.completedAt!.getTime()).toBe(tr[2]!.occurredAt.getTime());
    expect(tr.map((x) => classifyTriggerNote(x.triggerNote))).toEqual(['br', 'ph', 'ph']);
    for (const x of tr) {
      expect(x.ticker).toBe(rising.ticker);
      expect(x.createdAt.getTime()).toBe(x.occurredAt.getTime());
    }
    // The minute target 2 was reached is the first whose high reached it.
    const hit = rising.bars.find((b) => b.time * 1000 > START && b.high >= Number(a.targetRangeHigh))!;
    expect(tr[2]!.occurredAt.getTime()).toBe(hit.time * 1000);
  });

  it('entry then the stop: completed with STOP at the stop (or a gap’s open)', async () => {
    const a = await stored(ids.stop!);
    const tr = await triggersOf(ids.stop!);
    expect(tr.map((x) => x.kind)).toEqual(['BUY_RANGE', 'STOP']);
    expect(a).toMatchObject({ completed: true, halfCompleted: false, completedStatus: 'STOP' });
    expect(Number(a.exitPrice)).toBeLessThanOrEqual(Number(a.stopLoss));
    expect(Number(a.plDollar)).toBeLessThan(0);
    expect(tr.map((x) => classifyTriggerNote(x.triggerNote))).toEqual(['br', 'sl']);
  });

  it('an alert that never trades in its buy range stays ONGOING, following the price', async () => {
    const a = await stored(ids.waiting!);
    expect(await triggersOf(ids.waiting!)).toEqual([]);
    const bars = path.get('MSFT')!;
    expect(a).toMatchObject({ completed: false, completedStatus: 'ONGOING', enteredAt: null, exitPrice: null });
    expect(Number(a.latestPrice)).toBeCloseTo(bars[bars.length - 1]!.close, 4);
    expect(a.evaluatedThrough!.getTime()).toBe(END);
  });

  it('an options alert follows its contract’s premium and expires at 16:00 New York time at the last premium', async () => {
    const a = await stored(ids.expiring!);
    const tr = await triggersOf(ids.expiring!);
    expect(tr.map((x) => x.kind)).toEqual(['BUY_RANGE', 'EXPIRED']);
    const lastBeforeExpiry = contract.bars.filter((b) => b.time * 1000 + MIN <= EXPIRY).at(-1)!;
    expect(a).toMatchObject({ completed: true, completedStatus: 'EXPIRED' });
    expect(a.completedAt!.getTime()).toBe(EXPIRY);
    expect(Number(a.exitPrice)).toBeCloseTo(lastBeforeExpiry.close, 4);
    expect(Number(a.latestPrice)).toBeCloseTo(lastBeforeExpiry.close, 4);
    expect(['ph', 'sl']).toContain(classifyTriggerNote(tr[1]!.triggerNote));
  });

  it('leaves deleted alerts alone', async () => {
    const a = await stored(ids.deleted!);
    expect(a.evaluatedThrough).toBeNull();
    expect(await triggersOf(ids.deleted!)).toEqual([]);
  });

  it('tells the trigger listeners once per new trigger, with the alert as written', async () => {
    const mine = triggered.filter((e) => Object.values(ids).includes(e.alert.id));
    const stored = await t.db
      .select()
      .from(alertTriggers)
      .where(inArray(alertTriggers.alertId, Object.values(ids)));
    expect(mine.map((e) => e.trigger.id).sort()).toEqual(stored.map((x) => x.id).sort());
    // Told of, so the announce sweep leaves them be.
    expect(stored.filter((x) => x.announcedAt === null)).toEqual([]);
    const t2 = mine.find((e) => e.trigger.kind === 'TARGET_2')!;
    expect(t2.alert).toMatchObject({ id: ids.targets, completed: true, completedStatus: 'TARGET 2' });
    expect(t2.alertType).toMatchObject({ name: 'SWING-ALERTS', category: 'STOCKS' });
    // Found at the end of a five-hour window: the early ones are late.
    expect(mine.find((e) => e.trigger.kind === 'BUY_RANGE')!.late).toBe(true);
  });

  it('running the same window again writes nothing new', async () => {
    const before = await t.db.select().from(alertTriggers).orderBy(asc(alertTriggers.id));
    const alertsBefore = await t.db.select().from(alerts).orderBy(asc(alerts.id));
    const heard = triggered.length;
    const again = await run(END);
    expect(again.triggers).toBe(0);
    expect(again.updated).toBe(0);
    expect(await t.db.select().from(alertTriggers).orderBy(asc(alertTriggers.id))).toEqual(before);
    expect(await t.db.select().from(alerts).orderBy(asc(alerts.id))).toEqual(alertsBefore);
    expect(triggered.length).toBe(heard);
  });
});

describe('catching up and running often give the same result', () => {
  it('one run over five hours equals a run every 7 minutes, alert for alert', async () => {
    // Levels from the prices after the alerts are made, an hour into the window.
    const pick = path.get('TSLA')!.slice(60);
    const p0 = pick[0]!.open;
    const e = extremes(pick);
    const levels = {
      ticker: 'TSLA',
      alert_price: r2(p0),
      buy_range_low: r2(p0 * 0.999),
      buy_range_high: r2(p0 * 1.001),
      target_range_low: r2(Math.max(p0 * 1.002, p0 + 0.3 * (e.high - p0))),
      target_range_high: r2(Math.max(p0 * 1.004, p0 + 0.7 * (e.high - p0))),
      stop_loss: r2(Math.min(p0 * 0.998, p0 - 0.5 * (p0 - e.low))),
    };
    // Two identical alerts (different types) made an hour into the window.
    const made = START + 60 * MIN;
    const a = await alertAt({ ...levels, alert_type: 'DAY-TRADE-ALERTS' }, made);
    const b = await alertAt({ ...levels, alert_type: 'BREAKOUT-ALERTS' }, made);
    // b moves every 7 minutes; a waits, then catches up in one run.
    const strip = (x: Awaited<ReturnType<typeof stored>>) => {
      // evaluated_through of a completed alert is the run that completed it: it differs by design.
      const { id: _id, alertTypeId: _type, createdAt: _c, evaluatedThrough: _e, ...rest } = x;
      return rest;
    };
    await t.db
      .update(alerts)
      .set({ evaluatedThrough: new Date(END) })
      .where(and(eq(alerts.id, a)));
    for (let at = made + 7 * MIN; at < END; at += 7 * MIN) {
      wall = at;
      await run(at);
    }
    wall = END;
    await run(END);
    await t.db.update(alerts).set({ evaluatedThrough: null }).where(eq(alerts.id, a));
    await run(END);
    expect(strip(await stored(a))).toEqual(strip(await stored(b)));
    const ta = (await triggersOf(a)).map((x) => [x.kind, x.lastPrice, x.triggerNote, x.occurredAt.getTime()]);
    const tb = (await triggersOf(b)).map((x) => [x.kind, x.lastPrice, x.triggerNote, x.occurredAt.getTime()]);
    expect(ta).toEqual(tb);
    expect(ta.length).toBeGreaterThan(0);
  });
});

describe('running twice at once', () => {
  it('writes every trigger once: one run works, the other finds it busy or nothing to do', async () => {
    const bars = path.get('AMD')!;
    const p0 = bars[0]!.close;
    const e = extremes(bars);
    const made: number[] = [];
    for (let i = 0; i < 40; i++) {
      made.push(
        await alertAt({
          ticker: 'AMD',
          alert_type: 'SQUEEZE-ALERTS',
          alert_price: r2(p0),
          buy_range_low: r2(p0 * (0.998 - i * 0.0001)),
          buy_range_high: r2(p0 * 1.001),
          target_range_low: r2(p0 + (0.2 + i * 0.01) * (e.high - p0) + 0.01),
          target_range_high: r2(p0 + (0.5 + i * 0.01) * (e.high - p0) + 0.02),
          stop_loss: r2(Math.min(p0 * (0.997 - i * 0.0001), p0 - (0.3 + i * 0.01) * (p0 - e.low))),
        }),
      );
    }
    wall = END;
    const results = await Promise.all([run(END), run(END), run(END)]);
    expect(results.some((r) => r.triggers > 0)).toBe(true);
    const rows = await t.db.select().from(alertTriggers).where(inArray(alertTriggers.alertId, made));
    const keys = rows.map((r) => `${r.alertId}:${r.kind}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(results.reduce((n, r) => n + r.triggers, 0)).toBe(rows.length);
  });
});

describe('the run lock', () => {
  /** Ends the connection that holds this database's advisory lock, as a restart would, and waits for pg to hear it. */
  async function endLockConnection(): Promise<void> {
    const ended = await t.db.execute(sql`
      select pg_terminate_backend(pid) as ended from pg_locks
       where locktype = 'advisory' and granted and classid = 0 and objid = ${RUN_LOCK} and objsubid = 1
         and database = (select oid from pg_database where datname = current_database())`);
    expect(ended.rows).toEqual([{ ended: true }]);
    await new Promise((r) => setTimeout(r, 300));
  }

  it("is one run's at a time, and is no longer held once the database ends its connection", async () => {
    const repo = lifecycleRepo(t.db);
    const outcome = await repo.withRunLock(async (lock) => {
      expect(lock.held()).toBe(true);
      expect(await repo.withRunLock(async () => 'ran')).toBe('busy');
      await endLockConnection();
      expect(lock.held()).toBe(false);
      // The lock went with the connection: another run takes it now.
      expect(await repo.withRunLock(async () => 'ran')).toBe('ran');
      return 'done';
    });
    expect(outcome).toBe('done');
    // The pool serves the next run on a good connection.
    expect(await repo.withRunLock(async (lock) => lock.held())).toBe(true);
  });

  it('a run whose lock was lost while it fetched bars stops before writing, with an error the job tries again', async () => {
    const p0 = path.get('MSFT')![0]!.close;
    const id = await alertAt({
      ticker: 'MSFT',
      alert_price: r2(p0),
      buy_range_low: r2(p0 * 0.5),
      buy_range_high: r2(p0 * 0.6),
      target_range_low: r2(p0 * 2),
      target_range_high: r2(p0 * 3),
      stop_loss: r2(p0 * 0.4),
    });
    const before = await stored(id);
    let cut = false;
    const lifecycle = createLifecycleService({
      repo: lifecycleRepo(t.db),
      types: { all: async () => [] },
      market: {
        ...market,
        async bars(...args: Parameters<typeof market.bars>) {
          if (!cut) {
            cut = true;
            await endLockConnection();
          }
          return market.bars(...args);
        },
      },
      announcer: { triggersCreated: async () => undefined },
      log: pino({ level: 'silent' }),
    });
    wall = END;
    await expect(lifecycle.run({ through: new Date(END) })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: LOCK_LOST,
    });
    expect(cut).toBe(true);
    const after = await stored(id);
    expect(after.evaluatedThrough).toEqual(before.evaluatedThrough);
    expect(after.latestPrice).toEqual(before.latestPrice);
    // Once the database is itself again, the next run writes.
    const next = await lifecycle.run({ through: new Date(END) });
    expect(next.updated).toBeGreaterThan(0);
    expect((await stored(id)).evaluatedThrough).not.toEqual(before.evaluatedThrough);
  });
});

describe('after long downtime', () => {
  it('catches up at most seven days back', async () => {
    const p = path.get('QQQ')![0]!.close;
    const id = await alertAt(
      {
        ticker: 'QQQ',
        alert_price: r2(p),
        buy_range_low: r2(p * 10),
        buy_range_high: r2(p * 11),
        target_range_low: r2(p * 12),
        target_range_high: r2(p * 13),
        stop_loss: r2(p * 9),
      },
      START - 30 * 86_400_000,
    );
    wall = END;
    const res = await run(END);
    expect(res.unavailable).toBe(0);
    const a = await stored(id);
    expect(a.evaluatedThrough!.getTime()).toBe(END);
    expect(Number(a.latestPrice)).toBeCloseTo(path.get('QQQ')!.at(-1)!.close, 4);
  });
});
