import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OUTBOX_API as API } from '@drat/contracts';
import { requireRight } from '../../http/auth';
import { routeOf } from '../../http/operation';
import type { OutboxService } from './outbox.service';

/** Delivery status (OUTBOX_API): super users only. */
export const outboxRoutes: FastifyPluginAsyncZod<{ outbox: OutboxService }> = async (app, { outbox }) => {
  app.route({
    ...routeOf(API.failed),
    onRequest: requireRight('is_super'),
    handler: (req) => outbox.failures(req.query.limit),
  });
};
