import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALERTS_API as API } from '@drat/contracts';
import { routeOf } from '../../../http/operation';
import { callerOf } from '../access';
import type { TriggersService } from './triggers.service';

/** Triggers (1-core §7; ALERTS_API in packages/contracts). Needs AA. */
export const triggersRoutes: FastifyPluginAsyncZod<{ triggers: TriggersService }> = async (app, { triggers }) => {
  app.route({
    ...routeOf(API.triggers),
    handler: async (req) => triggers.page(await callerOf(req), req.query),
  });
  app.route({
    ...routeOf(API.triggerTickers),
    handler: async (req) => triggers.tickers(await callerOf(req), req.query.category),
  });
  app.route({
    ...routeOf(API.searchTriggers),
    handler: async (req) => triggers.search(await callerOf(req), req.body),
  });
};
