import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exemptAlertsBody } from '@drat/contracts';
import { principalOf } from '../../../http/auth';
import type { OptOutsService } from './opt-outs.service';

export const optOutsRoutes: FastifyPluginAsyncZod<{ optOuts: OptOutsService }> = async (app, { optOuts }) => {
  const tags = ['alerts'];
  app.get('/alerts/alert-type-status', { schema: { tags } }, (req) => optOuts.status(principalOf(req)));
  app.post('/alerts/exempt-alerts/', { schema: { tags, body: exemptAlertsBody } }, (req) =>
    optOuts.exempt(principalOf(req), req.body),
  );
};
