import { useState } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import useApp from 'antd/es/app/useApp';
import {
  ALERT_MSG,
  type AlertCategory,
  type CreatedPublisherDto,
  type AlertDto,
  type AlertSearchBody,
  type AlertSort,
  type CompletedSort,
} from '@drat/contracts';
import {
  createAlert,
  createPublisher,
  deleteAlerts,
  fetchAdminCompletedAlerts,
  fetchAlerts,
  fetchAlertTickers,
  fetchAllAlerts,
  fetchCompletedAlerts,
  fetchPublishers,
  revokePublisher,
  searchAlerts,
  trackAlert,
  type NewAlertBody,
} from '../../api/alerts';
import { retryUnlessClientError } from '../../lib/errors';
import type { MutationHandlers } from '../../lib/mutationHandlers';
import { useFreshFirstPage, useOffsetList, type Page, type Pages } from '../../lib/paging';
import { trackerKeys } from '../../lib/queryKeys';

/** Query keys of the alerts area (lists, tickers, searches, completed alerts). */
export const alertKeys = {
  all: ['alerts'] as const,
  list: (name: string, sort: AlertSort, pageSize: number) => [...alertKeys.all, 'list', name, sort, pageSize] as const,
  tickers: (category: AlertCategory) => [...alertKeys.all, 'tickers', category] as const,
  search: (body: AlertSearchBody) => [...alertKeys.all, 'search', body] as const,
  completed: (scope: 'user' | 'admin', name: string, sort: CompletedSort) =>
    [...alertKeys.all, 'completed', scope, name, sort] as const,
  allOfType: (name: string) => [...alertKeys.all, 'all-of-type', name] as const,
  publishers: () => [...alertKeys.all, 'publishers'] as const,
};

/** The alert list of one type: infinite, sorted, and kept fresh without a reload. */
export function useAlertList(name: string | undefined, sort: AlertSort, pageSize: number) {
  const options = {
    queryKey: alertKeys.list(name ?? '', sort, pageSize),
    fetchPage: async (offset: number, limit: number): Promise<Page<AlertDto>> => {
      const page = await fetchAlerts({ name: name ?? '', limit, offset, sort });
      return { items: page.alerts, hasMore: page.hasMore };
    },
    pageSize,
    enabled: Boolean(name),
  };
  useFreshFirstPage(options);
  return useOffsetList(options);
}

export function useAlertTickers(category: AlertCategory | undefined, enabled: boolean) {
  return useQuery({
    queryKey: alertKeys.tickers(category ?? 'STOCKS'),
    queryFn: async () => (await fetchAlertTickers(category!)).data,
    enabled: enabled && Boolean(category),
  });
}

export function useAlertSearch(body: AlertSearchBody | null) {
  return useQuery({
    queryKey: alertKeys.search(body ?? { category: 'STOCKS' }),
    queryFn: async () => (await searchAlerts(body!)).data,
    enabled: body !== null,
    retry: retryUnlessClientError,
    staleTime: 0,
  });
}

/** Applies `patch` to every cached copy of the alerts in `ids` (lists, searches, completed lists). */
function patchCachedAlerts(queryClient: QueryClient, ids: ReadonlySet<number>, patch: Partial<AlertDto> | null) {
  const apply = (list: AlertDto[]) =>
    patch === null ? list.filter((a) => !ids.has(a.id)) : list.map((a) => (ids.has(a.id) ? { ...a, ...patch } : a));
  queryClient.setQueriesData<unknown>({ queryKey: alertKeys.all }, (old: unknown) => {
    if (Array.isArray(old)) return typeof old[0] === 'object' ? apply(old as AlertDto[]) : old;
    if (old && typeof old === 'object' && 'pages' in old) {
      const pages = old as Pages<AlertDto>;
      return { ...pages, pages: pages.pages.map((p) => ({ ...p, items: apply(p.items) })) };
    }
    if (old && typeof old === 'object' && 'data' in old && Array.isArray(old.data)) {
      return { ...old, data: apply(old.data as AlertDto[]) };
    }
    return old;
  });
}

/** Track: a spinner while the call runs, then 'Tracked'; a failure is silent (1-core §4, §8). */
export function useTrackAlert() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const mark = (id: number, on: boolean) =>
    setPending((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const mutation = useMutation({
    mutationFn: (alert: AlertDto) =>
      trackAlert({ alert_type: alert.alert_type, ticker: alert.ticker, alert_id: alert.id }),
    onMutate: (alert) => mark(alert.id, true),
    onSuccess: (_reply, alert) => {
      patchCachedAlerts(queryClient, new Set([alert.id]), { tracked: true });
      void queryClient.invalidateQueries({ queryKey: trackerKeys.all });
    },
    onSettled: (_reply, _err, alert) => mark(alert.id, false),
  });
  return { track: (alert: AlertDto) => mutation.mutate(alert), isTracking: (id: number) => pending.has(id) };
}

/** Super users' soft batch delete; the deleted alerts leave every cached list. */
export function useDeleteAlerts() {
  const queryClient = useQueryClient();
  const { message } = useApp();
  return useMutation({
    mutationFn: (ids: number[]) => deleteAlerts(ids),
    onSuccess: (_reply, ids) => {
      patchCachedAlerts(queryClient, new Set(ids), null);
      message.success(ALERT_MSG.deleted);
    },
    onError: () => {
      message.error(ALERT_MSG.deleteFailed);
    },
  });
}

export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewAlertBody) => createAlert(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useCompletedAlerts(scope: 'user' | 'admin', name: string | undefined, sort: CompletedSort) {
  return useQuery({
    queryKey: alertKeys.completed(scope, name ?? '', sort),
    queryFn: () => (scope === 'admin' ? fetchAdminCompletedAlerts : fetchCompletedAlerts)(name!, sort),
    enabled: Boolean(name),
    retry: retryUnlessClientError,
  });
}

export function useAllAlertsOfType(name: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: alertKeys.allOfType(name ?? ''),
    queryFn: async () => (await fetchAllAlerts(name!)).data,
    enabled: enabled && Boolean(name),
    retry: retryUnlessClientError,
  });
}

/** Super users: the publishers' API keys, while the modal is `open`. */
export function usePublishers(open: boolean) {
  return useQuery({ queryKey: alertKeys.publishers(), queryFn: fetchPublishers, enabled: open });
}

/** A new publisher key (shown once, by the caller's `onSuccess`); the list is read again. */
export function useCreatePublisher(handlers: MutationHandlers<CreatedPublisherDto, string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createPublisher(name),
    ...handlers,
    onSuccess: (...args) => {
      const reaction = handlers.onSuccess?.(...args);
      void queryClient.invalidateQueries({ queryKey: alertKeys.publishers() });
      return reaction;
    },
  });
}

/** Revokes a publisher's key: the server's words, and the list read again. */
export function useRevokePublisher() {
  const queryClient = useQueryClient();
  const { message } = useApp();
  return useMutation({
    mutationFn: (id: number) => revokePublisher(id),
    onSuccess: (reply) => {
      message.success(reply.message);
      void queryClient.invalidateQueries({ queryKey: alertKeys.publishers() });
    },
    onError: (err) => {
      message.error(err.message);
    },
  });
}
