import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alertSearchBody, categoryQuery, triggersQuery } from '@drat/contracts';
import { callerOf } from '../access';
import type { TriggersService } from './triggers.service';

/** Triggers (1-core §7). Needs AA. */
export const triggersRoutes: FastifyPluginAsyncZod<{ triggers: TriggersService }> = async (app, { triggers }) => {
  const tags = ['alerts'];
  app.get('/alerts/triggers', { schema: { tags, querystring: triggersQuery } }, async (req) =>
    triggers.page(await callerOf(req), req.query),
  );
  app.get('/alerts/tickers/triggers', { schema: { tags, querystring: categoryQuery } }, async (req) =>
    triggers.tickers(await callerOf(req), req.query.category),
  );
  app.post('/alerts/search/triggers/', { schema: { tags, body: alertSearchBody } }, async (req) =>
    triggers.search(await callerOf(req), req.body),
  );
};
