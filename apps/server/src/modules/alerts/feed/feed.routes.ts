import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALERTS_API as API } from '@drat/contracts';
import { requireRight } from '../../../http/auth';
import { routeOf } from '../../../http/operation';
import { callerOf } from '../access';
import type { FeedService } from './feed.service';

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
/** Sends JSON the route has already written as text (Fastify sends a string as it is). */
function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

export const feedRoutes: FastifyPluginAsyncZod<{ alerts: FeedService }> = async (app, { alerts }) => {
  const superOnly = requireRight('is_super');

  // Sent as the JSON text the service assembles (alerts' JSON is cached per row version): the
  // answer check does not see text, so feed.test.ts parses a real answer with the schema instead.
  app.route({
    ...routeOf(API.list),
    handler: async (req, reply) => {
      const body = await alerts.pageJson(await callerOf(req), req.query);
      return sendJsonText(reply, body);
    },
  });
  app.route({
    ...routeOf(API.tickers),
    handler: async (req) => alerts.tickers(await callerOf(req), req.query.category),
  });
  app.route({ ...routeOf(API.search), handler: async (req) => alerts.search(await callerOf(req), req.body) });
  app.route({
    ...routeOf(API.batchDelete),
    onRequest: superOnly,
    handler: (req) => alerts.softDelete(req.query.alert_ids),
  });
};

/**
 * Completed alerts, their live-price view and the alert behind a P/L entry: any signed-in user
 * (1-core §2: /completed-alerts is 'signed in'); each type is still checked against their plans.
 */
export const completedAlertsRoutes: FastifyPluginAsyncZod<{ alerts: FeedService }> = async (app, { alerts }) => {
  const superOnly = requireRight('is_super');
  app.route({
    ...routeOf(API.completed),
    handler: async (req) => alerts.completed(await callerOf(req), req.query),
  });
  app.route({
    ...routeOf(API.allAlerts),
    handler: async (req) => alerts.allAlerts(await callerOf(req), req.query),
  });
  app.route({
    ...routeOf(API.adminCompleted),
    onRequest: superOnly,
    handler: async (req) => alerts.adminCompleted(await callerOf(req), req.query),
  });
  app.route({
    ...routeOf(API.plAlert),
    handler: async (req) => alerts.plAlert(await callerOf(req), req.query.alert_id),
  });
};
