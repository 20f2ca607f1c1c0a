/** News (2-trading §2.8): headlines by category from the news provider (providers/news). */
import type { FastifyInstance } from 'fastify';
import type { MarketDataProvider } from '../../providers/market/interface';
import type { NewsProvider } from '../../providers/news/interface';
import { newsRoutes } from './news.routes';
import { createNews, type NewsService } from './news.service';

export type { NewsService } from './news.service';

export interface NewsArea {
  news: NewsService;
}

export function createNewsArea(deps: {
  provider: NewsProvider;
  market: Pick<MarketDataProvider, 'company'>;
}): NewsArea {
  return { news: createNews(deps) };
}

export async function registerNewsRoutes(api: FastifyInstance, area: NewsArea): Promise<void> {
  await api.register(newsRoutes, { news: area.news });
}
