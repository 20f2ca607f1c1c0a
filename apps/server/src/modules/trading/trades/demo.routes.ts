import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SMART_TRADES_API as API } from '@drat/contracts';
import { principalOf } from '../../../http/auth';
import { routeOf } from '../../../http/operation';
import type { DemoTradingService } from './demo.service';

/**
 * Demo trading (SMART_TRADES_API in packages/contracts): every signed-in user has a demo account
 * (1-core §4; 2-trading §6: demo trades for demo users, live traders and super users alike), and
 * sees only their own trades and logs.
 */
export const demoTradingRoutes: FastifyPluginAsyncZod<{ demo: DemoTradingService }> = async (app, { demo }) => {
  app.route({ ...routeOf(API.demoAccount), handler: (req) => demo.demoAccount(principalOf(req)) });
  app.route({ ...routeOf(API.resetDemoAccount), handler: (req) => demo.resetDemoAccount(principalOf(req)) });
  app.route({ ...routeOf(API.demoTrades), handler: (req) => demo.trades(principalOf(req)) });
  app.route({
    // A retry of a request that placed its trade and died before answering gets that trade.
    ...routeOf(API.createDemoTrade, { recover: (req, tradeId) => demo.placedAnswer(principalOf(req), tradeId) }),
    handler: (req) => demo.createTrade(principalOf(req), req.body, req.recordResult),
  });
  app.route({
    ...routeOf(API.cancelDemoTrade),
    handler: (req) => demo.cancelTrade(principalOf(req), req.body.demo_trade_id),
  });
  app.route({ ...routeOf(API.tradeLogs), handler: (req) => demo.logs(principalOf(req), req.query.trade_id) });
  app.route({ ...routeOf(API.orderDetail), handler: (req) => demo.detail(principalOf(req), req.query.order_id) });
};
