import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_EVENT } from '@drat/contracts';
import { PLACED_AGAIN } from '../providers/broker/paper/paper';
import { createSimMarket } from '../providers/market/sim/index';
import {
  postmasterPid,
  signInTo,
  startPostgresAgain,
  startServerProcess,
  statusOf,
  stopPostgres,
  until,
  type ServerProcess,
} from '../../test/server-process';
import { signedInSocket, type TestSocket } from '../../test/ws-client';
import { startEmbeddedPostgres } from './embedded';

/**
 * Issue 29, item 4: two server processes (`npm start`'s main.ts, each with HTTP, the socket and
 * every job worker) on one PostgreSQL, and a third that only answers the API (`WORKERS=0`, as the
 * README's API processes run). Traders place trades through all three with an Idempotency-Key, and
 * retry on another process what went unanswered, as the web app's retry does. One worker process
 * is killed with SIGKILL in the middle of it and started again; later the database itself is
 * restarted under load. After each: every order reached the broker exactly once (counted by client
 * order id, and no process placed a known one again), every trade agrees with its orders at the
 * broker, each key made one trade, no job was lost, and the minute's jobs ran once a minute, not
 * once per process.
 */

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
/** The processes' simulated market (its defaults with the demo seed: always open); the test computes the same prices. */
const market = createSimMarket({ seed: 'drat', speed: 1, alwaysOpen: true });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cents = (n: number) => Math.round(n * 100) / 100;

let dataDir: string;
let pgDir: string;
let databaseUrl: string;
/** Two with workers, then one without; a killed one is replaced by its restart in the same place. */
const servers: ServerProcess[] = [];
/** What any process, the killed one too, logged of an order placed again under a tag the broker had. */
const placedAgain: string[] = [];
/** When every process was up: the minute's jobs are checked from here. */
let allUp: Date;
const sockets: TestSocket[] = [];
let tickers: string[];

interface Trader {
  email: string;
  id: number;
  token: string;
  /** The create call and the body's own fields (the live trader names its brokerage account). */
  url: string;
  extra: Record<string, unknown>;
}
let demo: Trader;
let live: Trader;

/** One query on a connection of its own: the database may have been restarted since the last. */
async function query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The processes' settings (the simulated market pinned to what `market` above computes). */
const env = (workers = true) => ({
  DATABASE_URL: databaseUrl,
  DEMO_SEED: '1',
  SIM_SEED: 'drat',
  SIM_SPEED: '1',
  WORKERS: workers ? '1' : '0',
});

/** Starts a process and keeps, from its output, each line where the broker saw a tag placed again. */
async function started(workers: boolean, dataDir?: string): Promise<ServerProcess> {
  const server = await startServerProcess(env(workers), dataDir);
  let rest = '';
  const scan = (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop()!;
    placedAgain.push(...lines.filter((l) => l.includes(PLACED_AGAIN)));
  };
  server.child.stdout!.on('data', scan);
  server.child.stderr!.on('data', scan);
  return server;
}

async function trader(email: string, url: string, extra: (id: number) => Record<string, unknown>): Promise<Trader> {
  const [row] = await query<{ id: number }>('select id from users where email = $1', [email]);
  return { email, id: row!.id, token: await signInTo(servers[1]!.base, email), url, extra: extra(row!.id) };
}

/** A trade whose two buys the quote already meets (filled as placed: OPEN at once), or two resting under it. */
async function tradeBody(ticker: string, marketable: boolean): Promise<Record<string, unknown>> {
  const [q] = await market.quotes([ticker]);
  const buy = marketable ? [1.02, 1.03] : [0.9, 0.95];
  return {
    ticker,
    trade_type: 'CUSTOM',
    buy_range_low: cents(q!.ask * buy[0]!),
    buy_range_high: cents(q!.ask * buy[1]!),
    target_range_low: cents(q!.ask * 1.3),
    target_range_high: cents(q!.ask * 1.4),
    stop_loss: cents(q!.ask * 0.7),
    amount_buy_range_low: 1,
    amount_buy_range_high: 1,
  };
}

