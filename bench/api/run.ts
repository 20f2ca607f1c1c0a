/**
 * `npm run bench`: API throughput of a real server on this machine.
 *
 * Starts the server (embedded PostgreSQL, demo seed) on a free loopback port with a temporary
 * DATA_DIR, signs in as the demo trader, then runs autocannon (50 connections) against
 * `GET /api/health` (the baseline: a bare route of the same server) and the authenticated
 * `GET /api/profile/userProfile`, and prints requests/s, p50 and p99 of both and their ratio.
 * It prints figures; it never fails on time. Only 127.0.0.1 is ever targeted.
 *
 * BENCH_SECONDS (10) sets the length of each measured run; BENCH_CONNECTIONS (50) the connections.
 */
import { machineLine, measure, printFigures, signIn, startServer, type BenchServer } from './server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGET_RATIO = 0.3;

async function main(): Promise<void> {
  let server: BenchServer | undefined;
  try {
    console.log('bench/api: starting the server…');
    server = await startServer();
    const { base } = server;
    console.log(`bench/api: server on ${base} (DATA_DIR ${server.dataDir})`);
    const token = await signIn(base);
    const auth = { authorization: `Token ${token}` };
    const health = `${base}/api/health`;
    const profile = `${base}/api/profile/userProfile`;
    const check = await fetch(profile, { headers: auth });
    if (!check.ok) throw new Error(`GET /api/profile/userProfile answered ${check.status}: ${await check.text()}`);

    console.log(`warming up (2 s each), then ${SECONDS} s per route with ${CONNECTIONS} connections…`);
    await measure('warm-up', health, {}, 2, 10);
    await measure('warm-up', profile, auth, 2, 10);
    const baseline = await measure('GET /api/health (baseline)', health, {}, SECONDS, CONNECTIONS);
    const read = await measure('GET /api/profile/userProfile', profile, auth, SECONDS, CONNECTIONS);

    console.log(`\n${machineLine()}, ${CONNECTIONS} connections, ${SECONDS} s each\n`);
    printFigures([baseline, read]);
    const ratio = baseline.rps > 0 ? read.rps / baseline.rps : 0;
    const verdict = ratio >= TARGET_RATIO ? 'meets' : 'below';
    console.log(`\nratio profile/baseline: ${(ratio * 100).toFixed(1)}% (target ≥ ${TARGET_RATIO * 100}%: ${verdict})`);
    if (read.non2xx > 0 || read.errors > 0)
      console.log('note: the profile run had non-2xx answers or errors; its figures are not comparable.');
  } catch (err) {
    console.error(`bench/api: ${err instanceof Error ? err.message : String(err)}`);
    const log = server?.log() ?? (err as { serverLog?: string }).serverLog;
    if (log) console.error(`--- last server output ---\n${log}`);
    process.exitCode = 1;
  } finally {
    await server?.stop();
  }
}

await main();
