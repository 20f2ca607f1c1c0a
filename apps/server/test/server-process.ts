import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../src/db/embedded';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/** A server process (apps/server/src/main.ts) as `npm start` runs it, on a free loopback port. */
export interface ServerProcess {
  base: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything it printed so far (its last 64 KB). */
  output(): string;
  /** Whether it is still running. */
  alive(): boolean;
  /** SIGTERM, then SIGKILL after 30 s; the exit code (null when killed by a signal). */
  stop(): Promise<number | null>;
}

/**
 * Starts the server with its own embedded PostgreSQL in `dataDir` (a new temporary folder unless
 * given) and the demo seed, and waits until /api/health answers 200.
 */
export async function startServerProcess(env: Record<string, string> = {}, dataDir?: string): Promise<ServerProcess> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'drat-proc-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DEMO_SEED: '1',
      PAYMENTS: 'local',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (out = (out + chunk.toString()).slice(-64_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const alive = () => child.exitCode === null && child.signalCode === null;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server: ServerProcess = {
    base,
    dataDir: dir,
    child,
    output: () => out,
    alive,
    async stop() {
      if (!alive()) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  for (const until = Date.now() + 120_000; ;) {
    if (!alive()) throw new Error(`the server exited (${child.exitCode}) before it was ready:\n${out}`);
    if (Date.now() > until) {
      await server.stop();
      throw new Error(`the server was not healthy within 120 s:\n${out}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) return server;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Signs in as `email` (the demo password) and gives the session token. */
export async function signInTo(base: string, email: string, password = 'DratDemo2026'): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  const body = (await res.json()) as { user_data?: { token?: string } };
  if (!res.ok || !body.user_data?.token) throw new Error(`sign-in as ${email}: ${res.status} ${JSON.stringify(body)}`);
  return body.user_data.token;
}

/** Waits until `check` holds, or fails naming `what` after `ms`. */
export async function until(what: string, check: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The status of a GET (0 when nothing answered). */
export async function statusOf(url: string, token?: string): Promise<number> {
  try {
    return (await fetch(url, { headers: token ? { authorization: `Token ${token}` } : {} })).status;
  } catch {
    return 0;
  }
}

/** The postmaster's pid, from its pid file (none when it is not running). */
export function postmasterPid(pgDir: string): number | undefined {
  const file = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(file)) return undefined;
  const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/** Stops PostgreSQL with a fast shutdown (every connection is ended, as in a restart) and waits for it. */
export async function stopPostgres(pgDir: string): Promise<void> {
  const pid = postmasterPid(pgDir);
  if (pid === undefined) return;
  process.kill(pid, 'SIGINT');
  await until('PostgreSQL to stop', () => postmasterPid(pgDir) === undefined);
}

/** PostgreSQL started again by hand, exactly as it last ran (postmaster.opts), as its own user. */
export function startPostgresAgain(pgDir: string): void {
  const opts = fs.readFileSync(path.join(pgDir, 'postmaster.opts'), 'utf8').trim();
  const binary = opts.slice(0, opts.indexOf(' '));
  const args = [...opts.slice(binary.length).matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
  const asUser =
    os.userInfo().uid === 0
      ? {
          uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
          gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
        }
      : {};
  spawn(binary, args, { detached: true, stdio: 'ignore', ...asUser }).unref();
}
