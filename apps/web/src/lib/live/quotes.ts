import { TICKER_PATTERN, type Quote } from '@drat/contracts';
import { fetchQuotes } from '../../api/market';
import { quoteStore } from './quoteStore';

/**
 * Query keys of the quote reads that seed the live store. They sit under the market area's
 * root key ('market'), with its other reads (bars, hotlists, overview, clock, price).
 */
export const quoteKeys = {
  quote: (ticker: string) => ['market', 'quote', ticker.toUpperCase()] as const,
  quotes: (tickers: readonly string[]) =>
    ['market', 'quotes', [...new Set(tickers.map((t) => t.toUpperCase()))].sort().join(',')] as const,
};

/* ---- quotes (the HTTP seed of the live store) --------------------------------------------- */

const BATCH_WAIT_MS = 10;
let pending: Map<string, { resolve: (q: Quote | null) => void; reject: (e: unknown) => void }[]> | null = null;

/** One quote, read together with every other quote asked for in the same few milliseconds. */
export function loadQuote(ticker: string): Promise<Quote | null> {
  const symbol = ticker.toUpperCase();
  if (!TICKER_PATTERN.test(symbol)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    if (!pending) {
      pending = new Map();
      setTimeout(runBatch, BATCH_WAIT_MS);
    }
    const waiters = pending.get(symbol) ?? [];
    waiters.push({ resolve, reject });
    pending.set(symbol, waiters);
  });
}

async function runBatch() {
  const batch = pending;
  pending = null;
  if (!batch) return;
  try {
    const { quotes } = await fetchQuotes([...batch.keys()]);
    quoteStore.seed(quotes);
    const bySymbol = new Map(quotes.map((q) => [q.symbol.toUpperCase(), q]));
    batch.forEach((waiters, symbol) => waiters.forEach((w) => w.resolve(bySymbol.get(symbol) ?? null)));
  } catch (err) {
    batch.forEach((waiters) => waiters.forEach((w) => w.reject(err)));
  }
}

/** Quotes for a list, seeded into the live store. */
export async function loadQuotes(tickers: readonly string[]): Promise<Quote[]> {
  const valid = tickers.filter((t) => TICKER_PATTERN.test(t.toUpperCase()));
  if (!valid.length) return [];
  const { quotes } = await fetchQuotes(valid);
  quoteStore.seed(quotes);
  return quotes;
}
