import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ASK_DRAT_API as API, ASK_DRAT_MSG, XLSX_MEDIA_TYPE } from '@drat/contracts';
import { requireRight } from '../../../http/auth';
import { routeOf } from '../../../http/operation';
import type { AskDratService } from './ask-drat.service';

/**
 * Ask DRAT (ASK_DRAT_API in packages/contracts; 1-core §7 "Tools and resources"): company info,
 * SEC filings and the 10-K sheet. ADA right required; a lapsed subscription answers 401. The
 * spec's `token` query parameter is accepted and ignored (the Authorization header authenticates).
 */
export const askDratRoutes: FastifyPluginAsyncZod<{ askDrat: AskDratService }> = async (app, { askDrat }) => {
  const onRequest = requireRight('ADA', ASK_DRAT_MSG.noAccess);

  app.route({ ...routeOf(API.info), onRequest, handler: (req) => askDrat.info(req.query.ticker) });
  app.route({ ...routeOf(API.filings), onRequest, handler: (req) => askDrat.filings(req.query) });
  app.route({
    ...routeOf(API.sheet),
    onRequest,
    handler: async (req, reply) => {
      const { filename, content } = await askDrat.sheet(req.query);
      return reply
        .header('content-type', XLSX_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(content);
    },
  });
};
