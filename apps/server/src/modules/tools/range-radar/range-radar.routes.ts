import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TRADE_IDEAS_MSG, tradeIdeasQuery } from '@drat/contracts';
import { principalOf, requireActiveRight } from '../../../http/auth';
import type { RangeRadarService } from './range-radar.service';

/** Range Radar (1-core §7 "Tools and resources"): needs TIA. */
export const rangeRadarRoutes: FastifyPluginAsyncZod<{ rangeRadar: RangeRadarService }> = async (
  app,
  { rangeRadar },
) => {
  const tags = ['tools'];
  const preHandler = requireActiveRight('TIA', TRADE_IDEAS_MSG.noAccess);
  const history = '/alerts/trade-ideas-analysis-history/';

  app.get('/trade-ideas/info', { preHandler, schema: { tags, querystring: tradeIdeasQuery } }, (req) => {
    const { user } = principalOf(req);
    return rangeRadar.search(user.id, user.tradeIdeasCredits, req.query.ticker);
  });
  app.get(history, { preHandler, schema: { tags } }, (req) => rangeRadar.history(principalOf(req).user.id));
  app.delete(history, { preHandler, schema: { tags } }, (req) => rangeRadar.clear(principalOf(req).user.id));
};
