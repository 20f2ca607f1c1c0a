import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SMART_TRADES_API as API, TRADE_MSG } from '@drat/contracts';
import { acting, principalOf, requireRight } from '../../../http/auth';
import { routeOf } from '../../../http/operation';
import type { TradeEditService } from './edit.service';
import type { ReplayService } from './replay.service';

/**
 * Changes to a placed trade and the alert it came from (SMART_TRADES_API), each on the caller's own
 * trades (demo or live: signing in is the right); and the replay of a trade being entered
 * (nothing stored).
 */
export const tradeEditRoutes: FastifyPluginAsyncZod<{ edits: TradeEditService; replays: ReplayService }> = async (
  app,
  { edits, replays },
) => {
  app.route({ ...routeOf(API.replayTrade), handler: (req) => replays.replay(req.body) });
  app.route({ ...routeOf(API.orderEdit), handler: async (req) => edits.orderEdit(await acting(req), req.body) });
  app.route({ ...routeOf(API.rangeEdit), handler: async (req) => edits.rangeEdit(await acting(req), req.body) });
  app.route({
    ...routeOf(API.conditionsEdit),
    // Super users only (2-trading §6), refused before the body is checked.
    onRequest: requireRight('is_super', TRADE_MSG.conditionsOnlySuper),
    handler: async (req) => edits.conditionsEdit(await acting(req), req.body),
  });
  const reader = async (req: Parameters<typeof principalOf>[0]) => ({
    userId: principalOf(req).user.id,
    rights: await req.rights(),
  });
  app.route({
    ...routeOf(API.tradeAlert),
    handler: async (req) => edits.tradeAlert(await reader(req), req.query.id, 'LIVE'),
  });
  app.route({
    ...routeOf(API.demoTradeAlert),
    handler: async (req) => edits.tradeAlert(await reader(req), req.query.id, 'DEMO'),
  });
};
