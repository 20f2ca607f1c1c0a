import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_TRADES_API as API } from '@drat/contracts';
import { requireRight } from '../../../http/auth';
import { routeOf } from '../../../http/operation';
import type { AdminTradesService } from './admin.service';

/** Every user's smart trades (ADMIN_TRADES_API, 3-bots-admin-public §7): super users only. */
export const adminTradesRoutes: FastifyPluginAsyncZod<{ admin: AdminTradesService }> = async (app, { admin }) => {
  const superOnly = requireRight('is_super');
  app.route({
    ...routeOf(API.smartTrades),
    onRequest: superOnly,
    handler: (req) => admin.list({ archived: false, user_email: req.query.user_email }),
  });
  app.route({
    ...routeOf(API.archivedSmartTrades),
    onRequest: superOnly,
    handler: (req) => admin.list({ archived: true, user_email: req.query.user_email }),
  });
  app.route({ ...routeOf(API.smartTrade), onRequest: superOnly, handler: (req) => admin.one(req.params.order_id) });
  app.route({ ...routeOf(API.smartTradeLogs), onRequest: superOnly, handler: (req) => admin.logs(req.query.trade_id) });
  app.route({ ...routeOf(API.usersWithSmartTrades), onRequest: superOnly, handler: () => admin.owners() });
  app.route({ ...routeOf(API.stats), onRequest: superOnly, handler: () => admin.stats() });
};
