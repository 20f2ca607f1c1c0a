/**
 * Tradier's account events (docs/tradier.md "Pushed order events"): a WebSocket that tells of each
 * order of every account a token reaches, when it is received and at each change of status.
 *
 * - Each connection starts with a session: `POST /v1/accounts/events/session` answers
 *   `{"stream":{"url":"wss://ws.tradier.com/v1/accounts/events","sessionid":…}}`, good for five
 *   minutes to open a stream; then `{"events":["order"],"sessionid":…,"excludeAccounts":[]}` is sent
 *   on the socket. Tradier acknowledges nothing: the stream counts as telling once that is sent. It
 *   sends `{"event":"order","account":…,"status":…}` for an order and a heartbeat about every minute.
 * - One session at a time is allowed for a token, and one stream carries all its accounts: the
 *   accounts a trader's token reaches share one stream, opened with the first and closed with the last.
 * - A dropped stream starts again with a new session (providers/http/socket.ts: 1 s, 2 s … up to a
 *   minute); each time it starts, every account on it is told (what changed meanwhile was not).
 */
import type { Logger } from 'pino';
import { openRetryingSocket } from '../../http/socket';
import { str } from '../../tradier/normalize';

export interface TradierEventsOptions {
  /** A new streaming session for the token: where to connect and the session id. */
  session: (token: string) => Promise<{ url: string; sessionid: string }>;
  log?: Pick<Logger, 'warn'>;
  /** The wait before a dropped stream starts again, doubled each time up to `max`. Default 1 s to 60 s. */
  retryMs?: { first: number; max: number };
}

interface TokenStream {
  live: boolean;
  /** The accounts watched on it, each with who to tell. */
  watchers: Map<string, Set<() => void>>;
  close(): void;
}

/** The streams of the tokens watched now: one per token, shared by its accounts. */
export function tradierOrderEvents(options: TradierEventsOptions) {
  const streams = new Map<string, TokenStream>();

  function open(token: string): TokenStream {
    const stream: TokenStream = { live: false, watchers: new Map(), close: () => {} };
    const tellAll = () => {
      for (const tell of [...stream.watchers.values()].flatMap((set) => [...set])) tell();
    };
    const socket = openRetryingSocket({
      name: "Tradier's account events stream",
      log: options.log,
      logContext: () => ({ accounts: [...stream.watchers.keys()] }),
      ...(options.retryMs ? { retryMs: options.retryMs } : {}),
      async prepare() {
        const { url, sessionid } = await options.session(token);
        return { url, hello: JSON.stringify({ events: ['order'], sessionid, excludeAccounts: [] }) };
      },
      onOpen(link) {
        stream.live = true;
        link.up();
        tellAll();
      },
      onDown: () => (stream.live = false),
      onMessage(message, link) {
        const error = str(message.error);
        if (error !== undefined) {
          link.warn('error', `Tradier's account events stream refused: ${error}`);
          link.close();
          return;
        }
        if (str(message.event) !== 'order') return; // a heartbeat
        for (const tell of stream.watchers.get(str(message.account) ?? '') ?? []) tell();
      },
    });
    stream.close = () => {
      stream.live = false;
      socket.close();
    };
    return stream;
  }

  return {
    /** Tells `onChange` of each event of the account's orders; `live` while the token's stream is up. */
    watch(token: string, account: string, onChange: () => void) {
      let stream = streams.get(token);
      if (!stream) {
        stream = open(token);
        streams.set(token, stream);
      }
      const s = stream;
      const set = s.watchers.get(account) ?? new Set();
      set.add(onChange);
      s.watchers.set(account, set);
      return {
        get live() {
          return s.live;
        },
        close() {
          set.delete(onChange);
          if (set.size === 0 && s.watchers.get(account) === set) s.watchers.delete(account);
          if (s.watchers.size > 0 || streams.get(token) !== s) return;
          streams.delete(token);
          s.close();
        },
      };
    },
  };
}
