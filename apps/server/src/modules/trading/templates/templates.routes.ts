import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SMART_TRADES_API as API, TRADE_MSG } from '@drat/contracts';
import { acting, requireRight } from '../../../http/auth';
import { routeOf } from '../../../http/operation';
import type { TemplatesService } from './templates.service';

/**
 * Smart trade templates (SMART_TRADES_API): super users only, all five calls. 2-trading §6 gives
 * templates (list, create, edit, delete) to super users alone, and "Pick a template in custom
 * drawer" too: the entries look-up is what picking a template does, so a live trader, who cannot
 * see the list, may not call it either.
 */
export const templateRoutes: FastifyPluginAsyncZod<{ templates: TemplatesService }> = async (app, { templates }) => {
  const onRequest = requireRight('is_super', TRADE_MSG.templatesSuperOnly);
  app.route({ ...routeOf(API.templates), onRequest, handler: () => templates.list() });
  app.route({
    ...routeOf(API.createTemplate),
    onRequest,
    handler: async (req) => templates.create(await acting(req), req.body),
  });
  app.route({
    ...routeOf(API.updateTemplate),
    onRequest,
    handler: (req) => templates.update(req.params.id, req.body),
  });
  app.route({ ...routeOf(API.deleteTemplate), onRequest, handler: (req) => templates.remove(req.params.id) });
  app.route({
    ...routeOf(API.tradeEntries),
    onRequest,
    handler: (req) => templates.entries(req.query.ticker, req.query.template),
  });
};
