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
 * The routes are measured in turns, BENCH_ROUNDS (5) rounds of each in the same order. This shared
 * 2-core machine's speed drifts by a third within minutes (autocannon runs on it too), so a ratio
 * is taken within a round, between runs a few seconds apart, and the median of the rounds' ratios
 * is the figure; each round's ratios are printed too. It prints each route's best run (requests/s,
 * p50 and p99, the server's CPU time per request, from /proc) and those ratios (issue 29's targets:
 * no-op route ≥ 80%, profile read ≥ 50%). It never fails on time. Only 127.0.0.1 is ever targeted.
 *
 * BENCH_SECONDS (5) sets the length of each measured run; BENCH_CONNECTIONS (50) the connections;
 * BENCH_WORKERS=0 measures an API-only copy (WORKERS=0, as behind a proxy with separate workers).
 */
import fs from 'node:fs';
import {
  machineLine,
  measure,
  printFigures,
  signIn,
  startBaseline,
  startServer,
  stopServer,
  type BenchServer,
} from './server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGETS: Record<string, number> = { 'GET /api/health/live': 0.8, 'GET /api/profile/userProfile': 0.5 };

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); undefined elsewhere. */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** bench/api/plain.ts on a free port, ready. */
async function startPlain(): Promise<{ base: string; pid: number | undefined; stop: () => Promise<void> }> {
  const { port, child } = await startBaseline('bench/api/plain.ts');
  return { base: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => stopServer(child) };
}

async function main(): Promise<void> {
  let server: BenchServer | undefined;
  let plain: Awaited<ReturnType<typeof startPlain>> | undefined;
  try {
    console.log('bench/api: starting plain Fastify and the server…');
    plain = await startPlain();
    server = await startServer(process.env.BENCH_WORKERS === '0' ? { WORKERS: '0' } : {});
    const { base } = server;
    console.log(`bench/api: server on ${base} (DATA_DIR ${server.dataDir}), plain Fastify on ${plain.base}`);
    const token = await signIn(base);
    const auth = { authorization: `Token ${token}` };
    const ours = server.process.pid;
    const routes: [string, string, Record<string, string>, number | undefined][] = [
      ['plain Fastify GET /live (baseline)', `${plain.base}/live`, {}, plain.pid],
      ['GET /api/health/live', `${base}/api/health/live`, {}, ours],
      ['GET /api/health', `${base}/api/health`, {}, ours],
      ['GET /api/profile/userProfile', `${base}/api/profile/userProfile`, auth, ours],
    ];
    for (const [, url, headers] of routes) {
      const check = await fetch(url, { headers });
      if (!check.ok) throw new Error(`${url} answered ${check.status}: ${await check.text()}`);
    }

    console.log(
      `warming up (2 s each), then ${ROUNDS} rounds of ${SECONDS} s per route with ${CONNECTIONS} connections…`,
    );
    for (const [, url, headers] of routes) await measure('warm-up', url, headers, 2, 10);
    const best = new Map<string, Awaited<ReturnType<typeof measure>> & { cpuUs?: number }>();
    // Each round's throughput of each route as a share of the baseline's in that round.
    const ratios = new Map<string, number[]>();
    // Routes that answered non-2xx or failed in any round: their ratios are not comparable.
    const troubled = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      let baselineRps = 0;
      for (const [name, url, headers, pid] of routes) {
        const before = cpuMs(pid);
        const f = await measure(name, url, headers, SECONDS, CONNECTIONS);
        const after = cpuMs(pid);
        const cpuUs =
          before !== undefined && after !== undefined && f.requests > 0
            ? ((after - before) * 1000) / f.requests
            : undefined;
        if ((best.get(name)?.rps ?? -1) < f.rps) best.set(name, { ...f, cpuUs });
        if (f.non2xx > 0 || f.errors > 0) troubled.add(name);
        if (name === routes[0]![0]) baselineRps = f.rps;
        else ratios.set(name, [...(ratios.get(name) ?? []), baselineRps > 0 ? f.rps / baselineRps : 0]);
      }
    }
    const figures = routes.map(([name]) => best.get(name)!);

    console.log(`\n${machineLine()}, ${CONNECTIONS} connections, best of ${ROUNDS} runs of ${SECONDS} s each\n`);
    printFigures(figures);
    console.log('\nserver CPU time per request (µs), in the best run:');
    for (const f of figures)
      console.log(`  ${f.name.padEnd(36)} ${f.cpuUs === undefined ? 'n/a' : f.cpuUs.toFixed(1)}`);
    console.log('\nthroughput as a share of plain Fastify in the same round: the median of the rounds (each round)');
    for (const f of figures.slice(1)) {
      const rounds = ratios.get(f.name) ?? [];
      const sorted = [...rounds].sort((a, b) => a - b);
      const median = sorted.length ? (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2 : 0;
      const target = TARGETS[f.name];
      const verdict =
        target === undefined ? '' : ` (target ≥ ${target * 100}%: ${median >= target ? 'meets' : 'below'})`;
      const each = rounds.map((r) => `${(r * 100).toFixed(0)}%`).join(', ');
      console.log(`${f.name.padEnd(32)} ${(median * 100).toFixed(1).padStart(5)}%${verdict}  (${each})`);
      if (troubled.has(f.name)) console.log(`note: ${f.name} had non-2xx answers or errors; not comparable.`);
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
