/**
 * `npm run bench:api`: what each request costs the real server, against plain Fastify on this machine.
 *
 * Starts a plain Fastify server (bench/api/plain.ts: the same package, one route, no hooks) and the
 * product's server (embedded PostgreSQL, demo seed, production mode) on free loopback ports, signs
 * in as the demo trader, then runs autocannon (50 connections) against:
 * - the plain route (the baseline);
 * - `GET /api/health/live`, a route that does nothing: what the app's global hooks cost;
 * - `GET /api/health`, the same with one database round trip;
 * - the signed-in `GET /api/profile/userProfile`: sign-in check, rights and a read.
 * It prints requests/s, p50 and p99, and each route's throughput as a share of the baseline's
 * (issue 29's targets: no-op route ≥ 80%, profile read ≥ 50%). It never fails on time. Only
 * 127.0.0.1 is ever targeted.
 *
 * BENCH_SECONDS (10) sets the length of each measured run; BENCH_CONNECTIONS (50) the connections.
 */
import { spawn } from 'node:child_process';
import {
  freePort,
  machineLine,
  measure,
  printFigures,
  ROOT,
  signIn,
  startServer,
  stopServer,
  type BenchServer,
} from './server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGETS: Record<string, number> = { 'GET /api/health/live': 0.8, 'GET /api/profile/userProfile': 0.5 };

/** bench/api/plain.ts on a free port, ready. */
async function startPlain(): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api/plain.ts', String(port)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`plain Fastify exited (code ${code}) before listening`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => stopServer(child) };
}

async function main(): Promise<void> {
  let server: BenchServer | undefined;
  let plain: Awaited<ReturnType<typeof startPlain>> | undefined;
  try {
    console.log('bench/api: starting plain Fastify and the server…');
    plain = await startPlain();
    server = await startServer();
    const { base } = server;
    console.log(`bench/api: server on ${base} (DATA_DIR ${server.dataDir}), plain Fastify on ${plain.base}`);
    const token = await signIn(base);
    const auth = { authorization: `Token ${token}` };
    const routes: [string, string, Record<string, string>][] = [
      ['plain Fastify GET /live (baseline)', `${plain.base}/live`, {}],
      ['GET /api/health/live', `${base}/api/health/live`, {}],
      ['GET /api/health', `${base}/api/health`, {}],
      ['GET /api/profile/userProfile', `${base}/api/profile/userProfile`, auth],
    ];
    for (const [, url, headers] of routes) {
      const check = await fetch(url, { headers });
      if (!check.ok) throw new Error(`${url} answered ${check.status}: ${await check.text()}`);
    }

    console.log(`warming up (2 s each), then ${SECONDS} s per route with ${CONNECTIONS} connections…`);
    for (const [, url, headers] of routes) await measure('warm-up', url, headers, 2, 10);
    const figures = [];
    for (const [name, url, headers] of routes) figures.push(await measure(name, url, headers, SECONDS, CONNECTIONS));

    console.log(`\n${machineLine()}, ${CONNECTIONS} connections, ${SECONDS} s each\n`);
    printFigures(figures);
    const baseline = figures[0]!;
    console.log('');
    for (const f of figures.slice(1)) {
      const ratio = baseline.rps > 0 ? f.rps / baseline.rps : 0;
      const target = TARGETS[f.name];
      const verdict =
        target === undefined ? '' : ` (target ≥ ${target * 100}%: ${ratio >= target ? 'meets' : 'below'})`;
      console.log(`${f.name.padEnd(32)} ${(ratio * 100).toFixed(1).padStart(5)}% of plain Fastify${verdict}`);
      if (f.non2xx > 0 || f.errors > 0) console.log(`note: ${f.name} had non-2xx answers or errors; not comparable.`);
    }
  } catch (err) {
    console.error(`bench/api: ${err instanceof Error ? err.message : String(err)}`);
    const log = server?.log() ?? (err as { serverLog?: string }).serverLog;
    if (log) console.error(`--- last server output ---\n${log}`);
    process.exitCode = 1;
  } finally {
    await server?.stop();
    await plain?.stop();
  }
}

await main();
