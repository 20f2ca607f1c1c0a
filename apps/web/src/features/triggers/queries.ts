import { useQuery } from '@tanstack/react-query';
import type { AlertCategory, AlertSearchBody, TriggerDto, TriggerSort } from '@drat/contracts';
import { fetchTriggers, fetchTriggerTickers, searchTriggers } from '../../api/alerts';
import { retryUnlessClientError } from '../../lib/errors';
import { useFreshFirstPage, useOffsetList, type Page } from '../../lib/paging';

/** Query keys of the triggers screen. */
export const triggerKeys = {
  all: ['triggers'] as const,
  list: (name: string, sort: TriggerSort, pageSize: number) =>
    [...triggerKeys.all, 'list', name, sort, pageSize] as const,
  tickers: (category: AlertCategory) => [...triggerKeys.all, 'tickers', category] as const,
  search: (body: AlertSearchBody) => [...triggerKeys.all, 'search', body] as const,
};

export function useTriggerList(name: string | undefined, sort: TriggerSort, pageSize: number) {
  const options = {
    queryKey: triggerKeys.list(name ?? '', sort, pageSize),
    fetchPage: async (offset: number, limit: number): Promise<Page<TriggerDto>> => {
      const page = await fetchTriggers({ name: name ?? '', limit, offset, sort });
      return { items: page.triggers, hasMore: page.hasMore };
    },
    pageSize,
    enabled: Boolean(name),
  };
  useFreshFirstPage(options);
  return useOffsetList(options);
}

export function useTriggerTickers(category: AlertCategory | undefined, enabled: boolean) {
  return useQuery({
    queryKey: triggerKeys.tickers(category ?? 'STOCKS'),
    queryFn: async () => (await fetchTriggerTickers(category!)).tickers,
    enabled: enabled && Boolean(category),
  });
}

export function useTriggerSearch(body: AlertSearchBody | null) {
  return useQuery({
    queryKey: triggerKeys.search(body ?? { category: 'STOCKS' }),
    queryFn: async () => (await searchTriggers(body!)).data,
    enabled: body !== null,
    retry: retryUnlessClientError,
    staleTime: 0,
  });
}
