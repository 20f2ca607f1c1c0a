import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addDioneTickerBody, dioneQuery, dioneTrackerIdBody, DIONE_MSG } from '@drat/contracts';
import { principalOf, requireActiveRight } from '../../../http/auth';
import type { DioneService } from './dione.service';

/**
 * Dione (1-core §7 "Tools and resources") needs DA; the DIONE Tracker tab of My Trackers is the
 * caller's own list and needs only a session.
 */
export const dioneRoutes: FastifyPluginAsyncZod<{ dione: DioneService }> = async (app, { dione }) => {
  const tags = ['tools'];
  const preHandler = requireActiveRight('DA', DIONE_MSG.noAccess);
  const userId = (req: Parameters<typeof principalOf>[0]) => principalOf(req).user.id;

  app.get('/stock/dione', { preHandler, schema: { tags, querystring: dioneQuery } }, (req) => {
    const { user } = principalOf(req);
    return dione.search(user.id, user.dioneCredits, req.query.ticker);
  });
  app.get('/alerts/dione-history-list', { preHandler, schema: { tags } }, (req) => dione.history(userId(req)));
  app.post('/alerts/reset-dione-history/', { preHandler, schema: { tags } }, (req) => dione.clearHistory(userId(req)));
  app.post('/alerts/add-dione-ticker/', { preHandler, schema: { tags, body: addDioneTickerBody } }, (req) =>
    dione.track(userId(req), req.body),
  );

  app.get('/alerts/dione-tracker-list', { schema: { tags } }, (req) => dione.trackers(userId(req)));
  app.post('/alerts/remove-dione-ticker/', { schema: { tags, body: dioneTrackerIdBody } }, (req) =>
    dione.removeTracker(userId(req), req.body.id),
  );
  app.post('/alerts/reset-dione-trackers/', { schema: { tags } }, (req) => dione.clearTrackers(userId(req)));
};
