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
import { sendShared } from './frames';
import type { QuoteHub, QuoteSink } from './quote-hub';

/** Resolves a session token to its user and session; throws a DomainError when the token is not a live session. */
export type Authenticate = (token: string) => Promise<{ userId: number; sessionId: number }>;
/** Which of these sessions are still live (not signed out, idle, or of a deactivated user). */
export type SessionsAlive = (sessionIds: number[]) => Promise<number[]>;

export interface GatewayOptions {
  hub: QuoteHub;
  authenticate: Authenticate;
  /** Asked every `revalidateMs` about the sessions of the open sockets: the others are closed. */
  sessionsAlive: SessionsAlive;
  log: Logger;
  /** A connection that has not authenticated by then is closed with WS_CLOSE_UNAUTHORIZED. */
  authTimeoutMs?: number;
  /** Protocol-level ping period; a connection that missed the previous pong is dropped. */
  heartbeatMs?: number;
  /** How often open sockets' sessions are checked (a session that ended elsewhere closes its socket). */
  revalidateMs?: number;
}

/** Quotes are skipped for a socket whose unsent data exceeds this; events are never skipped. */
const QUOTE_BACKLOG_BYTES = 256 * 1024;
/** A socket this far behind is not reading at all: it is dropped. */
const MAX_BACKLOG_BYTES = 8 * 1024 * 1024;
const OPEN = 1;

interface Connection {
  socket: WebSocket;
  userId: number | undefined;
  sessionId: number | undefined;
  tickers: Set<string>;
  sink: QuoteSink;
  alive: boolean;
}

/**
 * The WebSocket connections of this process (protocol: WsClientMessage / WsServerMessage in
 * packages/contracts). The first message must be `auth`; then `subscribe`/`unsubscribe` tickers
 * (WS_MAX_TICKERS per connection) and `ping`. Quotes come from the hub; user events from
 * LISTEN/NOTIFY through `deliver`. A socket lives as long as its session: `endSessions` closes it
 * when the session ends (sign-out, password change or reset, on any process), and a check every
 * `revalidateMs` closes those whose session ended otherwise (idle, user deactivated).
 */
export function createGateway({
  hub,
  authenticate,
  sessionsAlive,
  log,
  authTimeoutMs = 10_000,
  heartbeatMs = 30_000,
  revalidateMs = 30_000,
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

  /** Closes the sockets of sessions that ended: the client hears 4401 and signs out. */
  function closeSessions(connections: Iterable<Connection>, ended: (c: Connection) => boolean): number {
    let closed = 0;
    for (const c of [...connections]) {
      if (c.sessionId === undefined || !ended(c)) continue;
      drop(c);
      c.socket.close(WS_CLOSE_UNAUTHORIZED, 'Session ended');
      closed += 1;
    }
    return closed;
  }

  /** Asks which sessions of the open sockets are still live and closes the others. */
  async function revalidate(): Promise<number> {
    const ids = [...new Set([...all].flatMap((c) => (c.sessionId === undefined ? [] : [c.sessionId])))];
    if (ids.length === 0) return 0;
    const alive = new Set(await sessionsAlive(ids));
    return closeSessions(all, (c) => !alive.has(c.sessionId!));
  }
  let revalidating = false;
  const revalidation = setInterval(() => {
    if (revalidating) return;
    revalidating = true;
    revalidate()
      .catch((err: unknown) => log.warn({ err }, 'websocket: checking sessions failed; next round tries again'))
      .finally(() => {
        revalidating = false;
      });
  }, revalidateMs);
  revalidation.unref();

  /**
   * Sends a JSON text frame. A message for many sockets is encoded once, as a Buffer, and framed
   * once (frames.ts); a connection's own message (`ready`, `pong`, an error) goes through `ws`.
   */
  function sendText(c: Connection, data: string | Buffer): void {
    if (c.socket.readyState !== OPEN) return;
    if (c.socket.bufferedAmount > MAX_BACKLOG_BYTES) {
      c.socket.terminate();
      return;
    }
    if (typeof data === 'string') c.socket.send(data, { binary: false });
    else sendShared(c.socket, data);
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
        const { userId, sessionId } = await authenticate(message.data.token);
        if (c.socket.readyState !== OPEN) return;
        c.userId = userId;
        c.sessionId = sessionId;
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
        sessionId: undefined,
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

    /** Closes this process's sockets of these sessions of `userId` at once (signed out, password changed). */
    endSessions(userId: number, sessionIds: readonly number[]): number {
      const ended = new Set(sessionIds);
      return closeSessions(byUser.get(userId) ?? [], (c) => ended.has(c.sessionId!));
    },

    /** Checks every open socket's session now (also done every `revalidateMs`); returns how many closed. */
    revalidate,

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
      clearInterval(revalidation);
      for (const c of [...all]) {
        drop(c);
        c.socket.close(1001, 'Server shutting down');
      }
    },
  };
}
export type Gateway = ReturnType<typeof createGateway>;
