import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SMART_TRADES_API as API, TRADE_MSG } from '@drat/contracts';
import { principalOf, requireRight } from '../../../http/auth';
import { routeOf } from '../../../http/operation';
import type { TradeEditService } from './edit.service';
import type { ReplayService } from './replay.service';

/**
 * Changes to a placed trade and the alert it came from (SMART_TRADES_API), each on the caller's own
 * trades; and the replay of a trade being entered (nothing stored).
 */
export const tradeEditRoutes: FastifyPluginAsyncZod<{ edits: TradeEditService; replays: ReplayService }> = async (
  app,
  { edits, replays },
) => {
  app.route({ ...routeOf(API.replayTrade), handler: (req) => replays.replay(req.body) });
  app.route({ ...routeOf(API.orderEdit), handler: (req) => edits.orderEdit(principalOf(req), req.body) });
  app.route({ ...routeOf(API.rangeEdit), handler: (req) => edits.rangeEdit(principalOf(req), req.body) });
  app.route({
    ...routeOf(API.conditionsEdit),
    // Super users only (2-trading §6), refused before the body is checked.
    onRequest: requireRight('is_super', TRADE_MSG.conditionsOnlySuper),
    handler: (req) => edits.conditionsEdit(principalOf(req), req.body),
  });
  app.route({
    ...routeOf(API.tradeAlert),
    handler: async (req) => edits.tradeAlert(principalOf(req), await req.rights(), req.query.id, 'LIVE'),
  });
  app.route({
    ...routeOf(API.demoTradeAlert),
    handler: async (req) => edits.tradeAlert(principalOf(req), await req.rights(), req.query.id, 'DEMO'),
  });
};
