import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALERTS_API as API } from '@drat/contracts';
import { principalOf } from '../../../http/auth';
import { routeOf } from '../../../http/operation';
import type { OptOutsService } from './opt-outs.service';

/** Each user's opt-outs of new-alert notifications, per alert type (ALERTS_API in packages/contracts). */
export const optOutsRoutes: FastifyPluginAsyncZod<{ optOuts: OptOutsService }> = async (app, { optOuts }) => {
  app.route({ ...routeOf(API.alertTypeStatus), handler: (req) => optOuts.status(principalOf(req)) });
  app.route({
    ...routeOf(API.exemptAlerts),
    handler: (req) => optOuts.exempt(principalOf(req), req.body),
  });
};