interface Placed {
  key: string;
  who: Trader;
  marketable: boolean;
  id: number;
  /** When its answer came (Date.now()), and how many requests it took. */
  answeredAt: number;
  tries: number;
}

/**
 * Places one trade as a client with an Idempotency-Key does: first through process `via`; what goes
 * unanswered (the process is gone), 503 (the database is) or 409 (the key is held by a request a
 * killed process never finished) is sent again, with the same key and body, through the next one.
 */
async function place(who: Trader, via: number, marketable: boolean, ticker: string): Promise<Placed> {
  const key = `two-processes-${randomUUID()}`;
  const body = JSON.stringify({ ...(await tradeBody(ticker, marketable)), ...who.extra });
  const refusals: string[] = [];
  for (let tries = 1, end = Date.now() + 180_000; Date.now() < end; tries++) {
    const server = servers[(via + tries - 1) % servers.length]!;
    let status = 0;
    let answer: { data?: { id?: number } } | undefined;
    try {
      const res = await fetch(`${server.base}/api${who.url}`, {
        method: 'POST',
        headers: { authorization: `Token ${who.token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body,
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      answer = (await res.json().catch(() => undefined)) as typeof answer;
      // A process killed after its headers but before its body gives a 200 with no body: unanswered.
      if (status === 200 && answer === undefined) status = 0;
    } catch {
      /* unanswered: the process was killed, or the answer never came */
    }
    if (status === 200 && typeof answer?.data?.id === 'number') {
      return { key, who, marketable, id: answer.data.id, answeredAt: Date.now(), tries };
    }
    if (![0, 409, 503].includes(status))
      throw new Error(`${who.email}'s trade was refused: ${status} ${JSON.stringify(answer)}`);
    refusals.push(String(status));
    await sleep(1_000);
  }
  throw new Error(`${who.email}'s trade (key ${key}) was never placed: ${refusals.join(', ')}`);
}

/** Places `n` trades, `parallel` at a time, alternating traders, processes and kinds; `during(i)` runs before the i-th. */
async function placeMany(n: number, parallel: number, during: (i: number) => Promise<void> | void): Promise<Placed[]> {
  const placed: Placed[] = [];
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      await during(i);
      const via = Math.floor(i / 2) % servers.length;
      placed.push(await place(i % 2 ? demo : live, via, i % 3 !== 0, tickers[i % tickers.length]!));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return placed;
}

interface OrderRow {
  trade_id: number;
  status: string;
  orders: { clientOrderId: string; side: 'buy' | 'sell'; status: string; filledQty: string }[];
}

/**
 * What the database says of these trades: their intents against the broker's orders (by client
 * order id), and each trade's orders against the broker's. Empty lists when all is well.
 */
async function disagreements(ids: number[]) {
  const intents = await query<{
    client_order_id: string;
    kind: string;
    state: string;
    copies: number;
    at_broker: number;
  }>(
    `select i.client_order_id, i.kind, i.state,
            count(*) over (partition by i.client_order_id, i.kind)::int as copies,
            (select count(*)::int from paper_orders o
              where o.tag = i.client_order_id and o.account_id = t.account_id) as at_broker
       from trade_intents i join trades t on t.id = i.trade_id where i.trade_id = any($1)`,
    [ids],
  );
  const unsent = intents.filter((i) => i.state !== 'SENT');
  const notOnce = intents.filter((i) => i.kind === 'place' && (i.copies !== 1 || i.at_broker !== 1));
  // An order at the broker that no intent of ours asked for would be a doubled one.
  const strays = await query<{ tag: string }>(
    `select o.tag from paper_orders o join trades t on t.account_id = o.account_id
      where t.id = any($1) and o.created_at >= (select min(created_at) from trades where id = any($1))
        and not exists (select 1 from trade_intents i where i.client_order_id = o.tag)
      group by o.tag`,
    [ids],
  );
  const trades = await query<OrderRow>(
    `select t.id as trade_id, t.status, t.state->'orders' as orders from trades t where t.id = any($1)`,
    [ids],
  );
  const broker = new Map(
    (
      await query<{ tag: string; status: string; filled_qty: string }>(
        `select tag, status, filled_qty from paper_orders where tag = any($1)`,
        [trades.flatMap((t) => t.orders.map((o) => o.clientOrderId))],
      )
    ).map((o) => [o.tag, o]),
  );
  const apart: string[] = [];
  for (const t of trades) {
    let bought = 0;
    for (const o of t.orders) {
      const at = broker.get(o.clientOrderId);
      if (!at) apart.push(`trade ${t.trade_id}: ${o.clientOrderId} (${o.status}) is not at the broker`);
      else if (Number(at.filled_qty) !== Number(o.filledQty))
        apart.push(`trade ${t.trade_id}: ${o.clientOrderId} filled ${o.filledQty}, the broker says ${at.filled_qty}`);
      if (o.side === 'buy') bought += Number(o.filledQty);
    }
    if (t.status === 'PENDING' && bought > 0) apart.push(`trade ${t.trade_id} is PENDING with ${bought} bought`);
  }
  return { intents: intents.length, unsent, notOnce, strays, apart };
}

/** Waits until the trades settle: every intent sent, each once, every trade agreeing with the broker. */
async function expectSettled(placed: Placed[]): Promise<void> {
  const ids = placed.map((p) => p.id);
  let last: Awaited<ReturnType<typeof disagreements>> | undefined;
  try {
    await until(
      'the trades to settle',
      async () => {
        last = await disagreements(ids);
        return last.unsent.length + last.notOnce.length + last.strays.length + last.apart.length === 0;
      },
      120_000,
    );
  } catch {
    /* the assertions below say what is still apart */
  }
  expect(last!.intents).toBeGreaterThanOrEqual(placed.length * 2);
  expect(last!.notOnce, 'each place intent is one order at the broker').toEqual([]);
  // The broker answers a known tag with its order and makes no second one, so the count above
  // would hide a sender that placed blindly again: the broker logs each such place.
  expect(placedAgain, 'no order was placed again under a tag the broker had').toEqual([]);
  expect(last!.strays, 'no order at the broker without its intent').toEqual([]);
  expect(last!.unsent, 'every intent was sent').toEqual([]);
  expect(last!.apart, "every trade agrees with the broker's orders").toEqual([]);
  // Each key made one trade, and each trade one key: nothing placed twice by a retry.
  expect(new Set(ids).size).toBe(placed.length);
  const keys = await query<{ key: string; result_id: number; state: string }>(
    'select key, result_id, state from idempotency_keys where key = any($1)',
    [placed.map((p) => p.key)],
  );
  expect(keys.length).toBe(placed.length);
  for (const k of keys) expect(k).toMatchObject({ state: 'DONE', result_id: placed.find((p) => p.key === k.key)!.id });
  const opened = await query<{ id: number; status: string }>('select id, status from trades where id = any($1)', [
    placed.filter((p) => p.marketable).map((p) => p.id),
  ]);
  expect(opened.filter((t) => t.status !== 'OPEN')).toEqual([]);
}

/**
 * The longest a job of ours runs (a trade watcher: to its minute's end, from up to a second before
 * it); one active longer is held by a process that died.
 */
const LONGEST_JOB_MS = 70_000;

/**
 * No job since `since` was lost: none failed for good (job_failures, which records a retryable
 * job's last failure and a non-retryable one's first, and pg-boss's own failed state), none was
 * cancelled, and none is still active past the longest run but those started before `heldBefore`
 * (held by a process when it was killed, or whose end could not be recorded while the database was
 * gone), which pg-boss hands out again when they expire: each of those still has a retry left.
 */
async function expectNoJobLost(since: Date, heldBefore?: number): Promise<void> {
  const failures = await query<{ queue: string; code: string; reason: string }>(
    'select queue, code, reason from job_failures where failed_at >= $1',
    [since],
  );
  expect(failures, 'no job failed for good').toEqual([]);
  const jobs = await query<{
    id: string;
    name: string;
    state: string;
    failed: unknown;
    retry_count: number;
    retry_limit: number;
    started_on: Date | null;
  }>(
    `select id, name, state, output->'failed' as failed, retry_count, retry_limit, started_on from pgboss.job
      where created_on >= $1 and name not like '\\_\\_pgboss%'`,
    [since],
  );
  expect(jobs.length).toBeGreaterThan(0);
  expect(jobs.filter((j) => ['failed', 'cancelled'].includes(j.state) || j.failed !== null)).toEqual([]);
  const stale = Date.now() - LONGEST_JOB_MS;
  const held = jobs.filter((j) => j.state === 'active' && j.started_on!.getTime() < stale);
  const heldThrough = held.filter((j) => heldBefore !== undefined && j.started_on!.getTime() <= heldBefore);
  expect(
    held.filter((j) => !heldThrough.includes(j)),
    'no job is left active by a live process',
  ).toEqual([]);
  expect(heldThrough.filter((j) => j.retry_count >= j.retry_limit)).toEqual([]);
  if (heldThrough.length > 0)
    console.info(
      `jobs held through the kill or the outage, run again when they expire: ${heldThrough.map((j) => j.name).join(', ')}`,
    );
}

/**
 * The minute's alert lifecycle was queued once a minute since `from`, never twice in a minute (once
 * per process). Queued, not run: a run that lost its lock is tried again, as it should be.
 */
async function expectOncePerMinute(name: string, from: Date): Promise<void> {
  const runs = await query<{ minute: Date; runs: number }>(
    `select date_trunc('minute', created_on) as minute, count(*)::int as runs from pgboss.job
      where name = $1 and created_on >= $2 group by 1 order by 1`,
    [name, from],
  );
  expect(runs.filter((r) => r.runs !== 1)).toEqual([]);
  const minutes = (Date.now() - from.getTime()) / 60_000;
  expect(runs.length, `${name} since ${from.toISOString()}`).toBeGreaterThanOrEqual(Math.floor(minutes) - 1);
}

/**
 * Waits until each marketable trade answered after `after` was heard OPEN on its trader's socket on
 * the surviving process (the event comes by NOTIFY, a moment after the trade settled).
 */
async function heardOpen(placed: Placed[], after: number): Promise<{ heard: number; missed: number[] }> {
  const due = placed.filter((p) => p.marketable && p.answeredAt > after);
  let missed: number[] = [];
  const look = () => {
    const open = new Set<number>();
    for (const s of sockets)
      for (const m of s.messages) {
        if (m.type !== 'event' || m.event.kind !== TRADE_EVENT) continue;
        const p = m.event.payload as { id?: number; status?: string } | null;
        if (p?.status === 'OPEN' && typeof p.id === 'number') open.add(p.id);
      }
    missed = due.filter((p) => !open.has(p.id)).map((p) => p.id);
    return missed.length === 0;
  };
  await until('the sockets to hear every OPEN', look, 15_000).catch(() => undefined);
  return { heard: due.length - missed.length, missed };
}

describe('two server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drat-2p-'));
    pgDir = path.join(dataDir, 'pg');
    databaseUrl = (await startEmbeddedPostgres(dataDir, log)).url;
    // The first migrates and seeds; the others find both done.
    servers.push(await started(true));
    servers.push(await started(true));
    servers.push(await started(false));
    allUp = new Date();
    demo = await trader('demo@drat.local', '/demo-trading/create-demo-trade/', () => ({}));
    live = await trader('live@drat.local', '/livetrading/create-trade/', (id) => ({ account_id: `SIM-${id}` }));
    // Liquid, cheap tickers: 500 trades of two shares stay within both accounts' buying power.
    const quotes = await market.quotes(await market.universe());
    tickers = quotes
      .filter((q) => q.ask > 5 && q.ask < 40)
      .sort((a, b) => b.volume - a.volume)
      .slice(0, 12)
      .map((q) => q.symbol);
    // The sockets are on the process that is never killed.
    for (const who of [demo, live])
      sockets.push(await signedInSocket(`${servers[1]!.base.replace(/^http/, 'ws')}/api/ws`, who.token));
  }, 300_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await Promise.all(servers.map((s) => s.stop()));
    if (pgDir) await stopPostgres(pgDir).catch(() => undefined);
    for (const s of servers) fs.rmSync(s.dataDir, { recursive: true, force: true });
    if (dataDir && postmasterPid(pgDir) === undefined) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('500 trades through all three, a worker process killed with SIGKILL mid-send and started again: each order reaches the broker once', async () => {
    const from = new Date();
    let killedAt = Infinity;
    let restarted: Promise<void> | undefined;
    let restartFailed: unknown;
    const placed = await placeMany(500, 8, async (i) => {
      if (i !== 150) return;
      // Requests in flight to the first process are cut off, some half-way through placing.
      const killed = servers[0]!;
      killed.child.kill('SIGKILL');
      killedAt = Date.now();
      await until('the killed process to be gone', () => !killed.alive());
      restarted = started(true, killed.dataDir).then(
        (again) => void (servers[0] = again),
        (err: unknown) => void (restartFailed = err),
      );
    });
    await restarted;
    if (restartFailed) throw restartFailed;
    // Some requests were cut off and retried through the survivor.
    expect(placed.some((p) => p.tries > 1)).toBe(true);
    await expectSettled(placed);

    // The survivor's sockets kept hearing their trades, those stepped by the restarted process too.
    const { heard, missed } = await heardOpen(placed, killedAt);
    expect(heard).toBeGreaterThan(100);
    expect(missed).toEqual([]);
    for (const s of sockets) expect(s.socket.readyState).toBe(s.socket.OPEN);

    await expectNoJobLost(from, killedAt);
    expect(servers.every((s) => s.alive())).toBe(true);
  }, 600_000);

  it('the database restarted under load: all three answer 503 while it is gone, none exits, and all carry on', async () => {
    const from = new Date();
    let outage: Promise<number[]> | undefined;
    let backAt = 0;
    const signedIn: number[] = [];
    const placed = await placeMany(120, 4, async (i) => {
      if (i !== 30) return;
      outage = (async () => {
        await stopPostgres(pgDir);
        // Gone for 6 s: the job workers poll and fail, the LISTEN connections drop, requests meet the lost pools.
        const seen: number[] = [];
        for (const end = Date.now() + 6_000; Date.now() < end;) {
          for (const s of servers) {
            seen.push(await statusOf(`${s.base}/api/health`));
            // A signed-in read answers from the caches or 503, never a 500.
            signedIn.push(await statusOf(`${s.base}/api/profile/userProfile`, demo.token));
            if (!s.alive()) throw new Error(`${s.base} exited (${s.child.exitCode}):\n${s.output().slice(-4_000)}`);
          }
          await sleep(250);
        }
        startPostgresAgain(pgDir);
        backAt = Date.now();
        for (const s of servers)
          await until(
            `${s.base} to be healthy again`,
            async () => (await statusOf(`${s.base}/api/health`)) === 200,
            60_000,
          );
        return seen;
      })();
    });
    const seen = await outage!;
    expect(new Set(seen)).toEqual(new Set([503]));
    expect(signedIn.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    await expectSettled(placed);

    // Every process serves reads and writes again, and nothing unhandled was logged.
    for (const s of servers) {
      expect(await statusOf(`${s.base}/api/profile/userProfile`, demo.token)).toBe(200);
      const res = await fetch(`${s.base}/api/profile/set-theme/`, {
        method: 'POST',
        headers: { authorization: `Token ${demo.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ theme: 'dark' }),
      });
      expect(res.status).toBe(200);
      expect(s.output()).not.toMatch(/unhandled promise rejection|uncaughtException/i);
    }
    await expectNoJobLost(from, backAt);
    // Over both parts: neither the kill nor the restart had the lifecycle queued twice in a minute.
    await expectOncePerMinute('alerts.lifecycle', allUp);
    expect(servers.every((s) => s.alive())).toBe(true);
  }, 600_000);
});
