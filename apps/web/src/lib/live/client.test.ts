import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WS_CLOSE_UNAUTHORIZED, WS_MAX_TICKERS, type Quote, type WsClientMessage } from '@drat/contracts';
import { backoffDelay, LiveClient, type SocketLike } from './client';
import { quoteStore } from './quoteStore';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: WsClientMessage[] = [];
  closedWith: number | null = null;
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as WsClientMessage);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  /* server side */
  open() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

const quote = (symbol: string, last: number, at: string): Quote => ({
  symbol,
  name: symbol,
  last,
  bid: last,
  ask: last,
  open: last,
  high: last,
  low: last,
  prevclose: last,
  change: 0,
  change_percentage: 0,
  volume: 1,
  at,
});

describe('LiveClient', () => {
  let sockets: FakeSocket[];
  let refreshed: string[][];
  let client: LiveClient;
  const last = () => sockets.at(-1)!;
  const connectReady = () => {
    client.connect('tok');
    last().open();
    last().push({ type: 'ready' });
  };

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    refreshed = [];
    quoteStore.clear();
    client = new LiveClient({
      url: () => 'ws://test/api/ws',
      openSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      refreshQuotes: async (symbols) => {
        refreshed.push(symbols);
        return [];
      },
    });
  });
  afterEach(() => {
    client.disconnect();
    vi.useRealTimers();
  });

  it('authenticates first with the session token, then subscribes what is held', () => {
    const release = client.retain(['spy', 'AAPL']);
    client.connect('tok');
    expect(client.getStatus()).toBe('connecting');
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', token: 'tok' }]);
    last().push({ type: 'ready' });
    expect(client.getStatus()).toBe('open');
    expect(last().sent[1]).toEqual({ type: 'subscribe', tickers: ['SPY', 'AAPL'] });
    release();
    vi.advanceTimersByTime(100);
    expect(last().sent[2]).toEqual({ type: 'unsubscribe', tickers: ['SPY', 'AAPL'] });
  });

  it('counts holders: a ticker is unsubscribed only when its last holder lets go', () => {
    connectReady();
    const a = client.retain(['MSFT']);
    const b = client.retain(['MSFT', 'NVDA']);
    vi.advanceTimersByTime(100);
    expect(last().sent.slice(1)).toEqual([{ type: 'subscribe', tickers: ['MSFT', 'NVDA'] }]);
    b();
    b(); // a second call changes nothing
    vi.advanceTimersByTime(100);
    expect(last().sent.slice(2)).toEqual([{ type: 'unsubscribe', tickers: ['NVDA'] }]);
    a();
    vi.advanceTimersByTime(100);
    expect(last().sent.slice(3)).toEqual([{ type: 'unsubscribe', tickers: ['MSFT'] }]);
  });

  it('a release and a retain in the same moment send nothing (remounts)', () => {
    connectReady();
    const a = client.retain(['TSLA']);
    vi.advanceTimersByTime(100);
    a();
    const b = client.retain(['TSLA']);
    vi.advanceTimersByTime(100);
    expect(last().sent.slice(1)).toEqual([{ type: 'subscribe', tickers: ['TSLA'] }]);
    b();
  });

  it('follows at most WS_MAX_TICKERS; waiting tickers get in when others leave', () => {
    connectReady();
    const many = Array.from({ length: WS_MAX_TICKERS + 2 }, (_, i) => `T${i}`);
    const releaseFirst = client.retain(many.slice(0, 2));
    client.retain(many.slice(2));
    vi.advanceTimersByTime(100);
    const sub = last().sent[1] as { tickers: string[] };
    expect(sub.tickers).toHaveLength(WS_MAX_TICKERS);
    releaseFirst();
    vi.advanceTimersByTime(100);
    expect(last().sent.slice(2)).toEqual([
      { type: 'unsubscribe', tickers: ['T0', 'T1'] },
      { type: 'subscribe', tickers: [`T${WS_MAX_TICKERS}`, `T${WS_MAX_TICKERS + 1}`] },
    ]);
  });

  it('reconnects with growing, jittered delays and resubscribes after ready', () => {
    client.retain(['SPY']);
    connectReady();
    last().drop(1006);
    expect(client.getStatus()).toBe('reconnecting');
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1000); // first delay is 0.5–1 s
    expect(sockets).toHaveLength(2);
    last().drop(1006); // refused again: next delay 1–2 s
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1001);
    expect(sockets).toHaveLength(3);
    last().open();
    last().push({ type: 'ready' });
    expect(client.getStatus()).toBe('open');
    expect(last().sent).toEqual([
      { type: 'auth', token: 'tok' },
      { type: 'subscribe', tickers: ['SPY'] },
    ]);
    expect(refreshed).toEqual([['SPY']]);
  });

  it('does not reconnect after a 4401 close', () => {
    client.connect('bad');
    last().open();
    last().drop(WS_CLOSE_UNAUTHORIZED);
    expect(client.getStatus()).toBe('unauthorized');
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1);
    client.connect('new-token'); // a new session starts over
    expect(sockets).toHaveLength(2);
  });

  it('closes on logout and stays closed', () => {
    connectReady();
    const ws = last();
    client.disconnect();
    expect(ws.closedWith).toBe(1000);
    expect(client.getStatus()).toBe('idle');
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1);
  });

  it('drops a connection that never says ready, and one that goes silent', () => {
    client.connect('tok');
    last().open();
    vi.advanceTimersByTime(10_000);
    expect(last().closedWith).toBe(4000);
    last().drop(4000);
    vi.advanceTimersByTime(1000);
    last().open();
    last().push({ type: 'ready' });
    vi.advanceTimersByTime(25_000);
    expect(last().sent.at(-1)).toEqual({ type: 'ping' });
    vi.advanceTimersByTime(50_000); // no pong, no quotes
    expect(last().closedWith).toBe(4000);
  });

  it('puts quotes in the store and hands user events to listeners by kind', () => {
    connectReady();
    const trades: unknown[] = [];
    const all: string[] = [];
    const off = client.onEvent('trade', (e) => trades.push(e.payload));
    client.onEvent('*', (e) => all.push(e.kind));
    last().push({ type: 'event', event: { kind: 'trade', payload: { id: 1 }, at: '2026-01-01T00:00:00Z' } });
    last().push({ type: 'event', event: { kind: 'alert', payload: null, at: '2026-01-01T00:00:00Z' } });
    off();
    last().push({ type: 'event', event: { kind: 'trade', payload: { id: 2 }, at: '2026-01-01T00:00:01Z' } });
    expect(trades).toEqual([{ id: 1 }]);
    expect(all).toEqual(['trade', 'alert', 'trade']);
    last().push({ type: 'quote', quote: quote('SPY', 500, '2026-01-01T15:00:00Z') });
    expect(quoteStore.get('spy')?.last).toBe(500);
  });
});

describe('quoteStore', () => {
  it('never lets an older quote replace a newer one', () => {
    quoteStore.clear();
    quoteStore.seed([quote('AAPL', 200, '2026-01-01T15:00:01Z')]);
    quoteStore.seed([quote('AAPL', 199, '2026-01-01T15:00:00Z')]);
    expect(quoteStore.get('AAPL')?.last).toBe(200);
  });

  it('tells listeners of pushed quotes in one batch', () => {
    vi.useFakeTimers();
    quoteStore.clear();
    let calls = 0;
    const off = quoteStore.subscribe(['A', 'B'], () => calls++);
    quoteStore.push(quote('A', 1, '2026-01-01T15:00:00Z'));
    quoteStore.push(quote('B', 1, '2026-01-01T15:00:00Z'));
    expect(calls).toBe(0);
    vi.advanceTimersByTime(200);
    expect(calls).toBe(1);
    off();
    vi.useRealTimers();
  });
});

describe('backoffDelay', () => {
  it('doubles up to 30 s with jitter in the upper half', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 0)).toBe(4000);
    expect(backoffDelay(10, () => 1)).toBe(30_000);
    expect(backoffDelay(50, () => 0)).toBe(15_000);
  });
});
