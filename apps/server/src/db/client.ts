import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema/index';

export type Db = NodePgDatabase<typeof schema>;
export { schema };

// Money and prices are numeric in the database; keep them as strings until a decimal is needed.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** How long the database may take: to hand out a connection, and to run one statement. */
export interface DatabaseTimeouts {
  /** Opening a connection (or waiting for a free one) longer than this fails the query. */
  connectMs: number;
  /** PostgreSQL cancels a statement running longer than this (0: never). */
  statementMs: number;
}
export const DEFAULT_TIMEOUTS: DatabaseTimeouts = { connectMs: 10_000, statementMs: 30_000 };

export function connect(
  url: string,
  max = 10,
  onIdleError?: (err: Error) => void,
  timeouts: DatabaseTimeouts = DEFAULT_TIMEOUTS,
): Database {
  // A database that stops answering fails requests after these times instead of holding them
  // (and their connections) for ever; a transaction left idle is ended by the server.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: Math.max(60_000, timeouts.statementMs * 2),
  });
  // An idle connection that the server closes (restart, shutdown) emits 'error' on the pool;
  // unhandled, that would crash the process. The next query simply opens a new connection.
  pool.on('error', (err) => onIdleError?.(err));
  // A connection in use has no pool listener (pg-pool takes it off while the connection is checked
  // out): a server that ends it between two statements of a transaction (a restart's "terminating
  // connection due to administrator command") would emit 'error' with no one listening and end the
  // process. This listener stays on every connection; the statement waiting on it fails on its own,
  // and the pool drops the connection when it comes back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
