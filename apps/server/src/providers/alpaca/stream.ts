/**
 * Alpaca's trade updates (docs/alpaca.md "Pushed order updates"): a WebSocket at the Trading API's
 * host, `/stream` (wss://paper-api.alpaca.markets/stream, wss://api.alpaca.markets/stream), that
 * tells of every change to the account's orders: new, partial_fill, fill, canceled, expired,
 * replaced … One stream per credential (one credential reaches one account).
 *
 * - Authenticate with `{"action":"authenticate","data":{"key_id","secret_key"}}` or, with an OAuth
 *   token, `{"data":{"oauth_token"}}`; Alpaca answers on the `authorization` stream with `status`
 *   `authorized` or `unauthorized`. Then `{"action":"listen","data":{"streams":["trade_updates"]}}`,
 *   acknowledged on the `listening` stream. Paper accounts send binary frames, live ones text: both
 *   are read as UTF-8 JSON.
 * - Nothing is told of what changed while the stream was down, so `onListening` is called each time
 *   it listens (again): the caller asks the REST API then.
 * - A dropped or refused stream is opened again after 1 s, 2 s, 4 s … up to a minute (the credential
 *   read again each time: a re-authorized trader's new token); an unanswered ping ends a silent one.
 *   Each kind of failure is logged once until the stream listens again.
 */
import WebSocket from 'ws';
import type { AlpacaCredentials, AlpacaLog } from './http';
import { record, str } from './json';

/** One trade update: the event and the order it concerns. */
export interface AlpacaTradeUpdate {
  event: string;
  orderId: string | null;
  clientOrderId: string | null;
}

export interface AlpacaStreamOptions {
  /** The Trading API's host (https://paper-api.alpaca.markets …): the stream is its `/stream`, over ws(s). */
  baseUrl: string;
  /** Read at every (re)connection. */
  credentials: () => Promise<AlpacaCredentials>;
  /** The stream listens (again): what changed while it did not is not told. */
  onListening: () => void;
  onUpdate: (update: AlpacaTradeUpdate) => void;
  log?: AlpacaLog;
  /** The wait before opening a dropped stream again, doubled each time up to `max`. Default 1 s to 60 s. */
  retryMs?: { first: number; max: number };
  /** A ping this often; a stream that did not answer the last one is ended. Default 30 s. */
  pingMs?: number;
}

export interface AlpacaStream {
  /** Authorized and listening to trade updates now. */
  readonly listening: boolean;
  close(): void;
}

/** https://paper-api.alpaca.markets → wss://paper-api.alpaca.markets/stream (http → ws for a local server). */
export const streamUrlOf = (baseUrl: string) => `${baseUrl.replace(/\/+$/, '').replace(/^http/, 'ws')}/stream`;

const authenticate = (c: AlpacaCredentials) =>
  JSON.stringify({
    action: 'authenticate',
    data: c.kind === 'oauth' ? { oauth_token: c.accessToken } : { key_id: c.keyId, secret_key: c.secretKey },
  });
const LISTEN = JSON.stringify({ action: 'listen', data: { streams: ['trade_updates'] } });

function textOf(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

export function openAlpacaTradeStream(options: AlpacaStreamOptions): AlpacaStream {
  const url = streamUrlOf(options.baseUrl);
  const retry = options.retryMs ?? { first: 1_000, max: 60_000 };
  const pingMs = options.pingMs ?? 30_000;
  let socket: WebSocket | null = null;
  let listening = false;
  let closed = false;
  let wait = retry.first;
  let reconnect: NodeJS.Timeout | null = null;
  let told: string | null = null;

  function warn(kind: string, message: string) {
    if (told === kind) return;
    told = kind;
    options.log?.warn({ url, kind }, message);
  }

  function later() {
    if (closed || reconnect) return;
    reconnect = setTimeout(() => {
      reconnect = null;
      void connect();
    }, wait);
    reconnect.unref();
    wait = Math.min(wait * 2, retry.max);
  }

  function handle(ws: WebSocket, data: WebSocket.RawData) {
    let message: ReturnType<typeof record>;
    try {
      message = record(JSON.parse(textOf(data)));
    } catch {
      return;
    }
    const body = record(message?.data);
    switch (str(message?.stream)) {
      case 'authorization':
        if (str(body?.status) === 'authorized') ws.send(LISTEN);
        else {
          warn(
            'unauthorized',
            `Alpaca refused the trade updates stream's credentials: ${str(body?.message) ?? 'unauthorized'}`,
          );
          ws.close();
        }
        return;
      case 'listening':
        if (!Array.isArray(body?.streams) || !body.streams.includes('trade_updates')) {
          warn('not-listening', 'Alpaca did not open the trade_updates stream');
          ws.close();
          return;
        }
        listening = true;
        wait = retry.first;
        told = null;
        options.onListening();
        return;
      case 'trade_updates': {
        const order = record(body?.order);
        options.onUpdate({
          event: str(body?.event) ?? '',
          orderId: str(order?.id) ?? null,
          clientOrderId: str(order?.client_order_id) ?? null,
        });
        return;
      }
    }
  }

  async function connect() {
    let credentials: AlpacaCredentials;
    try {
      credentials = await options.credentials();
    } catch (err) {
      warn(
        'credentials',
        `No credential for Alpaca's trade updates stream: ${err instanceof Error ? err.message : String(err)}`,
      );
      later();
      return;
    }
    if (closed) return;
    const ws = new WebSocket(url, { handshakeTimeout: 10_000 });
    socket = ws;
    let answered = true;
    let pinger: NodeJS.Timeout | undefined;
    ws.on('open', () => {
      // Closed while it was opening.
      if (closed) return ws.close();
      ws.send(authenticate(credentials));
      pinger = setInterval(() => {
        if (!answered) return ws.terminate();
        answered = false;
        ws.ping();
      }, pingMs);
      pinger.unref();
    });
    ws.on('pong', () => (answered = true));
    ws.on('message', (data) => {
      answered = true;
      handle(ws, data);
    });
    // The close that follows opens it again.
    ws.on('error', (err) => {
      if (!closed) warn(`network:${err.message}`, `Alpaca's trade updates stream failed: ${err.message}`);
    });
    ws.on('close', () => {
      clearInterval(pinger);
      if (socket !== ws) return;
      socket = null;
      listening = false;
      later();
    });
  }

  void connect();
  return {
    get listening() {
      return listening;
    },
    close() {
      closed = true;
      listening = false;
      if (reconnect) clearTimeout(reconnect);
      // A stream still opening is closed once it opens (closing it now would throw).
      if (socket?.readyState !== WebSocket.CONNECTING) socket?.close();
    },
  };
}
