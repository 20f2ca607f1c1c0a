/**
 * `npm run bench:market:http -w @drat/bench`: market endpoints and live fan-out of a real server.
 *
 * 1. HTTP: autocannon against `GET /api/health` (the baseline: a bare route of the same server)
 *    and the authenticated `GET /api/stock/price?ticker=AAPL`; prints requests/s, p50, p99 and
 *    the ratio (target ≥ 50%).
 * 2. WebSocket fan-out: 1,000 sockets of the demo trader on /api/ws; a user event is published
 *    with publishUserEvent (one PostgreSQL NOTIFY) and the time until each socket has it is
 *    recorded; prints p50/p95/p99/max over every delivery and over each round's last delivery
 *    (target p99 < 100 ms).
 *
 * The bench runs its own embedded PostgreSQL and gives the server its DATABASE_URL, so that it can
 * NOTIFY on the same database. It prints figures; it never fails on time. Only 127.0.0.1 is used.
 *
 * BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_WS_CLIENTS (1000), BENCH_WS_ROUNDS (50);
 * BENCH_PARTS (http,ws) runs only the parts named.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import WebSocket from 'ws';
import { connect, type Database } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../apps/server/src/db/embedded';
import { createUserEvents } from '../../apps/server/src/modules/live/user-events';
import { userEventsRepo } from '../../apps/server/src/modules/live/user-events.repo';
import { DEMO, machineLine, measure, printFigures, signIn, sleep, startServer, type BenchServer } from '../api/server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WS_CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 1000);
const WS_ROUNDS = Number(process.env.BENCH_WS_ROUNDS ?? 50);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'http,ws').split(',').map((p) => p.trim()));
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 100;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function summary(label: string, values: number[]): string {
  const s = [...values].sort((a, b) => a - b);
  const f = (v: number) => v.toFixed(1).padStart(8);
  return `${label.padEnd(34)}${f(percentile(s, 50))}${f(percentile(s, 95))}${f(percentile(s, 99))}${f(s.at(-1) ?? NaN)}${String(s.length).padStart(9)}`;
}

/** Opens `count` authenticated sockets (in batches) and calls `onEvent(seq, at)` for each bench event. */
async function openSockets(
  url: string,
  token: string,
  count: number,
  onEvent: (seq: number, at: number) => void,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  const one = () =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url);
      const timer = setTimeout(() => reject(new Error('a socket was not ready within 30 s')), 30_000);
      ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
      ws.on('message', (data) => {
        const at = performance.now();
        const text = data.toString();
        if (text === '{"type":"ready"}') {
          clearTimeout(timer);
          resolve(ws);
          return;
        }
        const m = /"kind":"bench","payload":\{"seq":(-?\d+)\}/.exec(text);
        if (m) onEvent(Number(m[1]), at);
      });
      ws.on('close', (code) => reject(new Error(`a socket closed with ${code} before it was ready`)));
      ws.on('error', reject);
    });
  for (let i = 0; i < count; i += 50)
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, one))));
  return sockets;
}

