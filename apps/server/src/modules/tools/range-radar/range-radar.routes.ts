import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RANGE_RADAR_API as API, TRADE_IDEAS_MSG } from '@drat/contracts';
import { principalOf, requireRight } from '../../../http/auth';
import { routeOf } from '../../../http/operation';
import type { RangeRadarService } from './range-radar.service';

/** Range Radar (RANGE_RADAR_API in packages/contracts; 1-core §7 "Tools and resources"): needs TIA. */
export const rangeRadarRoutes: FastifyPluginAsyncZod<{ rangeRadar: RangeRadarService }> = async (
  app,
  { rangeRadar },
) => {
  const onRequest = requireRight('TIA', TRADE_IDEAS_MSG.noAccess);

  app.route({
    ...routeOf(API.search),
    onRequest,
    handler: (req) => {
      const { user } = principalOf(req);
      return rangeRadar.search(user.id, user.tradeIdeasCredits, req.query.ticker);
    },
  });
  app.route({ ...routeOf(API.history), onRequest, handler: (req) => rangeRadar.history(principalOf(req).user.id) });
  app.route({
    ...routeOf(API.clearHistory),
    onRequest,
    handler: (req) => rangeRadar.clear(principalOf(req).user.id),
  });
};
