import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SMART_TRADES_API as API, TRADE_MSG } from '@drat/contracts';
import { principalOf, requireRight } from '../../../http/auth';
import { routeOf } from '../../../http/operation';
import type { LiveTradingService } from './live.service';

/** Live smart trades (SMART_TRADES_API): live traders and super users, each on their own trades. */
export const liveTradingRoutes: FastifyPluginAsyncZod<{ live: LiveTradingService }> = async (app, { live }) => {
  // A demo trader is refused before the body is checked (403, not the body's 400s).
  app.addHook('onRequest', async (req) => live.assertLive(principalOf(req)));
  app.route({ ...routeOf(API.accounts), handler: (req) => live.accounts(principalOf(req)) });
  app.route({ ...routeOf(API.trades), handler: (req) => live.trades(principalOf(req)) });
  app.route({ ...routeOf(API.archivedTrades), handler: (req) => live.archivedTrades(principalOf(req)) });
  // A retry of a request that placed its trade and died before answering gets that trade.
  const recover = (req: FastifyRequest, tradeId: number) => live.placedAnswer(principalOf(req), tradeId);
  app.route({
    ...routeOf(API.createTrade, { recover }),
    handler: (req) => live.createTrade(principalOf(req), req.body, req.recordResult),
  });
  app.route({
    ...routeOf(API.createAdvancedTrade, { recover }),
    onRequest: requireRight('is_super', TRADE_MSG.advancedOnlySuper),
    handler: (req) => live.createAdvancedTrade(principalOf(req), req.body, req.recordResult),
  });
  app.route({ ...routeOf(API.draftTrade), handler: (req) => live.saveDraft(principalOf(req), req.body) });
  app.route({ ...routeOf(API.deleteDraft), handler: (req) => live.deleteDraft(principalOf(req), req.query.order_id) });
  app.route({
    ...routeOf(API.cancelTrade),
    handler: (req) => live.cancelTrade(principalOf(req), req.body.live_trade_id),
  });
  app.route({
    ...routeOf(API.archiveTrade),
    handler: (req) => live.archive(principalOf(req), req.body.live_trade_id),
  });
  app.route({
    ...routeOf(API.unarchiveTrade),
    handler: (req) => live.unarchive(principalOf(req), req.body.live_trade_id),
  });
};
