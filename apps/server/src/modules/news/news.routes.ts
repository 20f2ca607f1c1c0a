import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NEWS_API } from '@drat/contracts';
import { requireSubscription } from '../../http/auth';
import { routeOf } from '../../http/operation';
import type { NewsService } from './news.service';

/**
 * GET /news (2-trading §7): any subscriber whose plans have not all ended; which categories they
 * read is the news rule (mayReadNews), answered 403 in the spec's words by the service.
 */
export const newsRoutes: FastifyPluginAsyncZod<{ news: NewsService }> = async (app, { news }) => {
  app.route({
    ...routeOf(NEWS_API.list),
    onRequest: requireSubscription,
    handler: async (req) => news.list(await req.rights(), req.query),
  });
};
