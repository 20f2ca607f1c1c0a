import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import {
  MARKET_MSG,
  tickerField,
  WS_CLOSE_UNAUTHORIZED,
  WS_MAX_TICKERS,
  wsClientMessage,
  type UserEvent,
  type WsServerMessage,
} from '@drat/contracts';
import { DomainError } from '../../core/errors';
import type { QuoteHub, QuoteSink } from './quote-hub';

/** Resolves a session token to its user id; throws an DomainError when the token is not a live session. */
export type Authenticate = (token: string) => Promise<{ userId: number }>;

export interface GatewayOptions {
  hub: QuoteHub;
  authenticate: Authenticate;
  log: Logger;
  /** A connection that has not authenticated by then is closed with WS_CLOSE_UNAUTHORIZED. */
  authTimeoutMs?: number;
  /** Protocol-level ping period; a connection that missed the previous pong is dropped. */
  heartbeatMs?: number;
}

/** Quotes are skipped for a socket whose unsent data exceeds this; events are never skipped. */
const QUOTE_BACKLOG_BYTES = 256 * 1024;
/** A socket this far behind is not reading at all: it is dropped. */
const MAX_BACKLOG_BYTES = 8 * 1024 * 1024;
const OPEN = 1;

interface Connection {
  socket: WebSocket;
  userId: number | undefined;
  tickers: Set<string>;
  sink: QuoteSink;
  alive: boolean;
}

/**
 * The WebSocket connections of this process (protocol: WsClientMessage / WsServerMessage in
 * packages/contracts). The first message must be `auth`; then `subscribe`/`unsubscribe` tickers
 * (WS_MAX_TICKERS per connection) and `ping`. Quotes come from the hub; user events from
 * LISTEN/NOTIFY through `deliver`.
 */
