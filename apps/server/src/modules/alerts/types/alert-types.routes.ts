import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  alertTypeIdParams,
  alertTypePatchBody,
  notificationStatusBody,
  notificationStatusQuery,
} from '@drat/contracts';
import { requireRight } from '../../../http/auth';
import type { AlertTypesAdminService } from './alert-types.service';

/** Alert types for super users (3-bots-admin-public §2.7, §7). */
export const alertTypesAdminRoutes: FastifyPluginAsyncZod<{ alertTypesAdmin: AlertTypesAdminService }> = async (
  app,
  { alertTypesAdmin },
) => {
  const tags = ['admin'];
  app.addHook('onRequest', requireRight('is_super'));
  app.get('/alerts/alert-types', { schema: { tags } }, () => alertTypesAdmin.list());
  app.patch(
    '/alerts/alert-types/notification-status',
    { schema: { tags, querystring: notificationStatusQuery, body: notificationStatusBody } },
    (req) => alertTypesAdmin.setCategoryNotifications(req.query.category, req.body.is_notification_enabled),
  );
  app.patch(
    '/alerts/alert-types/:id',
    { schema: { tags, params: alertTypeIdParams, body: alertTypePatchBody } },
    (req) => alertTypesAdmin.update(req.params.id, req.body),
  );
};
