import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exemptAlertsBody } from '@drat/contracts';
import { principalOf } from '../../http/auth';
import type { AlertTypeStatusService } from './alert-type-status.service';

export const alertTypeStatusRoutes: FastifyPluginAsyncZod<{ alertTypeStatus: AlertTypeStatusService }> = async (
  app,
  { alertTypeStatus },
) => {
  const tags = ['alerts'];
  app.get('/alerts/alert-type-status', { schema: { tags } }, (req) => alertTypeStatus.status(principalOf(req)));
  app.post('/alerts/exempt-alerts/', { schema: { tags, body: exemptAlertsBody } }, (req) =>
    alertTypeStatus.exempt(principalOf(req), req.body),
  );
};
