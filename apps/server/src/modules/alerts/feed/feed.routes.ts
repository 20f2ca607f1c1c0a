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
import { requireRight } from '../../../http/auth';
import { callerOf } from '../access';
import type { AlertsService } from './feed.service';

/**
 * Alerts, search and deletion (1-core §7 "Alerts, triggers, trackers"). Needs AA (registered so).
 *
 * Decisions where the spec leaves room:
 * - `name` is the alert type's name; a type outside the caller's plans (or unknown) is 403
 *   'You do not have permission to view {name} alerts'; a category outside them names the category.
 * - Sorts are sent as their labels (`sort=Min%20Risk`). Min Risk: smallest risk percent first; Min
 *   Reward: largest reward percent first. OPTIONS alerts cannot be sorted by either (an option
 *   alert's risk is its premium): 400 with the spec's text. Completed-alert sorts put alerts with that
 *   status first, then the most recently completed; anything else is 400 'Cannot sort alert category'.
 * - Prices are JSON numbers exactly as stored (numeric(18,8)); rounding (2 decimals, OTC unrounded,
 *   1-core §9) is the web app's, for display.
 * - Search days are New York (market) days, YYYY-MM-DD, inclusive; at most 500 results, newest
 *   first. Neither days nor tickers: 400 'Invalid parameters'. Nothing found: 200 with an empty `data`
 *   and `message: 'No results.'`.
 * - Completed alerts are the completed and half-completed ones; the win rate counts completed alerts
 *   with an exit price. Soft-deleted alerts leave every list, their triggers and trackers too; pl-alert
 *   still finds them (trades point at them); the admin view lists them, flagged `deleted`.
 */
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
};

/**
 * Completed alerts, their live-price view and the alert behind a P/L entry: any signed-in user
 * (1-core §2: /completed-alerts is 'signed in'); each type is still checked against their plans.
 */
export const completedAlertsRoutes: FastifyPluginAsyncZod<{ alerts: AlertsService }> = async (app, { alerts }) => {
  const tags = ['alerts'];
  const superOnly = requireRight('is_super');
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
