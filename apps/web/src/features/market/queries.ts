import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Interval } from '@drat/contracts';
import {
  fetchBars,
  fetchHotlists,
  fetchMarketClock,
  fetchOverview,
  fetchStockPrice,
  type BarsQuery,
} from '../../api/market';
import { quoteStore } from '../../lib/live';

/** Query keys of the market area; the quote reads that seed the live store are keyed in lib/live (quoteKeys). */
export const marketKeys = {
  all: ['market'] as const,
  bars: (ticker: string, interval: Interval, from?: string, to?: string) =>
    [...marketKeys.all, 'bars', ticker.toUpperCase(), interval, from ?? null, to ?? null] as const,
  hotlists: () => [...marketKeys.all, 'hotlists'] as const,
  overview: () => [...marketKeys.all, 'overview'] as const,
  clock: () => [...marketKeys.all, 'clock'] as const,
  price: (ticker: string) => [...marketKeys.all, 'price', ticker.toUpperCase()] as const,
};

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

/** Looks a ticker's price up once, through the cache (a minute fresh): the price chart's check of a typed ticker. */
export function usePriceLookup() {
  const queryClient = useQueryClient();
  return (symbol: string) =>
    queryClient.fetchQuery({
      queryKey: marketKeys.price(symbol),
      queryFn: () => fetchStockPrice(symbol),
      staleTime: 60_000,
    });
}
