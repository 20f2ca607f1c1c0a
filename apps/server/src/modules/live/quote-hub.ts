import type { Logger } from 'pino';
import { WS_QUOTE_EVERY_MS, type Quote, type WsServerMessage } from '@drat/contracts';
import type { MarketDataProvider } from '../../providers/market/interface';

/** One follower of quotes (a WebSocket connection). `send` gets a ready-to-send JSON message, UTF-8. */
export interface QuoteSink {
  send(data: Buffer): void;
  /** The provider does not know `ticker`; the hub has dropped it for this sink. */
  unknown(ticker: string): void;
}

export interface QuoteHubOptions {
  provider: MarketDataProvider;
  log: Logger;
  /** Poll period: each followed ticker gets at most one update per period. */
  everyMs?: number;
  /** Symbols per provider.quotes() call. */
  batch?: number;
}

/** Only a change of these is worth a message. */
function changed(a: Quote, b: Quote): boolean {
  return (
    a.last !== b.last || a.bid !== b.bid || a.ask !== b.ask || a.volume !== b.volume || a.prevclose !== b.prevclose
  );
}

/**
 * This process's quote poller. It polls the provider for the union of the tickers its sockets
 * follow (one batched quotes() call per period) and pushes each changed quote, serialised once,
 * to every follower. A new follower gets the latest quote at once. Every node polls for
 * itself: the simulated market is a pure function of time, so nodes agree without sharing state.
 */
export function createQuoteHub({ provider, log, everyMs = WS_QUOTE_EVERY_MS, batch = 100 }: QuoteHubOptions) {
  const followers = new Map<string, Set<QuoteSink>>();
  const latest = new Map<string, { quote: Quote; data: Buffer }>();
  /** Followers still waiting for their first quote of a ticker. */
  const waiting = new Map<string, Set<QuoteSink>>();
  let timer: NodeJS.Timeout | undefined;
  let soon: NodeJS.Timeout | undefined;
  let polling = false;
  let closed = false;
  let lastErrorLog = 0;

  function ensureTimer(): void {
    if (closed || timer || followers.size === 0) return;
    timer = setInterval(() => void poll(), everyMs);
    timer.unref();
  }

  function stopTimers(): void {
    if (timer) clearInterval(timer);
    if (soon) clearTimeout(soon);
    timer = soon = undefined;
  }

  function pollSoon(): void {
    if (closed || soon) return;
    soon = setTimeout(() => {
      soon = undefined;
      void poll();
    }, 10);
    soon.unref();
  }

  function forget(ticker: string): void {
    followers.delete(ticker);
    latest.delete(ticker);
    waiting.delete(ticker);
  }

  async function fetchChunk(symbols: string[]): Promise<Quote[] | undefined> {
    try {
      return await provider.quotes(symbols);
    } catch (err) {
      if (Date.now() - lastErrorLog > 60_000) {
        lastErrorLog = Date.now();
        log.warn({ err }, 'quote hub: the provider failed to give quotes; retrying next period');
      }
      return undefined;
    }
  }

  async function poll(): Promise<void> {
    if (polling || closed) return;
    const tickers = [...followers.keys()];
    if (tickers.length === 0) {
      stopTimers();
      return;
    }
    polling = true;
    try {
      const chunks: string[][] = [];
      for (let i = 0; i < tickers.length; i += batch) chunks.push(tickers.slice(i, i + batch));
      const answers = await Promise.all(chunks.map(fetchChunk));
      if (closed) return;
      answers.forEach((quotes, i) => {
        if (!quotes) return;
        const seen = new Set<string>();
        for (const quote of quotes) {
          seen.add(quote.symbol);
          deliver(quote);
        }
        for (const ticker of chunks[i] ?? []) {
          if (seen.has(ticker)) continue;
          const sinks = followers.get(ticker);
          forget(ticker);
          for (const sink of sinks ?? []) sink.unknown(ticker);
        }
      });
    } finally {
      polling = false;
    }
  }

  function deliver(quote: Quote): void {
    const sinks = followers.get(quote.symbol);
    if (!sinks) return; // no longer followed
    const previous = latest.get(quote.symbol);
    const pending = waiting.get(quote.symbol);
    waiting.delete(quote.symbol);
    if (!previous || changed(previous.quote, quote)) {
      const data = Buffer.from(JSON.stringify({ type: 'quote', quote } satisfies WsServerMessage));
      latest.set(quote.symbol, { quote, data });
      for (const sink of sinks) sink.send(data);
    } else if (pending) {
      for (const sink of pending) if (sinks.has(sink)) sink.send(previous.data);
    }
  }

  return {
    /** Follow `tickers` (already valid, upper-case). */
    subscribe(sink: QuoteSink, tickers: Iterable<string>): void {
      let fetch = false;
      for (const ticker of tickers) {
        let sinks = followers.get(ticker);
        if (!sinks) followers.set(ticker, (sinks = new Set()));
        if (sinks.has(sink)) continue;
        sinks.add(sink);
        const cached = latest.get(ticker);
        if (cached) {
          sink.send(cached.data);
        } else {
          let pending = waiting.get(ticker);
          if (!pending) waiting.set(ticker, (pending = new Set()));
          pending.add(sink);
          fetch = true;
        }
      }
      ensureTimer();
      if (fetch) pollSoon();
    },

    unsubscribe(sink: QuoteSink, tickers: Iterable<string>): void {
      for (const ticker of tickers) {
        const sinks = followers.get(ticker);
        if (!sinks) continue;
        sinks.delete(sink);
        waiting.get(ticker)?.delete(sink);
        if (sinks.size === 0) forget(ticker);
      }
      if (followers.size === 0) stopTimers();
    },

    /** Tickers followed by at least one sink. */
    tickers(): string[] {
      return [...followers.keys()];
    },

    close(): void {
      closed = true;
      stopTimers();
      followers.clear();
      latest.clear();
      waiting.clear();
    },
  };
}
export type QuoteHub = ReturnType<typeof createQuoteHub>;
