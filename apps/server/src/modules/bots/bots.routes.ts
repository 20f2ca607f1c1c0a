import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BOTS_API as API, BOT_MSG } from '@drat/contracts';
import { acting, requireRight } from '../../http/auth';
import { routeOf } from '../../http/operation';
import type { BotsService } from './bots.service';
import type { BotReplayService } from './replay.service';

/**
 * Money-management bots (BOTS_API, 3-bots-admin-public §7): the owners' calls need the bots right
 * (2-trading §2.11: the smart trader, with live trading or a trade challenge); super users pass it
 * and reach every bot (§2.2). The admin lists and logs are super users' only.
 */
export const botsRoutes: FastifyPluginAsyncZod<{ bots: BotsService; replay: BotReplayService }> = async (
  app,
  { bots, replay },
) => {
  const owner = requireRight('can_use_bots', BOT_MSG.botsDenied);
  app.route({
    ...routeOf(API.create),
    onRequest: owner,
    handler: async (req) => bots.create(await acting(req), req.body),
  });
  app.route({
    ...routeOf(API.update),
    onRequest: owner,
    handler: async (req) => bots.update(await acting(req), req.params.id, req.body),
  });
  app.route({
    ...routeOf(API.deactivate),
    onRequest: owner,
    handler: async (req) => bots.deactivate(await acting(req), req.params.id),
  });
  app.route({
    ...routeOf(API.archive),
    onRequest: owner,
    handler: async (req) => bots.archive(await acting(req), req.params.id),
  });
  app.route({
    ...routeOf(API.unarchive),
    onRequest: owner,
    handler: async (req) => bots.unarchive(await acting(req), req.params.id),
  });
  app.route({ ...routeOf(API.bots), onRequest: owner, handler: async (req) => bots.list(await acting(req), false) });
  app.route({
    ...routeOf(API.archivedBots),
    onRequest: owner,
    handler: async (req) => bots.list(await acting(req), true),
  });
  app.route({
    ...routeOf(API.logs),
    onRequest: owner,
    handler: async (req) => bots.logs(await acting(req), req.query.bot_id),
  });

  app.route({
    ...routeOf(API.replay),
    onRequest: owner,
    handler: async (req) => replay.replay(await acting(req), req.body),
  });

  const superUser = requireRight('is_super');
  app.route({
    ...routeOf(API.adminBots),
    onRequest: superUser,
    handler: (req) => bots.adminList(req.query.user_email),
  });
  app.route({ ...routeOf(API.adminBotUsers), onRequest: superUser, handler: () => bots.owners() });
  app.route({
    ...routeOf(API.adminLogs),
    onRequest: superUser,
    handler: async (req) => bots.logs(await acting(req), req.query.bot_id),
  });
};
