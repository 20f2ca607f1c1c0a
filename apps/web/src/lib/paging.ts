import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { NOTIFICATION_EVENT } from '@drat/contracts';
import { retryUnlessClientError } from './errors';
import { useUserEvents } from './live';

/** One chunk of an offset-paged list (alerts, triggers), whatever the endpoint calls its items. */
export interface Page<T> {
  items: T[];
  hasMore: boolean;
}
export type Pages<T> = InfiniteData<Page<T>, number>;

/** The next offset: every item already held (merged-in items included). */
export const heldCount = <T>(pages: readonly Page<T>[]) => pages.reduce((n, p) => n + p.items.length, 0);

/**
 * A fresh first chunk merged into the first page: its items first (new ones, and newer values of
 * those shown), then the page's other items, so nothing already shown disappears or moves down a page.
 */
export function mergeFreshFirstPage<T extends { id: number }>(
  old: Pages<T> | undefined,
  fresh: Page<T>,
): Pages<T> | undefined {
  const [first, ...rest] = old?.pages ?? [];
  if (!old || !first) return old;
  const ids = new Set(fresh.items.map((i) => i.id));
  const merged = {
    items: [...fresh.items, ...first.items.filter((i) => !ids.has(i.id))],
    hasMore: first.hasMore || fresh.hasMore,
  };
  return { ...old, pages: [merged, ...rest] };
}

export function uniqueById<T extends { id: number }>(items: T[]): T[] {
  const seen = new Set<number>();
  return items.filter((i) => (seen.has(i.id) ? false : (seen.add(i.id), true)));
}

interface OffsetListOptions<T> {
  queryKey: QueryKey;
  fetchPage: (offset: number, limit: number) => Promise<Page<T>>;
  pageSize: number;
  enabled: boolean;
}

/**
 * An infinite list loaded in chunks with a hasMore flag (1-core §4 "Alert list paging"). The next
 * offset is the number of items already held, so items merged in at the top by `useFreshFirstPage`
 * do not make the next chunk repeat or skip any.
 */
export function useOffsetList<T extends { id: number }>({
  queryKey,
  fetchPage,
  pageSize,
  enabled,
}: OffsetListOptions<T>) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam, pageSize),
    initialPageParam: 0,
    getNextPageParam: (last: Page<T>, pages: Page<T>[]) => (last.hasMore ? heldCount(pages) : undefined),
    enabled,
    retry: retryUnlessClientError,
  });
  const items = useMemo(() => uniqueById(query.data?.pages.flatMap((p) => p.items) ?? []), [query.data]);
  return { ...query, items };
}

/**
 * New items appear without a reload: on each new inbox notification pushed over the WebSocket (a new
 * alert, a trigger, tracker news), and at least every `everyMs` (users who exempted a type get no
 * notification), the first chunk is read again and merged in at the top of the first page; items
 * already shown keep their place and take the server's newer values.
 */
export function useFreshFirstPage<T extends { id: number }>(
  { queryKey, fetchPage, pageSize, enabled }: OffsetListOptions<T>,
  everyMs = 30_000,
) {
  const queryClient = useQueryClient();
  const latest = useRef({ queryKey, fetchPage, pageSize, enabled });
  useEffect(() => {
    latest.current = { queryKey, fetchPage, pageSize, enabled };
  });

  const freshen = useCallback(async () => {
    const { queryKey: key, fetchPage: fetchFirst, pageSize: size, enabled: on } = latest.current;
    if (!on || !queryClient.getQueryData<Pages<T>>(key)?.pages.length) return;
    let fresh: Page<T>;
    try {
      fresh = await fetchFirst(0, size);
    } catch {
      return; // the next tick or event tries again
    }
    queryClient.setQueryData<Pages<T>>(key, (old) => mergeFreshFirstPage(old, fresh));
  }, [queryClient]);

  useUserEvents(NOTIFICATION_EVENT, () => void freshen());

  useEffect(() => {
    const timer = setInterval(() => void freshen(), everyMs);
    return () => clearInterval(timer);
  }, [freshen, everyMs]);
}

/** Calls `onVisible` whenever the returned element scrolls into view (the infinite-scroll sentinel). */
export function useSentinel(onVisible: () => void) {
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  const observer = useRef<IntersectionObserver | null>(null);
  return useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    observer.current = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.current.observe(el);
  }, []);
}
