import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import type { UserEvent } from '@drat/contracts';
import type { Db } from '../../db/client';

/**
 * User events travel between server processes over PostgreSQL LISTEN/NOTIFY: a publisher NOTIFYs
 * on one channel, every process LISTENs on a dedicated connection and hands the event to its own
 * WebSockets of that user. A NOTIFY sent inside a transaction is delivered only if it commits.
 */
export const USER_EVENTS_CHANNEL = 'drat_user_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more: events carry ids, not documents. */
export const NOTIFY_MAX_BYTES = 7999;

/** What travels in the NOTIFY payload. */
interface Envelope {
  u: number;
  e: UserEvent;
}

/** Anything that runs SQL: the database or a transaction (so the event commits with its change). */
export type SqlRunner = Pick<Db, 'execute'>;

export function encodeUserEvent(userId: number, event: UserEvent): string {
  const text = JSON.stringify({ u: userId, e: event } satisfies Envelope);
  const bytes = Buffer.byteLength(text);
  if (bytes > NOTIFY_MAX_BYTES) {
    throw new Error(
      `user event "${event.kind}" is ${bytes} bytes; NOTIFY carries at most ${NOTIFY_MAX_BYTES}: send ids, not documents`,
    );
  }
  return text;
}

export function decodeUserEvent(text: string): Envelope | undefined {
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== 'object' || v === null || !('u' in v) || !('e' in v)) return undefined;
    const { u, e } = v;
    if (typeof u !== 'number' || typeof e !== 'object' || e === null || !('kind' in e) || typeof e.kind !== 'string')
      return undefined;
    const at = 'at' in e && typeof e.at === 'string' ? e.at : new Date().toISOString();
    return { u, e: { kind: e.kind, payload: 'payload' in e ? e.payload : null, at } };
  } catch {
    return undefined;
  }
}

/** `publishUserEvent(userId, { kind, payload })`: every server process delivers it to that user's sockets. */
export function createUserEvents({ db, now }: { db: SqlRunner; now: () => Date }) {
  return {
    async publishUserEvent(
      userId: number,
      event: { kind: string; payload?: unknown },
      via: SqlRunner = db,
    ): Promise<void> {
      const text = encodeUserEvent(userId, {
        kind: event.kind,
        payload: event.payload ?? null,
        at: now().toISOString(),
      });
      await via.execute(sql`select pg_notify(${USER_EVENTS_CHANNEL}, ${text})`);
    },
  };
}
export type UserEvents = ReturnType<typeof createUserEvents>;

/** Connection settings of the pool behind `db`, for a dedicated LISTEN connection. */
export function listenConnectionOf(db: Db): pg.ClientConfig {
  const client = (db as Db & { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) throw new Error('user events: the database is not a node-postgres pool');
  const { connectionString, host, port, user, password, database, ssl } = client.options;
  return {
    connectionString,
    host,
    port,
    user,
    password,
    database,
    ssl,
    keepAlive: true,
    application_name: 'drat-live',
  };
}

export interface UserEventListener {
  close(): Promise<void>;
}

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;

/**
 * LISTENs on its own connection; reconnects with backoff when the connection is lost. Events
 * NOTIFYed while it was away are lost, so after a reconnect `onResync` lets clients re-read.
 * Resolves once the first LISTEN is in place (events published after that are delivered).
 */
export async function listenForUserEvents(options: {
  connection: pg.ClientConfig;
  log: Logger;
  onEvent(userId: number, event: UserEvent): void;
  onResync(): void;
}): Promise<UserEventListener> {
  const { connection, log, onEvent, onResync } = options;
  let current: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;

  async function open(): Promise<void> {
    const client = new pg.Client(connection);
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (current === client) current = undefined;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err }, 'user events: the LISTEN connection was lost; reconnecting');
      schedule();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (msg) => {
      if (msg.channel !== USER_EVENTS_CHANNEL || !msg.payload) return;
      const envelope = decodeUserEvent(msg.payload);
      if (envelope) onEvent(envelope.u, envelope.e);
      else log.warn('user events: an unreadable NOTIFY payload was ignored');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${USER_EVENTS_CHANNEL}`);
    } catch (err) {
      lost = true;
      void client.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
  }

  function schedule(): void {
    if (closed || retryTimer) return;
    const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** failures);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      open().then(
        () => {
          failures = 0;
          if (!closed) onResync();
        },
        (err: unknown) => {
          failures += 1;
          log.warn({ err }, 'user events: reconnecting the LISTEN connection failed');
          schedule();
        },
      );
    }, delay);
    retryTimer.unref();
  }

  await open();
  return {
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
