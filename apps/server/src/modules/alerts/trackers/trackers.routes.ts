import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALERTS_API as API } from '@drat/contracts';
import { routeOf } from '../../../http/operation';
import { callerOf } from '../access';
import type { TrackersService } from './trackers.service';

/** Trade alert trackers (1-core §7; ALERTS_API in packages/contracts). Needs AA. */
export const trackersRoutes: FastifyPluginAsyncZod<{ trackers: TrackersService }> = async (app, { trackers }) => {
  app.route({ ...routeOf(API.trackers), handler: async (req) => trackers.list(await callerOf(req)) });
  app.route({
    ...routeOf(API.addTracker),
    handler: async (req) => trackers.add(await callerOf(req), req.body),
  });
  app.route({
    ...routeOf(API.removeTracker),
    handler: async (req) => trackers.remove(await callerOf(req), req.body.id),
  });
  app.route({ ...routeOf(API.resetTrackers), handler: async (req) => trackers.reset(await callerOf(req)) });
  app.route({
    ...routeOf(API.trackerAlert),
    handler: async (req) => trackers.alertOf(await callerOf(req), req.query.id, req.query.is_trigger),
  });
};
