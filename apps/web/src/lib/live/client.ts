import {
  WS_CLOSE_UNAUTHORIZED,
  WS_MAX_TICKERS,
  type Quote,
  type UserEvent,
  type WsClientMessage,
  type WsServerMessage,
} from '@drat/contracts';
import { fetchQuotes } from '../../api/market';
import { quoteStore } from './quoteStore';

/**
 * The app's one WebSocket to /api/ws (issue 3 "Live quotes to the browser").
 *
 * - Opens after sign-in with the session token (`auth` first, then the server says `ready`),
 *   closes on logout. A close with WS_CLOSE_UNAUTHORIZED (4401) is final until the token changes.
 * - Any other loss reconnects with exponential backoff and full jitter; after `ready` again the
 *   held tickers are subscribed anew and their quotes re-read over HTTP to close the gap.
 * - Ticker subscriptions are reference-counted: each component `retain`s what it shows and
 *   releases it on unmount; the server hears one subscribe/unsubscribe per change, batched.
 * - Quotes go to the shared quote store; user events go to listeners by kind ('*' for all).
 */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'unauthorized';

type EventHandler = (event: UserEvent) => void;

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
const HANDSHAKE_TIMEOUT_MS = 10_000;
const PING_EVERY_MS = 25_000;
/** No message at all (not even a pong) for this long: the connection is dead, start over. */
const SILENCE_LIMIT_MS = 2 * PING_EVERY_MS + 10_000;
const SYNC_DELAY_MS = 40;
/** Close code we use to drop a connection that stopped answering (not 4401: we reconnect). */
const CLOSE_STALE = 4000;

