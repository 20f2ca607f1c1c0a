import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOTIFICATIONS_API as API } from '@drat/contracts';
import { principalOf } from '../../http/auth';
import { routeOf } from '../../http/operation';
import type { NotificationsService } from './notifications.service';

/** The inbox (NOTIFICATIONS_API in packages/contracts): every signed-in user reads and marks their own. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.route({ ...routeOf(API.list), handler: (req) => notifications.list(principalOf(req)) });
  app.route({
    ...routeOf(API.markSingleAsRead),
    handler: (req) => notifications.markSingleAsRead(principalOf(req), req.body.id),
  });
  app.route({ ...routeOf(API.markAllAsRead), handler: (req) => notifications.markAllAsRead(principalOf(req)) });
};
