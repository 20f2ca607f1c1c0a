/**
 * `npm run bench:alerts:api -w @drat/bench`: the alert list with 100,000 alerts in the table.
 *
 * Starts an embedded PostgreSQL of its own, then the real server on it (DATABASE_URL, demo seed,
 * migrations) on a free loopback port; seeds BENCH_ALERTS (100,000) alerts, half of them in
 * SWING-ALERTS (a type of the demo trader's Stocks plan) and the rest spread over every type;
 * prints the query plan of the page read; signs in as the demo trader and runs autocannon on
 * `GET /api/health` (the baseline) and `GET /api/alerts?name=SWING-ALERTS&limit=15&offset=0`, and,
 * for information, the other sorts, the table page of 100, a deep offset, and the page of 15 while
 * an alert of the type changes 10 times a second (each change empties the server's page cache
 * through the change feed; the lifecycle changes alerts once a minute). Prints requests/s,
 * p50 and p99 and the ratio of the page of 15 to the baseline (target: 25 % or more). It prints
 * figures and never fails on time. Only 127.0.0.1 is ever targeted.
 *
 * BENCH_SECONDS (10) per measured run, BENCH_CONNECTIONS (50), BENCH_ALERTS (100000),
 * BENCH_EXTRAS=0 skips the informative runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../apps/server/src/db/embedded';
import { machineLine, measure, printFigures, signIn, startServer, type BenchServer, type Figures } from '../api/server';
import { pageSql } from '../../apps/server/src/modules/alerts/feed/feed.repo';
import { seedAlerts } from './seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ALERTS = Number(process.env.BENCH_ALERTS ?? 100_000);
const EXTRAS = !['0', 'false', 'no', 'off'].includes((process.env.BENCH_EXTRAS ?? '1').toLowerCase());
const TYPE = 'SWING-ALERTS';
const TARGET_RATIO = 0.25;

async function explain(pool: pg.Pool, sql: string, values: unknown[]): Promise<string> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, costs off, timing off) ${sql}`,
    values,
  );
  return rows
    .map((r) => r['QUERY PLAN'])
    .filter((line) => !/^\s*(Buffers|Index Searches|Planning:)/.test(line))
    .map((line) => `  ${line}`)
    .join('\n');
}

/** Runs `work` while one alert of the type is updated every 100 ms (each update NOTIFYs the change feed). */
async function whileAlertsChange<T>(pool: pg.Pool, typeId: number, work: () => Promise<T>): Promise<T> {
  let running = true;
  const changing = (async () => {
    while (running) {
      await pool.query(
        'update alerts set latest_price = latest_price where id = (select id from alerts where alert_type_id = $1 order by id limit 1)',
        [typeId],
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    return await work();
  } finally {
    running = false;
    await changing;
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drat-bench-alerts-'));
  let database: EmbeddedDatabase | undefined;
  let server: BenchServer | undefined;
  let pool: pg.Pool | undefined;
  try {
    console.log('bench/alerts/api: starting PostgreSQL and the server…');
    database = await startEmbeddedPostgres(dir, pino({ level: 'silent' }));
    server = await startServer({ DATABASE_URL: database.url, DEMO_SEED: '1' });
    const { base } = server;
    pool = new pg.Pool({ connectionString: database.url, max: 2 });

    const seeded = await seedAlerts(pool, { count: ALERTS, focusType: TYPE, focusShare: 0.5 });
    console.log(
      `seeded ${seeded.count.toLocaleString('en-US')} alerts (${seeded.focusCount.toLocaleString('en-US')} in ${TYPE}) in ${(seeded.ms / 1000).toFixed(1)} s`,
    );
    const typeId = (await pool.query<{ id: number }>('select id from alert_types where name = $1', [TYPE])).rows[0]!.id;
    // The very SQL the server runs (modules/alerts/feed/feed.repo.ts), one row past the page for hasMore.
    console.log(
      `\nplan of the page of 15 (Most Recent, offset 0):\n${await explain(pool, pageSql('Most Recent', false), [typeId, 16, 0])}`,
    );
    console.log(
      `\nplan of a deep page (offset 45,000):\n${await explain(pool, pageSql('Most Recent', true), [typeId, 16, 45_000])}`,
    );

    const token = await signIn(base);
    const auth = { authorization: `Token ${token}` };
    const url = (q: string) => `${base}/api/alerts?name=${TYPE}&${q}`;
    const page = url('limit=15&offset=0');
    const check = await fetch(page, { headers: auth });
    const body = (await check.json()) as { alerts?: unknown[]; hasMore?: boolean };
    if (!check.ok || body.alerts?.length !== 15 || body.hasMore !== true) {
      throw new Error(`GET /api/alerts answered ${check.status}: ${JSON.stringify(body).slice(0, 300)}`);
    }

    console.log(`\nwarming up (2 s each), then ${SECONDS} s per route with ${CONNECTIONS} connections…`);
    await measure('warm-up', `${base}/api/health`, {}, 2, 10);
    await measure('warm-up', page, auth, 2, 10);
    const baseline = await measure('GET /api/health (baseline)', `${base}/api/health`, {}, SECONDS, CONNECTIONS);
    const read = await measure('GET /api/alerts (15, recent)', page, auth, SECONDS, CONNECTIONS);
    const extras: Figures[] = [];
    if (EXTRAS) {
      for (const [name, q] of [
        ['  sort Alert Rating', 'limit=15&offset=0&sort=Alert%20Rating'],
        ['  sort Min Risk', 'limit=15&offset=0&sort=Min%20Risk'],
        ['  table page of 100', 'limit=100&offset=0'],
        ['  offset 45,000', 'limit=15&offset=45000'],
      ] as const) {
        extras.push(await measure(name, url(q), auth, SECONDS, CONNECTIONS));
      }
      extras.push(
        await whileAlertsChange(pool, typeId, () =>
          measure('  15, alerts change 10×/s', page, auth, SECONDS, CONNECTIONS),
        ),
      );
    }

    console.log(
      `\n${machineLine()}, ${CONNECTIONS} connections, ${SECONDS} s each, ${ALERTS.toLocaleString('en-US')} alerts\n`,
    );
    printFigures([baseline, read, ...extras]);
    const ratio = baseline.rps > 0 ? read.rps / baseline.rps : 0;
    const verdict = ratio >= TARGET_RATIO ? 'meets' : 'below';
    console.log(
      `\nratio alerts page/baseline: ${(ratio * 100).toFixed(1)}% (target ≥ ${TARGET_RATIO * 100}%: ${verdict})`,
    );
    for (const f of [read, ...extras]) {
      if (f.non2xx > 0 || f.errors > 0)
        console.log(`note: '${f.name.trim()}' had non-2xx answers or errors; its figures are not comparable.`);
    }
  } catch (err) {
    console.error(`bench/alerts/api: ${err instanceof Error ? err.message : String(err)}`);
    const log = server?.log() ?? (err as { serverLog?: string }).serverLog;
    if (log) console.error(`--- last server output ---\n${log}`);
    process.exitCode = 1;
  } finally {
    await pool?.end().catch(() => undefined);
    await server?.stop();
    await database?.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
