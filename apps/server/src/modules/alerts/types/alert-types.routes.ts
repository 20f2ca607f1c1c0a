import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALERTS_API as API } from '@drat/contracts';
import { requireRight } from '../../../http/auth';
import { routeOf } from '../../../http/operation';
import type { AlertTypesAdminService } from './alert-types.service';

/** Alert types for super users (3-bots-admin-public §2.7, §7; ALERTS_API in packages/contracts). */
export const alertTypesAdminRoutes: FastifyPluginAsyncZod<{ alertTypesAdmin: AlertTypesAdminService }> = async (
  app,
  { alertTypesAdmin },
) => {
  const onRequest = requireRight('is_super');
  app.route({ ...routeOf(API.alertTypes), onRequest, handler: () => alertTypesAdmin.list() });
  app.route({
    ...routeOf(API.setNotificationStatus),
    onRequest,
    handler: (req) => alertTypesAdmin.setCategoryNotifications(req.query.category, req.body.is_notification_enabled),
  });
  app.route({
    ...routeOf(API.updateAlertType),
    onRequest,
    handler: (req) => alertTypesAdmin.update(req.params.id, req.body),
  });
};
