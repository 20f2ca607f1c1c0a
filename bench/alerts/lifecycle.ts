/**
 * `npm run bench:alerts:lifecycle -w @drat/bench`: the alert lifecycle with 100,000 open alerts
 * evaluated against a new minute bar (target: under 2 s).
 *
 * 1. The pure engine (@drat/engine evaluateAlert): BENCH_ALERTS alerts over the simulated
 *    universe, each against its ticker's new minute bar, in memory. Best of five.
 * 2. The whole job (the lifecycle service, as the 'alerts.lifecycle' worker runs it): an embedded
 *    PostgreSQL of its own, migrated, with BENCH_ALERTS open alerts evaluated through the previous
 *    minute; one run for the next minute: the lock, one bars() call per ticker, reading the alerts
 *    in batches, evaluating them, writing every alert's new latest price and evaluated_through, and
 *    the alerts with an event (BENCH_EVENT_SHARE of them, 0.5 % by default: they enter their buy
 *    range) with their triggers. Then a second minute (the steady state).
 *
 * Prints figures; never fails on time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { evaluateAlert, initialAlertState, type AlertLevels, type PriceBar } from '@drat/engine';
import { connect, runMigrations, type Database } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../apps/server/src/db/embedded';
import { seedCatalogue } from '../../apps/server/src/db/seed/catalogue';
import { createAlertEvents } from '../../apps/server/src/modules/alerts/events/alert-events';
import { announcerRepo } from '../../apps/server/src/modules/alerts/events/announcer.repo';
import { createAnnouncer } from '../../apps/server/src/modules/alerts/events/announcer.service';
import { lifecycleRepo } from '../../apps/server/src/modules/alerts/lifecycle/lifecycle.repo';
import { createLifecycleService } from '../../apps/server/src/modules/alerts/lifecycle/lifecycle.service';
import { alertTypesRepo } from '../../apps/server/src/modules/alerts/types/alert-types.repo';
import { createSimMarket } from '../../apps/server/src/providers/market/sim/index';
import { machineLine } from '../api/server';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 100_000);
const EVENT_SHARE = Number(process.env.BENCH_EVENT_SHARE ?? 0.005);
const TARGET_MS = 2000;
const MIN = 60_000;
// Tuesday 2026-03-10, 11:00 New York time: the minute being evaluated is 10:59-11:00.
const T = Date.UTC(2026, 2, 10, 15, 0);

const log = pino({ level: 'silent' });
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

async function main(): Promise<void> {
  let wall = T;
  const market = createSimMarket({ seed: 'bench', speed: 1, alwaysOpen: false, wallClock: () => wall });
  const tickers = await market.universe();
  const quotes = new Map((await market.quotes(tickers)).map((q) => [q.symbol, q.last]));
  const symbols = tickers.filter((s) => quotes.has(s));
  console.log(
    `bench/alerts/lifecycle: ${ALERTS.toLocaleString('en-US')} open alerts over ${symbols.length} tickers\n${machineLine()}\n`,
  );

  // Every alert's levels: most wait under the price; EVENT_SHARE hold the price in their buy range.
  const every = Math.max(1, Math.round(1 / EVENT_SHARE));
  const rows = Array.from({ length: ALERTS }, (_, i) => {
    const ticker = symbols[i % symbols.length]!;
    const p = quotes.get(ticker)!;
    const entering = i % every === 0;
    const spread = 1 + (i % 17) * 0.001;
    return {
      ticker,
      alertPrice: p,
      buyRangeLow: entering ? p * 0.97 : (p * 0.9) / spread,
      buyRangeHigh: entering ? p * 1.03 : (p * 0.92) / spread,
      targetRangeLow: p * 1.1 * spread,
      targetRangeHigh: p * 1.2 * spread,
      stopLoss: (p * 0.85) / spread,
    };
  });

  // 1. The pure engine.
  const bars = new Map<string, PriceBar[]>();
  for (const s of symbols) {
    bars.set(
      s,
      (await market.bars(s, '1min', new Date(T - MIN), new Date(T))).map((b) => ({ ...b, time: b.time * 1000 })),
    );
  }
  const levels: AlertLevels[] = rows.map((r) => ({ ...r, expiresAt: null }));
  const start = { ...initialAlertState(), evaluatedThrough: T - MIN };
  let best = Infinity;
  let events = 0;
  for (let round = 0; round < 5; round++) {
    events = 0;
    const t0 = performance.now();
    for (let i = 0; i < levels.length; i++) {
      events += evaluateAlert(levels[i]!, start, bars.get(levels[i]!.ticker)!, T).events.length;
    }
    best = Math.min(best, performance.now() - t0);
  }
  console.log(
    `engine only:  ${fmt(best)} for ${ALERTS.toLocaleString('en-US')} alerts (${events} events), ${Math.round((ALERTS / best) * 1000).toLocaleString('en-US')} alerts/s`,
  );

  // 2. The whole job on a real database.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drat-bench-lifecycle-'));
  let embedded: EmbeddedDatabase | undefined;
  let database: Database | undefined;
  try {
    embedded = await startEmbeddedPostgres(dir, log);
    database = connect(embedded.url, 10);
    await runMigrations(database.db);
    await seedCatalogue(database.db);
    const typeId = (await database.pool.query<{ id: number }>("select id from alert_types where name = 'SWING-ALERTS'"))
      .rows[0]!.id;
    const t0 = performance.now();
    for (let i = 0; i < rows.length; i += 10_000) {
      const chunk = rows.slice(i, i + 10_000);
      const col = (k: keyof (typeof rows)[number]) =>
        chunk.map((r) => (typeof r[k] === 'number' ? (r[k] as number).toFixed(4) : r[k]));
      await database.pool.query(
        `insert into alerts (alert_type_id, ticker, alert_price, buy_range_low, buy_range_high, target_range_low,
                             target_range_high, stop_loss, risk_percent, reward_percent, embeds, evaluated_through, created_at,
                             announced_at)
         select $1, t.ticker, t.ap, t.bl, t.bh, t.tl, t.th, t.sl, 10, 20,
                '[{"fields":[{"id":1,"label":"Setup","value":"Bench"}]}]'::jsonb, $9::timestamptz, $9::timestamptz - interval '1 day',
                $9::timestamptz - interval '1 day'
           from unnest($2::text[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[], $8::numeric[])
                as t(ticker, ap, bl, bh, tl, th, sl)`,
        [
          typeId,
          col('ticker'),
          col('alertPrice'),
          col('buyRangeLow'),
          col('buyRangeHigh'),
          col('targetRangeLow'),
          col('targetRangeHigh'),
          col('stopLoss'),
          new Date(T - MIN),
        ],
      );
    }
    await database.pool.query('analyze alerts');
    console.log(
      `seeded ${ALERTS.toLocaleString('en-US')} open alerts in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const events = createAlertEvents(log);
    let heard = 0;
    events.onTriggerCreated(() => {
      heard += 1;
    });
    const types = alertTypesRepo(database.db);
    const announcer = createAnnouncer({
      repo: announcerRepo(database.db),
      types,
      events,
      now: () => market.now(),
      log,
    });
    const lifecycle = createLifecycleService({ repo: lifecycleRepo(database.db), types, market, announcer, log });
    for (const [label, through] of [
      ['first minute', T],
      ['next minute ', T + MIN],
    ] as const) {
      wall = through + 1000;
      const t1 = performance.now();
      const res = await lifecycle.run({ through: new Date(through) });
      const ms = performance.now() - t1;
      console.log(
        `whole job, ${label}: ${fmt(ms)} — ${res.alerts.toLocaleString('en-US')} alerts read, ${res.updated.toLocaleString('en-US')} written, ${res.triggers} triggers, ${res.barsCalls} bars() calls` +
          `\n    (bars ${res.ms.bars} ms, read ${res.ms.read} ms, evaluate ${res.ms.evaluate} ms, write ${res.ms.write} ms)` +
          ` (target < ${TARGET_MS} ms: ${ms < TARGET_MS ? 'meets' : 'over'})`,
      );
    }
    console.log(`trigger listeners heard ${heard} triggers`);
    // In-place (HOT) updates skip the seven indexes; they need free room on the page (migration 0008).
    const { rows: stats } = await database.pool.query<{ upd: string; hot: string }>(
      "select n_tup_upd::text as upd, n_tup_hot_upd::text as hot from pg_stat_user_tables where relname = 'alerts'",
    );
    const [upd, hot] = [Number(stats[0]?.upd ?? 0), Number(stats[0]?.hot ?? 0)];
    console.log(
      `alert updates in place (HOT), as counted so far by PostgreSQL: ${upd > 0 ? ((hot / upd) * 100).toFixed(0) : '–'}% of ${upd.toLocaleString('en-US')}`,
    );
  } finally {
    await database?.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`bench/alerts/lifecycle: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
});
