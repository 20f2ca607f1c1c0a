import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const RUN_DIR_PREFIX = 'drat-api-test-';
const OWNER_FILE = 'owner.pid';

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number {
  try {
    return Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
}

async function stopOrphanedPostmaster(runDir: string): Promise<void> {
  const pid = readPid(path.join(runDir, 'pg', 'postmaster.pid'));
  if (!alive(pid)) return;
  let cmd: string;
  try {
    cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return;
  }
  if (!cmd.includes(runDir)) return; // the pid was reused by something else
  process.kill(pid, 'SIGQUIT'); // immediate shutdown: the data is thrown away anyway
  for (let i = 0; i < 50 && alive(pid); i += 1) await new Promise((r) => setTimeout(r, 100));
}

/** A fresh folder for this run, marked with the owning process. */
export function createRunDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), RUN_DIR_PREFIX));
  fs.writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  return dir;
}

/**
 * Folders of earlier runs that were interrupted (Ctrl-C, a killed CI job) before their teardown:
 * their owner process is gone. Stops a PostgreSQL still running in one, then removes it. Runs of
 * other live processes (a second `vitest` at the same time) are left alone.
 */
export async function sweepAbandonedRuns(): Promise<string[]> {
  const removed: string[] = [];
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(RUN_DIR_PREFIX)) continue;
    const dir = path.join(os.tmpdir(), name);
    if (alive(readPid(path.join(dir, OWNER_FILE)))) continue;
    try {
      await stopOrphanedPostmaster(dir);
      fs.rmSync(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
      /* best effort: a folder we cannot clean is not a reason to fail this run */
    }
  }
  return removed;
}
