/**
 * `npm run bench:trading:remote -w @drat/bench` (part of `npm run bench`): issue 29's "real brokers
 * use their streams where they have one". A fill at Tradier → the trade hears it on the trader's
 * socket, with Tradier's account events stream up, against the same with the stream refused (the
 * watch loop's 2 s poll), in one run.
 *
 * The whole product runs as `npm start` runs it (apps/server/src/main.ts in its own process, with
 * its workers, the demo seed, the simulated market always open) with Tradier as a broker played by
 * the local server the tests use (apps/server/test/tradier-brokerage-fake.ts, in this process: it
 * speaks Tradier's REST API and its account events stream, and never fills an order by itself).
 * The demo live trader connects Tradier through Broker Settings' calls (auth-code-setup, the
 * authorize page, auth-code) and keeps a WebSocket open. For each sample the bench places a live
 * smart trade (POST /api/livetrading/create-trade/) whose two buys rest at Tradier, waits until both
 * are there, then waits a random 0–2 s (so samples fall anywhere in the 2 s poll's cycle). t0 is just
 * before it fills the first buy at the fake; the clock stops when the socket hears the trade OPEN.
 *
 * 1. Streamed: the account events stream is up (one session, one socket).
 * 2. Polled: the fake gives no streaming session any more and its sockets are dropped; the server's
 *    stream is down and the account is asked every 2 s (at once after one of our orders changed).
 *
 * Prints figures; never fails on time (exit 1 only when something is broken).
 * BENCH_SAMPLES (30 per phase), BENCH_TIMEOUT_MS (20000 per sample).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from '../../apps/server/src/db/seed/users';
import { cents, restingTradeBody } from '../../apps/server/test/factories';
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  startFakeBrokerage,
  type FakeBrokerage,
} from '../../apps/server/test/tradier-brokerage-fake';
import { machineLine, signIn, sleep, startServer, type BenchServer } from '../api/server';
import { ms, openSocket, stats, type Socket, type Stats } from './socket';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 20_000);
const LIVE = { username: 'live@drat.local', password: DEMO_PASSWORD };
const TICKERS = ['AAPL', 'MSFT', 'F', 'AMD'];

async function call(base: string, token: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${base}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await res.json()) as unknown;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Broker Settings' calls: the authorize link, the fake's approval (a redirect with the code), the code posted back. */
async function connectTradier(base: string, token: string): Promise<string> {
  const setup = (await call(base, token, '/livetrading/auth-code-setup/', { broker: 'tradier' })) as { url: string };
  const approved = await fetch(setup.url, { redirect: 'manual' });
  const back = new URL(approved.headers.get('location') ?? '');
  const code = back.searchParams.get('code');
  const state = back.searchParams.get('state');
  if (!code || !state) throw new Error(`the fake's authorize page sent no code: ${approved.status}`);
  await call(base, token, '/livetrading/auth-code/', { code, state });
  const accounts = (await call(base, token, '/livetrading/accounts')) as {
    data: { accounts: { account_id: string; broker: string }[] };
  };
  const tradier = accounts.data.accounts.find((a) => a.broker === 'tradier');
  if (!tradier) throw new Error(`no Tradier account after connecting: ${JSON.stringify(accounts)}`);
  return tradier.account_id;
}

async function quoteOf(base: string, token: string, ticker: string): Promise<number> {
  const answer = (await call(base, token, `/market/quotes?tickers=${ticker}`)) as { quotes?: { bid: number }[] };
  const bid = answer.quotes?.[0]?.bid;
  if (typeof bid !== 'number') throw new Error(`no quote for ${ticker}: ${JSON.stringify(answer)}`);
  return bid;
}

