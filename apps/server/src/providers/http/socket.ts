/**
 * A vendor's WebSocket that opens again by itself (the brokers' order streams: Alpaca's trade
 * updates, Tradier's account events). Before each connection `prepare` says where and what to send
 * first (credentials read again, a new session asked for); a dropped, refused or silent socket is
 * opened again after 1 s, 2 s, 4 s … up to a minute, until `close()`. The vendor's code reads the
 * messages and says when the socket works (`up`); one not working 10 s after it opened is ended.
 * Only a socket that worked for a while (a ping interval) makes the next wait a second again: one
 * that keeps dropping as soon as it works is opened ever less often. A kind of failure is logged
 * once (`warn`) until a socket works for a while.
 */
import WebSocket from 'ws';
import type { Logger } from 'pino';
import { record, type JsonObject } from './json';

/** The wait before a socket is opened again: `first`, doubled each time up to `max`. */
export interface RetryMs {
  first: number;
  max: number;
}

/** 1 s, doubled up to a minute. */
const DEFAULT_RETRY_MS: Readonly<RetryMs> = { first: 1_000, max: 60_000 };

/** The waits `retry` names, one after the other (`first`, doubled up to `max`); `reset` starts again. */
export function retryWaits(retry: Readonly<RetryMs> = DEFAULT_RETRY_MS) {
  let wait = retry.first;
  return {
    next(): number {
      const now = wait;
      wait = Math.min(wait * 2, retry.max);
      return now;
    },
    reset() {
      wait = retry.first;
    },
  };
}

/** What the vendor's code may do with the socket it is reading. */
export interface SocketLink {
  send(text: string): void;
  /** Ends this connection at once; it is opened again after the wait. */
  close(): void;
  /** It works (authorized, subscribed). */
  up(): void;
  /** Logs this kind of failure once, until a socket works for a while. */
  warn(kind: string, message: string): void;
}

export interface RetryingSocketOptions {
  /** Before each connection: the address, and the text sent once it opens (authentication, subscription). */
  prepare: () => Promise<{ url: string; hello: string }>;
  /** Each message that is a JSON object (binary frames read as UTF-8; anything else is passed over). */
  onMessage: (message: JsonObject, link: SocketLink) => void;
  /** The hello was sent. */
  onOpen?: (link: SocketLink) => void;
  /** A connection ended (it is opened again after the wait unless closed). */
  onDown?: () => void;
  log?: Pick<Logger, 'warn'>;
  /** Named in the log: "Alpaca's trade updates stream". */
  name: string;
  /** What the log lines say besides (the account). */
  logContext?: () => Record<string, unknown>;
  /** The wait before opening again. Default 1 s, doubled up to 60 s. */
  retryMs?: RetryMs | undefined;
  /** A ping this often; a socket that sent nothing (no message, no pong) since the last one is ended. Default 30 s. */
  pingMs?: number;
  /** A socket not `up` this long after it opened is ended. Default 10 s. */
  upWithinMs?: number;
}

function textOf(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

export function openRetryingSocket(options: RetryingSocketOptions): { close(): void } {
  const pingMs = options.pingMs ?? 30_000;
  const upWithinMs = options.upWithinMs ?? 10_000;
  let socket: WebSocket | null = null;
  let closed = false;
  const waits = retryWaits(options.retryMs);
  let reconnect: NodeJS.Timeout | null = null;
  const told = new Set<string>();

  function warn(kind: string, message: string) {
    if (closed || told.has(kind)) return;
    told.add(kind);
    options.log?.warn({ stream: options.name, kind, ...options.logContext?.() }, message);
  }

  function later() {
    if (closed || reconnect) return;
    reconnect = setTimeout(() => {
      reconnect = null;
      void connect();
    }, waits.next());
    reconnect.unref();
  }

  async function connect() {
    let start: { url: string; hello: string };
    try {
      start = await options.prepare();
    } catch (err) {
      warn('prepare', `${options.name} cannot start: ${err instanceof Error ? err.message : String(err)}`);
      later();
      return;
    }
    if (closed) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(start.url, { handshakeTimeout: 10_000 });
    } catch (err) {
      // An address the client takes for no WebSocket address (a configuration mistake).
      warn(
        'address',
        `${options.name} cannot connect to ${start.url}: ${err instanceof Error ? err.message : String(err)}`,
      );
      later();
      return;
    }
    socket = ws;
    let upAt: number | null = null;
    const link: SocketLink = {
      send: (text) => ws.send(text),
      close: () => ws.terminate(),
      up() {
        upAt ??= Date.now();
      },
      warn,
    };
    let heard = true;
    let pinger: NodeJS.Timeout | undefined;
    let upTimer: NodeJS.Timeout | undefined;
    ws.on('open', () => {
      // Closed while it was opening.
      if (closed) return ws.close();
      ws.send(start.hello);
      pinger = setInterval(() => {
        if (!heard) return ws.terminate();
        heard = false;
        ws.ping();
      }, pingMs);
      pinger.unref();
      upTimer = setTimeout(() => {
        if (upAt !== null) return;
        warn('not-up', `${options.name} did not answer in ${upWithinMs / 1000} s`);
        ws.terminate();
      }, upWithinMs);
      upTimer.unref();
      options.onOpen?.(link);
    });
    ws.on('pong', () => (heard = true));
    ws.on('message', (data) => {
      heard = true;
      if (closed || socket !== ws) return;
      let message: JsonObject | undefined;
      try {
        message = record(JSON.parse(textOf(data)));
      } catch {
        return;
      }
      if (message) options.onMessage(message, link);
    });
    // The close that follows opens it again.
    ws.on('error', (err) => warn(`network:${err.message}`, `${options.name} failed: ${err.message}`));
    ws.on('close', () => {
      clearInterval(pinger);
      clearTimeout(upTimer);
      if (socket !== ws) return;
      socket = null;
      // It worked for a while: a drop now is news, and the next try comes soon.
      if (upAt !== null && Date.now() - upAt >= pingMs) {
        waits.reset();
        told.clear();
      }
      options.onDown?.();
      later();
    });
  }

  void connect();
  return {
    close() {
      closed = true;
      if (reconnect) clearTimeout(reconnect);
      // One still opening gives up its handshake.
      socket?.close();
    },
  };
}
