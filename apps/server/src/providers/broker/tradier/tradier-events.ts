/**
 * Tradier's account events (docs/tradier.md "Pushed order events"): a WebSocket that tells of each
 * order of every account a token reaches, when it is received and at each change of status.
 *
 * - Each connection starts with a session: `POST /v1/accounts/events/session` answers
 *   `{"stream":{"url":"wss://ws.tradier.com/v1/accounts/events","sessionid":…}}`, good for five
 *   minutes to open a stream; then `{"events":["order"],"sessionid":…,"excludeAccounts":[]}` is sent
 *   on the socket. Tradier sends `{"event":"order","account":…,"status":…}` for an order and a
 *   heartbeat about every minute, and acknowledges nothing: the stream counts as up once it has
 *   sent something (the 2 s poll goes on meanwhile); one that sends nothing, nor answers a ping,
 *   for 90–180 s is ended.
 * - One session at a time is allowed for a token, and one stream carries all its accounts: the
 *   accounts on one token share one stream, opened with the first and closed with the last. The
 *   token is read again (from its first account) before each connection: a trader who authorized
 *   again (tokens last a day) is on the new one, and accounts that join with it find the stream.
 * - A dropped stream starts again with a new session (providers/http/socket.ts: 1 s, 2 s … up to a
 *   minute); each time it is up again, every account on it is told (what changed meanwhile was not),
 *   and so is an account that joins a stream already up.
 * - Two streams never share a token: one whose token turns out, when it starts again, to be another
 *   stream's (a trader who authorized again, with an account that joined on the new token first)
 *   hands its accounts to that stream and ends.
 * - An account whose token cannot be read is polled, and its token is read again after the same
 *   waits, until it streams or is no longer watched.
 */
import type { Logger } from 'pino';
import { openRetryingSocket, retryWaits, type RetryMs } from '../../http/socket';
import { str } from '../../tradier/normalize';

export interface TradierEventsOptions {
  /** The access token that reaches an account. */
  tokenOf: (account: string) => Promise<string>;
  /** A new streaming session for the token: where to connect and the session id. */
  session: (token: string) => Promise<{ url: string; sessionid: string }>;
  log?: Pick<Logger, 'warn'>;
  retryMs?: RetryMs;
}

interface TokenStream {
  /** The token last read for it (its first account's), which its connection uses once connected. */
  token: string;
  live: boolean;
  /** The accounts watched on it, each with its watchers. */
  watchers: Map<string, Set<Watcher>>;
  close(): void;
}

/** One watch of an account: who to tell, on the stream that carries it now. */
interface Watcher {
  tell: () => void;
  stream: TokenStream;
}

/** Order events that change nothing a trade knows: an order received, or still working. */
const QUIET_STATUSES = new Set(['open', 'pending']);

/** Tradier says nothing for about a minute between heartbeats. */
const QUIET_MS = 90_000;

/** The streams of the tokens watched now: one per token, shared by its accounts. */
export function tradierOrderEvents(options: TradierEventsOptions) {
  const streams = new Set<TokenStream>();

  /** Puts `watcher` on `stream` for `account`; told at once when the stream is up already. */
  function attach(stream: TokenStream, account: string, watcher: Watcher) {
    watcher.stream = stream;
    const set = stream.watchers.get(account) ?? new Set();
    set.add(watcher);
    stream.watchers.set(account, set);
    // Up already: what changed before this account joined was not told to it.
    if (stream.live) queueMicrotask(watcher.tell);
  }

  function open(token: string): TokenStream {
    const stream: TokenStream = { token, live: false, watchers: new Map(), close: () => {} };
    const tellAll = () => {
      for (const watcher of [...stream.watchers.values()].flatMap((set) => [...set])) watcher.tell();
    };
    const socket = openRetryingSocket({
      name: "Tradier's account events stream",
      log: options.log,
      logContext: () => ({ accounts: [...stream.watchers.keys()] }),
      retryMs: options.retryMs,
      pingMs: QUIET_MS,
      upWithinMs: QUIET_MS,
      async prepare() {
        const first = stream.watchers.keys().next().value;
        if (first !== undefined) {
          stream.token = await options.tokenOf(first);
          // Closed while its token was read: no session (it could push out another stream's).
          if (!streams.has(stream)) throw new Error('closed');
        }
        const other = [...streams].find((s) => s !== stream && s.token === stream.token);
        if (other) {
          // One session at a time per token: this stream's accounts move to the one already on it.
          streams.delete(stream);
          stream.close();
          for (const [account, set] of stream.watchers) for (const watcher of set) attach(other, account, watcher);
          stream.watchers.clear();
          throw new Error(`its accounts moved to the stream already on their token`);
        }
        const { url, sessionid } = await options.session(stream.token);
        return { url, hello: JSON.stringify({ events: ['order'], sessionid, excludeAccounts: [] }) };
      },
      onDown: () => (stream.live = false),
      onMessage(message, link) {
        const error = str(message.error);
        if (error !== undefined) {
          stream.live = false;
          link.warn('error', `Tradier's account events stream refused: ${error}`);
          link.close();
          return;
        }
        if (!stream.live) {
          stream.live = true;
          link.up();
          tellAll();
        }
        if (str(message.event) !== 'order') return; // a heartbeat
        // An order received or changed by hand, still working: nothing a trade knows changes.
        if (QUIET_STATUSES.has(str(message.status) ?? '')) return;
        for (const watcher of stream.watchers.get(str(message.account) ?? '') ?? []) watcher.tell();
      },
    });
    stream.close = () => {
      stream.live = false;
      socket.close();
    };
    return stream;
  }

  function join(token: string, account: string, tell: () => void): Watcher {
    let stream = [...streams].find((s) => s.token === token);
    if (!stream) {
      stream = open(token);
      streams.add(stream);
    }
    const watcher = { tell, stream };
    attach(stream, account, watcher);
    return watcher;
  }

  function leave(account: string, watcher: Watcher) {
    const s = watcher.stream;
    const set = s.watchers.get(account);
    if (!set?.delete(watcher)) return;
    if (set.size === 0) s.watchers.delete(account);
    if (s.watchers.size > 0 || !streams.has(s)) return;
    streams.delete(s);
    s.close();
  }

  return {
    /** Tells `onChange` of each event of the account's orders; `live` while its token's stream is up. */
    watch(account: string, onChange: () => void): { readonly live: boolean; close(): void } {
      let watcher: Watcher | null = null;
      let closed = false;
      let retry: NodeJS.Timeout | undefined;
      const waits = retryWaits(options.retryMs);
      let warned = false;
      const start = () =>
        options.tokenOf(account).then(
          (token) => {
            if (!closed) watcher = join(token, account, onChange);
          },
          (err: unknown) => {
            if (closed) return;
            if (!warned)
              options.log?.warn(
                { account, err: err instanceof Error ? err.message : String(err) },
                "Tradier's account events stream: no token for the account (it is polled, and the token read again)",
              );
            warned = true;
            retry = setTimeout(() => void start(), waits.next());
            retry.unref();
          },
        );
      void start();
      return {
        get live() {
          return watcher?.stream.live ?? false;
        },
        close() {
          closed = true;
          clearTimeout(retry);
          if (watcher) leave(account, watcher);
        },
      };
    },
  };
}
