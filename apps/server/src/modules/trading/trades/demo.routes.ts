import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SMART_TRADES_API as API } from '@drat/contracts';
import { acting } from '../../../http/auth';
import { routeOf } from '../../../http/operation';
import type { DemoTradingService } from './demo.service';
import type { ActingOnTrade } from './on-behalf';

/**
 * Demo trading (SMART_TRADES_API in packages/contracts): every signed-in user has a demo account
 * (1-core §4; 2-trading §6: demo trades for demo users, live traders and super users alike; no
 * right beyond signing in), and sees only their own trades and logs; a super user also cancels
 * any user's demo trade, on behalf of themselves (on-behalf.ts).
 */
export const demoTradingRoutes: FastifyPluginAsyncZod<{ demo: DemoTradingService; onTrade: ActingOnTrade }> = async (
  app,
  { demo, onTrade },
) => {
  app.route({ ...routeOf(API.demoAccount), handler: async (req) => demo.demoAccount(await acting(req)) });
  app.route({ ...routeOf(API.resetDemoAccount), handler: async (req) => demo.resetDemoAccount(await acting(req)) });
  app.route({ ...routeOf(API.demoTrades), handler: async (req) => demo.trades(await acting(req)) });
  app.route({
    // A retry of a request that placed its trade and died before answering gets that trade.
    ...routeOf(API.createDemoTrade, { recover: async (req, id) => demo.placedAnswer(await acting(req), id) }),
    handler: async (req) => demo.createTrade(await acting(req), req.body, req.recordResult),
  });
  app.route({
    ...routeOf(API.cancelDemoTrade),
    handler: (req) =>
      onTrade(req, req.body.demo_trade_id, 'cancel', (who) => demo.cancelTrade(who, req.body.demo_trade_id)),
  });
  app.route({ ...routeOf(API.tradeLogs), handler: async (req) => demo.logs(await acting(req), req.query.trade_id) });
  app.route({
    ...routeOf(API.orderDetail),
    handler: async (req) => demo.detail(await acting(req), req.query.order_id),
  });
};
