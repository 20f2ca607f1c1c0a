import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from './client';

/**
 * One process's LISTEN connection, shared by everything that hears PostgreSQL NOTIFY (user events
 * for the WebSockets, the change feed of the read caches). One connection keeps notifications in
 * commit order across channels: a cache hears that an alert changed before a socket hears the
 * event that makes its browser read the alert again.
 *
 * A lost connection is re-opened with backoff. Notifications sent while it was away are lost, so
 * `onResync` handlers run on every reconnect, before `connected` turns true again.
 */
export interface PgListener {
  /** True while LISTEN is in place: every committed NOTIFY on the channels reaches the handlers. */
  readonly connected: boolean;
  on(channel: string, handler: (payload: string) => void): void;
  onResync(handler: () => void): void;
  /** Opens the connection (once; later calls wait for the same start). */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Connection settings of the pool behind `db`, for a dedicated LISTEN connection. */
export function listenConnectionOf(db: Db): pg.ClientConfig {
  const client = (db as Db & { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) throw new Error('pg listener: the database is not a node-postgres pool');
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

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;

export function createPgListener(options: {
  connection: pg.ClientConfig;
  /** Fixed up front: LISTEN is issued for these on every (re)connect. */
  channels: readonly string[];
  log: Logger;
}): PgListener {
  const { connection, channels, log } = options;
  const handlers = new Map<string, ((payload: string) => void)[]>(channels.map((c) => [c, []]));
  const resyncHandlers: (() => void)[] = [];
  let current: pg.Client | undefined;
  let starting: Promise<void> | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;

  function dispatch(channel: string, payload: string): void {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        log.error({ err, channel }, 'pg listener: a handler failed');
      }
    }
  }

  async function open(reconnect: boolean): Promise<void> {
    const client = new pg.Client(connection);
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (current === client) current = undefined;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err }, 'pg listener: the LISTEN connection was lost; reconnecting');
      schedule();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (msg) => {
      if (msg.payload !== undefined) dispatch(msg.channel, msg.payload);
    });
    try {
      await client.connect();
      for (const channel of channels) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      lost = true;
      void client.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    if (reconnect) for (const handler of resyncHandlers) handler();
    current = client;
  }

  function schedule(): void {
    if (closed || retryTimer) return;
    const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** failures);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      open(true).then(
        () => {
          failures = 0;
        },
        (err: unknown) => {
          failures += 1;
          log.warn({ err }, 'pg listener: reconnecting the LISTEN connection failed');
          schedule();
        },
      );
    }, delay);
    retryTimer.unref();
  }

  return {
    get connected() {
      return current !== undefined;
    },
    on(channel, handler) {
      const list = handlers.get(channel);
      if (!list) throw new Error(`pg listener: "${channel}" is not one of the channels it listens on`);
      list.push(handler);
    },
    onResync(handler) {
      resyncHandlers.push(handler);
    },
    start() {
      starting ??= open(false);
      return starting;
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