export function createGateway({
  hub,
  authenticate,
  log,
  authTimeoutMs = 10_000,
  heartbeatMs = 30_000,
}: GatewayOptions) {
  const all = new Set<Connection>();
  const byUser = new Map<number, Set<Connection>>();

  const heartbeat = setInterval(() => {
    for (const c of all) {
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();

  /** Sends a JSON text frame; a message for many sockets is encoded once, as a Buffer. */
  function sendText(c: Connection, data: string | Buffer): void {
    if (c.socket.readyState !== OPEN) return;
    if (c.socket.bufferedAmount > MAX_BACKLOG_BYTES) {
      c.socket.terminate();
      return;
    }
    c.socket.send(data, { binary: false });
  }
  const send = (c: Connection, message: WsServerMessage) => sendText(c, JSON.stringify(message));
  const encode = (message: WsServerMessage) => Buffer.from(JSON.stringify(message));

  function drop(c: Connection): void {
    if (!all.delete(c)) return;
    hub.unsubscribe(c.sink, c.tickers);
    c.tickers.clear();
    if (c.userId !== undefined) {
      const set = byUser.get(c.userId);
      set?.delete(c);
      if (set?.size === 0) byUser.delete(c.userId);
    }
  }

  function subscribe(c: Connection, raw: string[]): void {
    const bad: string[] = [];
    const wanted: string[] = [];
    for (const t of raw) {
      const parsed = tickerField.safeParse(t);
      if (parsed.success) {
        if (!c.tickers.has(parsed.data) && !wanted.includes(parsed.data)) wanted.push(parsed.data);
      } else bad.push(String(t).slice(0, 16));
    }
    if (bad.length) send(c, { type: 'error', message: `${MARKET_MSG.tickerInvalid} (${bad.join(', ')})` });
    const room = WS_MAX_TICKERS - c.tickers.size;
    if (wanted.length > room) send(c, { type: 'error', message: MARKET_MSG.wsTooManyTickers(WS_MAX_TICKERS) });
    const accepted = wanted.slice(0, Math.max(0, room));
    for (const t of accepted) c.tickers.add(t);
    hub.subscribe(c.sink, accepted);
  }

  function unsubscribe(c: Connection, raw: string[]): void {
    const gone: string[] = [];
    for (const t of raw) {
      const parsed = tickerField.safeParse(t);
      if (parsed.success && c.tickers.delete(parsed.data)) gone.push(parsed.data);
    }
    hub.unsubscribe(c.sink, gone);
  }

  async function handle(c: Connection, data: string): Promise<void> {
    let message: ReturnType<typeof wsClientMessage.safeParse> | undefined;
    try {
      message = wsClientMessage.safeParse(JSON.parse(data));
    } catch {
      message = undefined; // not JSON
    }
    if (c.userId === undefined) {
      if (!message?.success || message.data.type !== 'auth') {
        c.socket.close(WS_CLOSE_UNAUTHORIZED, 'Unauthorized');
        return;
      }
      try {
        const { userId } = await authenticate(message.data.token);
        if (c.socket.readyState !== OPEN) return;
        c.userId = userId;
        let set = byUser.get(userId);
        if (!set) byUser.set(userId, (set = new Set()));
        set.add(c);
        send(c, { type: 'ready' });
      } catch (err) {
        if (err instanceof DomainError) {
          c.socket.close(WS_CLOSE_UNAUTHORIZED, 'Unauthorized');
        } else {
          // Not a verdict on the token (the database is unreachable): 1011, and the client retries.
          log.error({ err }, 'websocket: authentication failed');
          c.socket.close(1011, 'Try again');
        }
      }
      return;
    }
    if (!message?.success) {
      send(c, { type: 'error', message: MARKET_MSG.wsBadMessage });
      return;
    }
    const m = message.data;
    switch (m.type) {
      case 'auth':
        return; // already authenticated
      case 'subscribe':
        return subscribe(c, m.tickers);
      case 'unsubscribe':
        return unsubscribe(c, m.tickers);
      case 'ping':
        return send(c, { type: 'pong' });
    }
  }

  return {
    /** Takes a freshly upgraded socket through the protocol until it closes. */
    accept(socket: WebSocket): void {
      const c: Connection = {
        socket,
        userId: undefined,
        tickers: new Set(),
        alive: true,
        sink: {
          send: (data) => {
            if (socket.bufferedAmount <= QUOTE_BACKLOG_BYTES) sendText(c, data);
          },
          unknown: (ticker) => {
            c.tickers.delete(ticker);
            send(c, { type: 'error', message: MARKET_MSG.unknownTicker(ticker) });
          },
        },
      };
      all.add(c);
      const authTimer = setTimeout(() => {
        if (c.userId === undefined) socket.close(WS_CLOSE_UNAUTHORIZED, 'Unauthorized');
      }, authTimeoutMs);
      authTimer.unref();
      // Messages are handled one at a time, in order (the first, `auth`, waits for the database).
      let chain: Promise<void> = Promise.resolve();
      socket.on('message', (data, isBinary) => {
        const text = isBinary ? '' : data.toString();
        chain = chain
          .then(() => handle(c, text))
          .catch((err: unknown) => log.error({ err }, 'websocket: a message failed'));
      });
      socket.on('pong', () => {
        c.alive = true;
      });
      socket.on('close', () => {
        clearTimeout(authTimer);
        drop(c);
      });
      socket.on('error', () => socket.terminate());
    },

    /** Sends a user event to this process's sockets of `userId`. */
    deliver(userId: number, event: UserEvent): void {
      const set = byUser.get(userId);
      if (!set) return;
      const data = encode({ type: 'event', event });
      for (const c of set) sendText(c, data);
    },

    /** Sends an event to every signed-in socket (e.g. `resync` after the LISTEN connection came back). */
    broadcast(event: UserEvent): void {
      const data = encode({ type: 'event', event });
      for (const c of all) if (c.userId !== undefined) sendText(c, data);
    },

    /** Counts, for health and tests. */
    stats(): { connections: number; users: number } {
      return { connections: all.size, users: byUser.size };
    },

    /** Closes every socket (1001, going away) and stops the heartbeat. */
    close(): void {
      clearInterval(heartbeat);
      for (const c of [...all]) {
        drop(c);
        c.socket.close(1001, 'Server shutting down');
      }
    },
  };
}
export type Gateway = ReturnType<typeof createGateway>;
