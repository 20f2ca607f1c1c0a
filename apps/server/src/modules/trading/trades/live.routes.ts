import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, SMART_TRADES_API as API, TRADE_MSG } from '@drat/contracts';
import { acting, requireRight } from '../../../http/auth';
import { routeOf } from '../../../http/operation';
import type { Connections } from '../brokerage/connections.service';
import type { LiveTradingService } from './live.service';
import type { ActingOnTrade } from './on-behalf';

/**
 * Live smart trades (SMART_TRADES_API): live traders (a plan with live trading and a broker
 * granted) and super users, each on their own trades (a super user also cancels and archives any
 * user's, on behalf of themselves: on-behalf.ts); the right is declared on each route, so a
 * demo trader is refused (403) before the body is checked (not the body's 400s).
 */
export const liveTradingRoutes: FastifyPluginAsyncZod<{
  live: LiveTradingService;
  connections: Connections;
  onTrade: ActingOnTrade;
}> = async (app, { live, connections, onTrade }) => {
  const onRequest = requireRight('is_live_trader', MSG.liveTraderDenied);
  app.route({ ...routeOf(API.accounts), onRequest, handler: async (req) => connections.accounts(await acting(req)) });
  app.route({ ...routeOf(API.trades), onRequest, handler: async (req) => live.trades(await acting(req)) });
  app.route({
    ...routeOf(API.archivedTrades),
    onRequest,
    handler: async (req) => live.archivedTrades(await acting(req)),
  });
  // A retry of a request that placed its trade and died before answering gets that trade.
  const recover = async (req: FastifyRequest, tradeId: number) => live.placedAnswer(await acting(req), tradeId);
  app.route({
    ...routeOf(API.createTrade, { recover }),
    onRequest,
    handler: async (req) => live.createTrade(await acting(req), req.body, req.recordResult),
  });
  app.route({
    ...routeOf(API.createAdvancedTrade, { recover }),
    onRequest: requireRight('is_super', TRADE_MSG.advancedOnlySuper),
    handler: async (req) => live.createTrade(await acting(req), req.body, req.recordResult),
  });
  // An advanced draft is a super user's: the entry asks that of the body it reads.
  app.route({
    ...routeOf(API.draftTrade),
    onRequest,
    handler: async (req) => live.saveDraft(await acting(req), req.body),
  });
  app.route({
    ...routeOf(API.deleteDraft),
    onRequest,
    handler: async (req) => live.deleteDraft(await acting(req), req.query.order_id),
  });
  app.route({
    ...routeOf(API.cancelTrade),
    onRequest,
    handler: (req) =>
      onTrade(req, req.body.live_trade_id, 'cancel', (who) => live.cancelTrade(who, req.body.live_trade_id)),
  });
  app.route({
    ...routeOf(API.archiveTrade),
    onRequest,
    handler: (req) =>
      onTrade(req, req.body.live_trade_id, 'archive', (who) => live.archive(who, req.body.live_trade_id)),
  });
  app.route({
    ...routeOf(API.unarchiveTrade),
    onRequest,
    handler: (req) =>
      onTrade(req, req.body.live_trade_id, 'unarchive', (who) => live.unarchive(who, req.body.live_trade_id)),
  });
};
