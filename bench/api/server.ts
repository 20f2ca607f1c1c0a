/**
 * Helpers the benches share: start the real server on a free loopback port, wait for it, sign in
 * as the demo trader, measure a route with autocannon, and stop the server. Only 127.0.0.1 is
 * ever targeted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../../apps/server/src/db/embedded';
import { startServerProcess, type ServerProcess } from '../../apps/server/test/server-process';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEMO = { username: 'demo@drat.local', password: 'DratDemo2026' };

/** A free loopback port (the server's own helper). */
export { freePort };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A baseline server of the benches (`script`, from the repository's root, given a free loopback
 * port as its argument) in a process of its own, once it prints `listening`. `stdin: 'pipe'` leaves
 * its input open for the bench to write to.
 */
export async function startBaseline(
  script: string,
  stdin: 'ignore' | 'pipe' = 'ignore',
): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(port)], {
    cwd: ROOT,
    stdio: [stdin, 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (code ${code}) before listening`)));
  });
  return { port, child };
}

export async function signIn(
  base: string,
  credentials: { username: string; password: string } = DEMO,
): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const body = (await res.json()) as { user_data?: { token?: string } };
  const token = body.user_data?.token;
  if (!res.ok || !token)
    throw new Error(`sign-in as ${credentials.username} failed: ${res.status} ${JSON.stringify(body)}`);
  return token;
}

export interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export async function measure(
  name: string,
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<Figures> {
  const result = await autocannon({ url, headers, connections, duration: seconds });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Prints figures as the table every bench uses. */
export function printFigures(rows: Figures[]): void {
  console.log(
    `${'route'.padEnd(32)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'requests'.padStart(10)}${'non-2xx'.padStart(9)}${'errors'.padStart(8)}`,
  );
  for (const f of rows) {
    console.log(
      `${f.name.padEnd(32)}${f.rps.toFixed(0).padStart(10)}${String(f.p50).padStart(9)}${String(f.p99).padStart(9)}${String(f.requests).padStart(10)}${String(f.non2xx).padStart(9)}${String(f.errors).padStart(8)}`,
    );
  }
}

export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const killed = await Promise.race([exited.then(() => false), sleep(30_000).then(() => true)]);
  if (killed) {
    server.kill('SIGKILL');
    await exited;
  }
}

export interface BenchServer {
  base: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** The server's last 8,000 characters of output, for error reports. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Starts `apps/server/src/main.ts` as the tests do (`startServerProcess`: a free loopback port, the
 * demo seed, embedded PostgreSQL unless `env` names DATABASE_URL) with a temporary DATA_DIR, and
 * waits until it is healthy. SIGINT/SIGTERM of the bench stop it too.
 */
export async function startServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drat-bench-'));
  let server: ServerProcess;
  try {
    server = await startServerProcess(env, dataDir);
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const stop = async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const interrupt = () => void stop().finally(() => process.exit(130));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  return {
    base: server.base,
    port: Number(new URL(server.base).port),
    dataDir,
    process: server.child,
    log: () => server.output().slice(-8000),
    stop,
  };
}

export function machineLine(): string {
  const cpu = os.cpus();
  return `machine: ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, node ${process.version}`;
}