const CONNECTING = 0;
const OPEN = 1;

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/ws`;
}

/** The parts of a browser WebSocket the client uses (a fake one in tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveClientOptions {
  openSocket?: (url: string) => SocketLike;
  url?: () => string;
  /** Re-reads quotes after a reconnect. */
  refreshQuotes?: (symbols: string[]) => Promise<Quote[]>;
}

/** Full-jitter exponential backoff: a random delay in [cap/2, cap], cap doubling up to 30 s. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const cap = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(cap / 2 + random() * (cap / 2));
}

export class LiveClient {
  private token: string | null = null;
  private socket: SocketLike | null = null;
  private ready = false;
  private everReady = false;
  private attempt = 0;
  private status: LiveStatus = 'idle';
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private handshakeTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private syncTimer: ReturnType<typeof setTimeout> | null = null;
  private lastMessageAt = 0;
  /** Ticker → number of holders. */
  private readonly counts = new Map<string, number>();
  /** Tickers the server has been asked for on the current socket. */
  private readonly sent = new Set<string>();
  private readonly statusListeners = new Set<() => void>();
  private readonly eventHandlers = new Map<string, Set<EventHandler>>();

  private readonly openSocket: (url: string) => SocketLike;
  private readonly url: () => string;
  private readonly refreshQuotes: (symbols: string[]) => Promise<Quote[]>;

  constructor(options: LiveClientOptions = {}) {
    this.openSocket = options.openSocket ?? ((url) => new WebSocket(url));
    this.url = options.url ?? socketUrl;
    this.refreshQuotes = options.refreshQuotes ?? ((symbols) => fetchQuotes(symbols).then((r) => r.quotes));
    if (typeof window === 'undefined' || typeof document === 'undefined') return;
    // Back online or back on the tab while waiting to retry: try at once rather than after the delay.
    const retryNow = () => {
      if (this.retryTimer && this.token && (document.visibilityState ?? 'visible') === 'visible') {
        clearTimeout(this.retryTimer);
        this.retryTimer = null;
        this.open();
      }
    };
    window.addEventListener('online', retryNow);
    document.addEventListener('visibilitychange', retryNow);
  }

  /* ---- connection ------------------------------------------------------------------------ */

  connect(token: string): void {
    if (this.token === token && (this.socket || this.retryTimer)) return;
    this.teardown();
    this.token = token;
    this.attempt = 0;
    this.everReady = false;
    this.open();
  }

  /** Logout: close and forget the token; nothing reconnects until the next connect(). */
  disconnect(): void {
    this.token = null;
    this.teardown();
    this.setStatus('idle');
  }

  getStatus(): LiveStatus {
    return this.status;
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private setStatus(next: LiveStatus) {
    if (this.status === next) return;
    this.status = next;
    this.statusListeners.forEach((l) => l());
  }

  private open() {
    const token = this.token;
    if (!token) return;
    this.setStatus(this.everReady || this.attempt > 0 ? 'reconnecting' : 'connecting');
    let ws: SocketLike;
    try {
      ws = this.openSocket(this.url());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = ws;
    this.ready = false;
    this.sent.clear();
    ws.onopen = () => {
      if (ws === this.socket) this.send({ type: 'auth', token });
    };
    ws.onmessage = (e: MessageEvent) => {
      if (ws === this.socket) this.receive(e.data);
    };
    ws.onclose = (e: CloseEvent) => {
      if (ws === this.socket) this.closed(e.code);
    };
    this.handshakeTimer = setTimeout(() => {
      if (ws === this.socket && !this.ready) ws.close(CLOSE_STALE, 'handshake timeout');
    }, HANDSHAKE_TIMEOUT_MS);
  }

  private receive(data: unknown) {
    if (typeof data !== 'string') return;
    let msg: WsServerMessage;
    try {
      msg = JSON.parse(data) as WsServerMessage;
    } catch {
      return;
    }
    this.lastMessageAt = Date.now();
    switch (msg.type) {
      case 'ready': {
        const resumed = this.everReady;
        this.ready = true;
        this.everReady = true;
        this.attempt = 0;
        if (this.handshakeTimer) clearTimeout(this.handshakeTimer);
        this.handshakeTimer = null;
        this.setStatus('open');
        this.startPing();
        this.sync();
        if (resumed) this.refreshHeld();
        break;
      }
      case 'quote':
        if (msg.quote?.symbol) quoteStore.push(msg.quote);
        break;
      case 'event':
        if (msg.event) this.emit(msg.event);
        break;
      case 'error':
        console.warn('[live]', msg.message);
        break;
      case 'pong':
        break;
    }
  }

  private closed(code: number) {
    this.socket = null;
    this.ready = false;
    this.sent.clear();
    this.stopTimers();
    if (code === WS_CLOSE_UNAUTHORIZED) {
      this.setStatus('unauthorized');
      return;
    }
    if (this.token) this.scheduleRetry();
  }

  private scheduleRetry() {
    const delay = backoffDelay(this.attempt);
    this.attempt += 1;
    this.setStatus('reconnecting');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, delay);
  }

  private startPing() {
    this.lastMessageAt = Date.now();
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (Date.now() - this.lastMessageAt > SILENCE_LIMIT_MS) this.socket?.close(CLOSE_STALE, 'no answer');
      else this.send({ type: 'ping' });
    }, PING_EVERY_MS);
  }

  private stopTimers() {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.handshakeTimer) clearTimeout(this.handshakeTimer);
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.pingTimer = this.handshakeTimer = this.syncTimer = null;
  }

  private teardown() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.stopTimers();
    const ws = this.socket;
    this.socket = null;
    this.ready = false;
    this.sent.clear();
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = null;
      if (ws.readyState === CONNECTING) ws.onopen = () => ws.close(1000, 'bye');
      else if (ws.readyState === OPEN) ws.close(1000, 'bye');
    }
  }

  private send(message: WsClientMessage) {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  /* ---- subscriptions --------------------------------------------------------------------- */

  /** Holds live quotes for `tickers` until the returned function is called (once). */
  retain(tickers: readonly string[]): () => void {
    const symbols = [...new Set(tickers.map((t) => t.trim().toUpperCase()).filter(Boolean))];
    for (const s of symbols) this.counts.set(s, (this.counts.get(s) ?? 0) + 1);
    this.scheduleSync();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const s of symbols) {
        const n = (this.counts.get(s) ?? 0) - 1;
        if (n > 0) this.counts.set(s, n);
        else this.counts.delete(s);
      }
      this.scheduleSync();
    };
  }

  /** Tickers someone holds now. */
  held(): string[] {
    return [...this.counts.keys()];
  }

  private scheduleSync() {
    if (this.syncTimer || !this.ready) return;
    this.syncTimer = setTimeout(() => {
      this.syncTimer = null;
      this.sync();
    }, SYNC_DELAY_MS);
  }

  /**
   * Tells the server the difference between what is held and what it was asked for. A connection
   * follows at most WS_MAX_TICKERS: beyond that, tickers wait (first held, first served) until
   * others are released.
   */
  private sync() {
    if (!this.ready) return;
    const remove = [...this.sent].filter((s) => !this.counts.has(s));
    if (remove.length) this.send({ type: 'unsubscribe', tickers: remove });
    remove.forEach((s) => this.sent.delete(s));
    const room = WS_MAX_TICKERS - this.sent.size;
    const add = [...this.counts.keys()].filter((s) => !this.sent.has(s)).slice(0, Math.max(0, room));
    if (add.length) this.send({ type: 'subscribe', tickers: add });
    add.forEach((s) => this.sent.add(s));
  }

  /** After a reconnect: quotes may have moved while we were away. */
  private refreshHeld() {
    const symbols = this.held();
    if (symbols.length)
      this.refreshQuotes(symbols).then(
        (quotes) => quoteStore.seed(quotes),
        () => undefined,
      );
  }

  /* ---- user events ----------------------------------------------------------------------- */

  /** `kind` '*' hears every event. */
  onEvent(kind: string, handler: EventHandler): () => void {
    let set = this.eventHandlers.get(kind);
    if (!set) this.eventHandlers.set(kind, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.eventHandlers.delete(kind);
    };
  }

  private emit(event: UserEvent) {
    for (const key of [event.kind, '*'])
      this.eventHandlers.get(key)?.forEach((h) => {
        try {
          h(event);
        } catch (err) {
          console.error('[live] event handler failed', err);
        }
      });
  }
}

/** The shared client. */
export const liveClient = new LiveClient();
