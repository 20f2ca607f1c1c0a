import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInTo, startServerProcess, type ServerProcess } from '../../test/server-process';

/** The postmaster's pid, from its pid file (none when it is not running). */
function postmasterPid(pgDir: string): number | undefined {
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

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** PostgreSQL started again by hand, exactly as it last ran (postmaster.opts), as its own user. */
function startPostgresAgain(pgDir: string): void {
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

const status = async (url: string, token?: string): Promise<number> => {
  try {
    return (await fetch(url, { headers: token ? { authorization: `Token ${token}` } : {} })).status;
  } catch {
    return 0;
  }
};

describe('the database restarted under a running server', () => {
  let server: ServerProcess;
  let pgDir: string;

  beforeAll(async () => {
    server = await startServerProcess();
    pgDir = path.join(server.dataDir, 'pg');
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    const pid = pgDir ? postmasterPid(pgDir) : undefined;
    if (pid) process.kill(pid, 'SIGINT');
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  }, 60_000);

  it('answers 503 while the database is gone, does not exit, and carries on by itself when it is back', async () => {
    const token = await signInTo(server.base, 'demo@drat.local');
    const profile = `${server.base}/api/profile/userProfile`;
    expect(await status(profile, token)).toBe(200);

    // PostgreSQL stops (fast shutdown: every connection is ended, as in a restart).
    const pid = postmasterPid(pgDir)!;
    process.kill(pid, 'SIGINT');
    await until('PostgreSQL to stop', () => postmasterPid(pgDir) === undefined);

    // Gone for 6 s: long enough for the job workers to poll and fail, the LISTEN connection to
    // drop, and requests to meet the lost pool.
    const seen = new Set<number>();
    for (const end = Date.now() + 6_000; Date.now() < end;) {
      expect(await status(`${server.base}/api/health`)).toBe(503);
      const s = await status(profile, token);
      seen.add(s);
      expect([200, 503]).toContain(s);
      expect(server.alive()).toBe(true);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(seen.has(503)).toBe(true);

    startPostgresAgain(pgDir);
    await until('the server to be healthy again', async () => (await status(`${server.base}/api/health`)) === 200);
    expect(await status(profile, token)).toBe(200);
    // A write goes through the pool's new connections too.
    const res = await fetch(`${server.base}/api/profile/set-theme/`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ theme: 'dark' }),
    });
    expect(res.status).toBe(200);
    // A few seconds more: the workers carry on, and nothing unhandled ends the process.
    await new Promise((r) => setTimeout(r, 4_000));
    expect(server.alive()).toBe(true);
    expect(server.output()).not.toMatch(/unhandled promise rejection|uncaughtException/i);
  }, 120_000);
});
