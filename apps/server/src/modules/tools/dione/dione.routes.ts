import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DIONE_API as API, DIONE_MSG } from '@drat/contracts';
import { principalOf, requireRight } from '../../../http/auth';
import { routeOf } from '../../../http/operation';
import type { DioneService } from './dione.service';

/**
 * Dione (DIONE_API in packages/contracts; 1-core §7 "Tools and resources") needs DA; the DIONE
 * Tracker tab of My Trackers is the caller's own list and needs only a session.
 */
export const dioneRoutes: FastifyPluginAsyncZod<{ dione: DioneService }> = async (app, { dione }) => {
  const onRequest = requireRight('DA', DIONE_MSG.noAccess);
  const userId = (req: Parameters<typeof principalOf>[0]) => principalOf(req).user.id;

  app.route({
    ...routeOf(API.search),
    onRequest,
    handler: (req) => {
      const { user } = principalOf(req);
      return dione.search(user.id, user.dioneCredits, req.query.ticker);
    },
  });
  app.route({ ...routeOf(API.history), onRequest, handler: (req) => dione.history(userId(req)) });
  app.route({ ...routeOf(API.clearHistory), onRequest, handler: (req) => dione.clearHistory(userId(req)) });
  app.route({ ...routeOf(API.track), onRequest, handler: (req) => dione.track(userId(req), req.body) });

  app.route({ ...routeOf(API.trackers), handler: (req) => dione.trackers(userId(req)) });
  app.route({ ...routeOf(API.removeTracker), handler: (req) => dione.removeTracker(userId(req), req.body.id) });
  app.route({ ...routeOf(API.clearTrackers), handler: (req) => dione.clearTrackers(userId(req)) });
};
