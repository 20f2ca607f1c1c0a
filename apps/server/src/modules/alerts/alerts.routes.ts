import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCompletedAlertsQuery,
  alertSearchBody,
  alertsQuery,
  allAlertsQuery,
  batchDeleteQuery,
  categoryQuery,
  completedAlertsQuery,
  plAlertQuery,
} from '@drat/contracts';
import { principalOf, requireRight } from '../../http/auth';
import type { AlertsService, Caller } from './alerts.service';

export async function callerOf(req: FastifyRequest): Promise<Caller> {
  return { userId: principalOf(req).user.id, rights: await req.rights() };
}

/** Alerts, search, completed alerts and deletion (1-core §7 "Alerts, triggers, trackers"). Needs AA. */
export const alertsRoutes: FastifyPluginAsyncZod<{ alerts: AlertsService }> = async (app, { alerts }) => {
  const tags = ['alerts'];
  const superOnly = requireRight('is_super');

  // Sent as the JSON text the service assembles (alerts' JSON is cached per row version).
  app.get('/alerts', { schema: { tags, querystring: alertsQuery } }, async (req, reply) => {
    const body = await alerts.pageJson(await callerOf(req), req.query);
    return reply.type('application/json; charset=utf-8').send(body);
  });
  app.get('/alerts/tickers', { schema: { tags, querystring: categoryQuery } }, async (req) =>
    alerts.tickers(await callerOf(req), req.query.category),
  );
  app.post('/alerts/search/', { schema: { tags, body: alertSearchBody } }, async (req) =>
    alerts.search(await callerOf(req), req.body),
  );
  app.delete('/alerts/batch-delete', { onRequest: superOnly, schema: { tags, querystring: batchDeleteQuery } }, (req) =>
    alerts.softDelete(req.query.alert_ids),
  );
  app.get('/alerts/completed-alerts', { schema: { tags, querystring: completedAlertsQuery } }, async (req) =>
    alerts.completed(await callerOf(req), req.query),
  );
  app.get('/alerts/all-alerts', { schema: { tags, querystring: allAlertsQuery } }, async (req) =>
    alerts.allAlerts(await callerOf(req), req.query),
  );
  app.get(
    '/alerts/admin-completed-alerts',
    { onRequest: superOnly, schema: { tags, querystring: adminCompletedAlertsQuery } },
    async (req) => alerts.adminCompleted(await callerOf(req), req.query),
  );
  app.get('/alerts/pl-alert', { schema: { tags, querystring: plAlertQuery } }, async (req) =>
    alerts.plAlert(await callerOf(req), req.query.alert_id),
  );
};
