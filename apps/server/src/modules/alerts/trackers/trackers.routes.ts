import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAlertTrackerBody, trackerAlertQuery, trackerIdBody } from '@drat/contracts';
import { callerOf } from '../access';
import type { TrackersService } from './trackers.service';

/** Trade alert trackers (1-core §7). Needs AA. */
export const trackersRoutes: FastifyPluginAsyncZod<{ trackers: TrackersService }> = async (app, { trackers }) => {
  const tags = ['alerts'];
  app.get('/alerts/trackers', { schema: { tags } }, async (req) => trackers.list(await callerOf(req)));
  app.post('/alerts/add-alert-tracker/', { schema: { tags, body: addAlertTrackerBody } }, async (req) =>
    trackers.add(await callerOf(req), req.body),
  );
  app.post('/alerts/remove-tracker/', { schema: { tags, body: trackerIdBody } }, async (req) =>
    trackers.remove(await callerOf(req), req.body.id),
  );
  app.post('/alerts/reset-trackers/', { schema: { tags } }, async (req) => trackers.reset(await callerOf(req)));
  app.get('/alerts/tracker-alert', { schema: { tags, querystring: trackerAlertQuery } }, async (req) =>
    trackers.alertOf(await callerOf(req), req.query.id, req.query.is_trigger),
  );
};
