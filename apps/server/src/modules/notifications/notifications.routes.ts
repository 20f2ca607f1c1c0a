import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markSingleAsReadBody } from '@drat/contracts';
import { principalOf } from '../../http/auth';
import type { NotificationsService } from './notifications.service';

/** The inbox (2-trading §7): every signed-in user reads and marks their own notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  const tags = ['notifications'];
  app.get('/notifications', { schema: { tags } }, (req) => notifications.list(principalOf(req)));
  app.post('/notifications/mark-single-as-read/', { schema: { tags, body: markSingleAsReadBody } }, (req) =>
    notifications.markSingleAsRead(principalOf(req), req.body.id),
  );
  app.post('/notifications/mark-all-as-read/', { schema: { tags } }, (req) =>
    notifications.markAllAsRead(principalOf(req)),
  );
};