async function fanOut(server: BenchServer, database: Database, token: string): Promise<void> {
  const { rows } = await database.pool.query<{ id: number }>('select id from users where email = $1', [DEMO.username]);
  const userId = rows[0]?.id;
  if (userId === undefined) throw new Error(`no user ${DEMO.username}`);
  const events = createUserEvents({ repo: userEventsRepo(database.db), now: () => new Date() });

  const sent = new Map<number, number>();
  const received = new Map<number, number[]>();
  const onEvent = (seq: number, at: number) => {
    const t0 = sent.get(seq);
    if (t0 !== undefined) received.get(seq)?.push(at - t0);
  };
  console.log(`\nopening ${WS_CLIENTS} WebSockets to /api/ws…`);
  const opened = performance.now();
  const sockets = await openSockets(`ws://127.0.0.1:${server.port}/api/ws`, token, WS_CLIENTS, onEvent);
  console.log(
    `${sockets.length} sockets signed in in ${((performance.now() - opened) / 1000).toFixed(1)} s; ${WS_ROUNDS} events, 100 ms apart…`,
  );

  for (let seq = -3; seq < WS_ROUNDS; seq += 1) {
    received.set(seq, []);
    sent.set(seq, performance.now());
    await events.publishUserEvent(userId, { kind: 'bench', payload: { seq } });
    await sleep(100);
  }
  await sleep(1000);
  for (const ws of sockets) ws.terminate();

  const all: number[] = [];
  const firstOfRound: number[] = [];
  const lastOfRound: number[] = [];
  let missing = 0;
  for (let seq = 0; seq < WS_ROUNDS; seq += 1) {
    const got = received.get(seq) ?? [];
    all.push(...got);
    missing += WS_CLIENTS - got.length;
    if (got.length) {
      firstOfRound.push(Math.min(...got));
      lastOfRound.push(Math.max(...got));
    }
  }
  console.log(
    `\n${machineLine()}, ${WS_CLIENTS} sockets of one user, ${WS_ROUNDS} events (3 warm-up events not counted)\n`,
  );
  console.log(
    `${'NOTIFY → socket, ms'.padEnd(34)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}${'max'.padStart(8)}${'samples'.padStart(9)}`,
  );
  console.log(summary('every delivery', all));
  console.log(summary('first delivery of each event', firstOfRound));
  console.log(summary('last delivery of each event', lastOfRound));
  const p99 = percentile(
    [...all].sort((a, b) => a - b),
    99,
  );
  console.log(
    `\nfan-out p99: ${p99.toFixed(1)} ms (target < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'meets' : 'above'}); deliveries missing: ${missing}`,
  );
}

/** autocannon: the bare health route against the authenticated price look-up, in the same run. */
async function httpPart(base: string, token: string): Promise<void> {
  const auth = { authorization: `Token ${token}` };
  const health = `${base}/api/health`;
  const price = `${base}/api/stock/price?ticker=AAPL`;
  const check = await fetch(price, { headers: auth });
  if (!check.ok) throw new Error(`GET /api/stock/price answered ${check.status}: ${await check.text()}`);
  console.log(`GET /api/stock/price?ticker=AAPL → ${await check.text()}`);

  console.log(`warming up (3 s each), then ${SECONDS} s per route with ${CONNECTIONS} connections…`);
  await measure('warm-up', health, {}, 3, CONNECTIONS);
  await measure('warm-up', price, auth, 3, CONNECTIONS);
  const baseline = await measure('GET /api/health (baseline)', health, {}, SECONDS, CONNECTIONS);
  const read = await measure('GET /api/stock/price', price, auth, SECONDS, CONNECTIONS);
  console.log(`\n${machineLine()}, ${CONNECTIONS} connections, ${SECONDS} s each\n`);
  printFigures([baseline, read]);
  const ratio = baseline.rps > 0 ? read.rps / baseline.rps : 0;
  const verdict = ratio >= TARGET_RATIO ? 'meets' : 'below';
  console.log(
    `\nratio stock/price / baseline: ${(ratio * 100).toFixed(1)}% (target ≥ ${TARGET_RATIO * 100}%: ${verdict})`,
  );
  if (read.non2xx > 0 || read.errors > 0)
    console.log('note: the stock/price run had non-2xx answers or errors; its figures are not comparable.');
}

async function main(): Promise<void> {
  const log = pino({ level: 'warn' });
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drat-bench-pg-'));
  let embedded: EmbeddedDatabase | undefined;
  let server: BenchServer | undefined;
  let database: Database | undefined;
  try {
    console.log('bench/market: starting PostgreSQL and the server…');
    embedded = await startEmbeddedPostgres(pgDir, log);
    server = await startServer({ DATABASE_URL: embedded.url, DEMO_SEED: '1' });
    database = connect(embedded.url, 2);
    const token = await signIn(server.base);
    if (PARTS.has('http')) await httpPart(server.base, token);
    if (PARTS.has('ws')) await fanOut(server, database, token);
  } catch (err) {
    console.error(`bench/market: ${err instanceof Error ? err.message : String(err)}`);
    const serverLog = server?.log() ?? (err as { serverLog?: string }).serverLog;
    if (serverLog) console.error(`--- last server output ---\n${serverLog}`);
    process.exitCode = 1;
  } finally {
    await database?.close().catch(() => undefined);
    await server?.stop();
    await embedded?.stop().catch((err: unknown) => console.error(String(err)));
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
}

await main();
