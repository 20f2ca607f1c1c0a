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
  /** Told of each connection the database ends, idle or in use (the process carries on). */
  onConnectionError?: (err: Error) => void,
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
  // A connection the server ends (a restart, a shutdown, an administrator) emits 'error'. pg-pool
  // listens on an idle one only, and takes its listener off while a connection is checked out:
  // ended between two statements of a transaction (a restart's "terminating connection due to
  // administrator command"), it would emit 'error' with no one listening and end the process. So
  // every connection keeps this listener: the error is told (logged by main.ts), the statement
  // waiting on the connection fails on its own, and the pool drops the connection when it comes
  // back. The pool's own 'error' (an idle one ended) was told by this listener already.
  pool.on('connect', (client) => {
    // pg emits twice for one ended connection (the server's notice, then the end): told once.
    let told = false;
    client.on('error', (err) => {
      if (told) return;
      told = true;
      onConnectionError?.(err);
    });
  });
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
