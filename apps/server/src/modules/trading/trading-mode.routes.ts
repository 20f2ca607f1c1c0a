import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TRADING_API as API } from '@drat/contracts';
import { principalOf } from '../../http/auth';
import { routeOf } from '../../http/operation';
import type { TradingModeService } from './trading-mode.service';

/** Trade mode (TRADING_API in packages/contracts). Signed-in only. */
export const tradingModeRoutes: FastifyPluginAsyncZod<{ tradingMode: TradingModeService }> = async (
  app,
  { tradingMode },
) => {
  app.route({ ...routeOf(API.deauthorize), handler: (req) => tradingMode.deauthorize(principalOf(req)) });
};
