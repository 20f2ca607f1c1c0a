import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TICKER_PATTERN, type Interval, type Quote } from '@drat/contracts';
import {
  fetchBars,
  fetchHotlists,
  fetchMarketClock,
  fetchOverview,
  fetchQuotes,
  fetchStockPrice,
  type BarsQuery,
} from '../../api/market';
import { quoteStore } from './live/quoteStore';

/** Query keys of the market area. Quote lists are keyed by their sorted, upper-case tickers. */
export const marketKeys = {
  all: ['market'] as const,
  quote: (ticker: string) => [...marketKeys.all, 'quote', ticker.toUpperCase()] as const,
  quotes: (tickers: readonly string[]) =>
    [...marketKeys.all, 'quotes', [...new Set(tickers.map((t) => t.toUpperCase()))].sort().join(',')] as const,
  bars: (ticker: string, interval: Interval, from?: string, to?: string) =>
    [...marketKeys.all, 'bars', ticker.toUpperCase(), interval, from ?? null, to ?? null] as const,
  hotlists: () => [...marketKeys.all, 'hotlists'] as const,
  overview: () => [...marketKeys.all, 'overview'] as const,
  clock: () => [...marketKeys.all, 'clock'] as const,
  price: (ticker: string) => [...marketKeys.all, 'price', ticker.toUpperCase()] as const,
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

/* ---- reads -------------------------------------------------------------------------------- */

export function useBars(query: BarsQuery, enabled = true) {
  return useQuery({
    queryKey: marketKeys.bars(query.ticker, query.interval, query.from, query.to),
    queryFn: () => fetchBars(query),
    enabled: enabled && query.ticker.length > 0,
    staleTime: 5 * 60_000,
  });
}

/** Hotlists are re-ranked every minute; their quotes move live in between. */
export function useHotlists() {
  return useQuery({
    queryKey: marketKeys.hotlists(),
    queryFn: async () => {
      const lists = await fetchHotlists();
      quoteStore.seed([...lists.gainers, ...lists.losers, ...lists.most_active]);
      return lists;
    },
    refetchInterval: 60_000,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useOverview() {
  return useQuery({
    queryKey: marketKeys.overview(),
    queryFn: async () => {
      const overview = await fetchOverview();
      quoteStore.seed([...overview.indices, ...overview.sectors].map((i) => i.quote));
      return overview;
    },
    refetchInterval: 5 * 60_000,
    staleTime: 60_000,
  });
}

export function useMarketClock() {
  return useQuery({
    queryKey: marketKeys.clock(),
    queryFn: fetchMarketClock,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

export function useStockPrice(ticker: string, enabled = true) {
  return useQuery({
    queryKey: marketKeys.price(ticker),
    queryFn: () => fetchStockPrice(ticker),
    enabled: enabled && ticker.length > 0,
    staleTime: 60_000,
  });
}