async function measure(
  label: string,
  n: number,
  run: { base: string; token: string; account: string; socket: Socket; fake: FakeBrokerage },
): Promise<{ samples: number[]; timedOut: number }> {
  const samples: number[] = [];
  let timedOut = 0;
  for (let i = 0; i < n; i++) {
    const ticker = TICKERS[i % TICKERS.length]!;
    const price = await quoteOf(run.base, run.token, ticker);
    const placed = (await call(
      run.base,
      run.token,
      '/livetrading/create-trade/',
      restingTradeBody(ticker, price, { account_id: run.account, amount_buy_range_low: 1, amount_buy_range_high: 1 }),
    )) as { data: { id: number } };
    const id = placed.data.id;
    const tag = `T${id}-R1-L0-BUY-1`;
    let order = run.fake.orders.find((o) => o.tag === tag);
    for (let w = 0; !order || !run.fake.orders.some((o) => o.tag === `T${id}-R2-L0-BUY-1`); w++) {
      if (w > 200) throw new Error(`${label}: the buys of trade ${id} never reached the broker`);
      await sleep(25);
      order = run.fake.orders.find((o) => o.tag === tag);
    }
    await sleep(Math.random() * 2_000);
    const t0 = performance.now();
    run.fake.fill(order.id, order.quantity, cents(order.price ?? price));
    const heard = await run.socket.open(id, TIMEOUT_MS);
    if (!heard) {
      timedOut++;
      continue;
    }
    samples.push(heard.openAt - t0);
  }
  return { samples, timedOut };
}

const row = (label: string, s: Stats, timedOut: number) =>
  `${label.padEnd(44)}${String(s.n).padStart(4)}${ms(s.p50).padStart(9)}${ms(s.p90).padStart(9)}${ms(s.p99).padStart(9)}${ms(s.max).padStart(9)}${String(timedOut).padStart(10)}`;

async function main(): Promise<void> {
  console.log(machineLine());
  const fake = await startFakeBrokerage({ approveAnyone: true });
  let server: BenchServer | undefined;
  let socket: Socket | undefined;
  try {
    server = await startServer({
      DEMO_SEED: '1',
      SIM_MARKET_ALWAYS_OPEN: '1',
      TRADIER_CLIENT_ID: FAKE_CLIENT_ID,
      TRADIER_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      TRADIER_BASE_URL: fake.baseUrl,
      TRADIER_AUTHORIZE_URL: fake.authorizeUrl,
      BROKER_TOKEN_KEY: randomBytes(32).toString('base64'),
    });
    const token = await signIn(server.base, LIVE);
    const account = await connectTradier(server.base, token);
    socket = await openSocket(server.base, token);
    const run = { base: server.base, token, account, socket, fake };
    console.log(
      `server: apps/server/src/main.ts in its own process, workers on (as npm start), sim market always open; Tradier played by the tests' fake (REST and account events)\n` +
        `measured: ${SAMPLES} live trades per phase on Tradier account ${account}, buys resting at the broker; a random 0–2 s, then the first buy filled there\n` +
        `clock: the fill at the broker → TRADE_EVENT { status: OPEN } heard on /api/ws\n`,
    );

    // Streamed: the watch loop opened the account's stream with the first open order.
    await measure('warm-up', 2, run);
    for (let w = 0; fake.streamsListening() === 0; w++) {
      if (w > 400) throw new Error('the account events stream never came up');
      await sleep(25);
    }
    const streamed = await measure('streamed', SAMPLES, run);

    // Polled: no session any more, the stream dropped; the server falls back to the 2 s poll.
    fake.refuseStreams(true);
    fake.dropStreams();
    await sleep(1_000);
    if (fake.streamsListening() > 0) throw new Error('the stream is still up after the fake refused it');
    const polled = await measure('polled', SAMPLES, run);

    const s = stats(streamed.samples);
    const p = stats(polled.samples);
    console.log(
      `${'phase (fill at Tradier → trade OPEN on the socket)'.padEnd(44)}${'n'.padStart(4)}${'p50 ms'.padStart(9)}${'p90 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}${'timed out'.padStart(10)}`,
    );
    console.log(row("streamed (Tradier's account events)", s, streamed.timedOut));
    console.log(row('polled (the stream refused: every 2 s)', p, polled.timedOut));
    console.log(
      `\nstreamed against polled, same run: p50 ${(s.p50 / p.p50).toFixed(2)}×, p99 ${(s.p99 / p.p99).toFixed(2)}× ` +
        `(the poll loop looks every 200 ms; a stream's event ends its wait and has the account asked)`,
    );
    if (s.n === 0 || p.n === 0) throw new Error('no sample was heard OPEN in a phase: the pipeline is broken');
  } catch (err) {
    if (server) console.error(`server output:\n${server.log()}`);
    throw err;
  } finally {
    socket?.close();
    await server?.stop().catch(() => undefined);
    await fake.close();
  }
}

main().catch((err: unknown) => {
  console.error(`bench/trading/remote: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
});
