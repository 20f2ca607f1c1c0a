import type { NewsCategory, NewsPage } from '@drat/contracts';
import { api } from './client';

/**
 * The news page (2-trading §2.8, §7 `GET /news`): one function per endpoint, with the answer types
 * of NEWS_API in packages/contracts.
 */

/** GET /news?category=&limit=&offset=: a category's headlines, newest first, each with its related articles. */
export const fetchNews = (category: NewsCategory, limit: number, offset: number) =>
  api.get<NewsPage>('/news', { category, limit, offset });
