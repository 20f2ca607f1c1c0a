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
 *   read again each time: a re-authorized trader's new token); an unanswered ping ends a silent one
 *   (providers/http/socket.ts). Each kind of failure is logged once, until a stream has worked for a while.
 */
import { openRetryingSocket, type RetryMs } from '../http/socket';
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
  /** The account, named in the log. */
  account?: string;
  /** The wait before opening a dropped stream again (default 1 s, doubled up to 60 s). */
  retryMs?: RetryMs | undefined;
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

export function openAlpacaTradeStream(options: AlpacaStreamOptions): AlpacaStream {
  let listening = false;
  const socket = openRetryingSocket({
    name: "Alpaca's trade updates stream",
    log: options.log,
    logContext: () => ({ account: options.account }),
    retryMs: options.retryMs,
    prepare: async () => ({ url: streamUrlOf(options.baseUrl), hello: authenticate(await options.credentials()) }),
    onDown: () => (listening = false),
    onMessage(message, link) {
      const body = record(message.data);
      switch (str(message.stream)) {
        case 'authorization':
          if (str(body?.status) === 'authorized') link.send(LISTEN);
          else {
            link.warn(
              'unauthorized',
              `Alpaca refused the trade updates stream's credentials: ${str(body?.message) ?? 'unauthorized'}`,
            );
            link.close();
          }
          return;
        case 'listening':
          if (!Array.isArray(body?.streams) || !body.streams.includes('trade_updates')) {
            link.warn('not-listening', 'Alpaca did not open the trade_updates stream');
            link.close();
            return;
          }
          listening = true;
          link.up();
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
    },
  });
  return {
    get listening() {
      return listening;
    },
    close() {
      listening = false;
      socket.close();
    },
  };
}
