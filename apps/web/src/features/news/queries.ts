import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { NEWS_FIRST_PAGE, NEWS_MORE, type NewsCategory, type NewsPage } from '@drat/contracts';
import { fetchNews } from '../../api/news';
import { retryUnlessClientError } from '../../lib/errors';
import { heldCount, uniqueNews } from './format';

/** Query keys of the news area. */
export const newsKeys = {
  all: ['news'] as const,
  category: (category: NewsCategory) => [...newsKeys.all, category] as const,
};

/** The server reads its source again at most once a minute: no sooner is worth asking. */
const NEWS_STALE_MS = 60_000;

/**
 * A tab's headlines (2-trading §2.8, §9): 15 first, then 3 more per See More from the number of
 * items held. A failed See More stops paging (§8): `canLoadMore` turns false, the items stay.
 */
export function useNewsFeed(category: NewsCategory) {
  const query = useInfiniteQuery({
    queryKey: newsKeys.category(category),
    queryFn: ({ pageParam }) => fetchNews(category, pageParam === 0 ? NEWS_FIRST_PAGE : NEWS_MORE, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: NewsPage, pages: NewsPage[]) => (last.hasMore ? heldCount(pages) : undefined),
    staleTime: NEWS_STALE_MS,
    retry: retryUnlessClientError,
  });
  const items = useMemo(() => uniqueNews(query.data?.pages ?? []), [query.data]);
  return { ...query, items, canLoadMore: query.hasNextPage && !query.isFetchNextPageError };
}
