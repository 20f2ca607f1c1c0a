import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../http/auth';
import type { TradingModeService } from './trading-mode.service';

export const tradingModeRoutes: FastifyPluginAsyncZod<{ tradingMode: TradingModeService }> = async (
  app,
  { tradingMode },
) => {
  app.post(
    '/livetrading/deauthorize/',
    { schema: { tags: ['trading'], body: z.object({ broker: z.string().max(40).optional() }).optional() } },
    (req) => tradingMode.deauthorize(principalOf(req)),
  );
};
