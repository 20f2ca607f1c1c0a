import type { Quote } from '@drat/contracts';

/**
 * The latest quote per symbol, shared by every component. Quotes come from HTTP reads (seed) and
 * from the WebSocket (push); an older quote never replaces a newer one. Listeners are told in
 * batches (at most every FLUSH_MS) so a busy ticker does not re-render the page on every message.
 */
const FLUSH_MS = 120;

type Listener = () => void;

const quotes = new Map<string, Quote>();
const listeners = new Map<string, Set<Listener>>();
const anyListeners = new Set<Listener>();
const dirty = new Set<string>();
let flushTimer: ReturnType<typeof setTimeout> | null = null;

const time = (q: Quote) => {
  const t = Date.parse(q.at);
  return Number.isNaN(t) ? 0 : t;
};

function flush() {
  flushTimer = null;
  const changed = [...dirty];
  dirty.clear();
  const called = new Set<Listener>();
  for (const symbol of changed)
    listeners.get(symbol)?.forEach((l) => {
      if (!called.has(l)) {
        called.add(l);
        l();
      }
    });
  if (changed.length) anyListeners.forEach((l) => l());
}

function put(quote: Quote, immediate: boolean): boolean {
  const symbol = quote.symbol.toUpperCase();
  const old = quotes.get(symbol);
  if (old && time(old) > time(quote)) return false;
  if (old && old.at === quote.at && old.last === quote.last && old.volume === quote.volume) return false;
  quotes.set(symbol, quote);
  dirty.add(symbol);
  if (immediate) {
    if (flushTimer) clearTimeout(flushTimer);
    flush();
  } else if (!flushTimer) flushTimer = setTimeout(flush, FLUSH_MS);
  return true;
}

export const quoteStore = {
  get(symbol: string): Quote | undefined {
    return quotes.get(symbol.toUpperCase());
  },
  /** Quotes read over HTTP: shown at once. */
  seed(list: readonly Quote[]): void {
    let changed = false;
    for (const q of list) changed = put(q, false) || changed;
    if (changed) {
      if (flushTimer) clearTimeout(flushTimer);
      flush();
    }
  },
  /** A quote pushed by the server: shown with the next batch. */
  push(quote: Quote): void {
    put(quote, false);
  },
  subscribe(symbols: readonly string[], listener: Listener): () => void {
    const keys = symbols.map((s) => s.toUpperCase());
    for (const key of keys) {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
    }
    return () => {
      for (const key of keys) {
        const set = listeners.get(key);
        set?.delete(listener);
        if (set?.size === 0) listeners.delete(key);
      }
    };
  },
  /** Told after every batch of changes, whatever the symbol. */
  subscribeAll(listener: Listener): () => void {
    anyListeners.add(listener);
    return () => anyListeners.delete(listener);
  },
  clear(): void {
    quotes.clear();
    dirty.clear();
  },
};
