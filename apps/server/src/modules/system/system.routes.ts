import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SYSTEM_API as API } from '@drat/contracts';
import { DomainError } from '../../core/errors';
import { routeOf } from '../../http/operation';
import type { HealthService } from './health.service';

/**
 * GET /api/health (the database too), GET /api/health/live (the process only) and GET /api/contact
 * (the support address people write to).
 */
export const systemRoutes: FastifyPluginAsyncZod<{ health: HealthService; supportEmail: string | null }> = async (
  app,
  { health, supportEmail },
) => {
  app.route({ ...routeOf(API.live), handler: async () => ({ status: 'ok' as const }) });
  app.route({ ...routeOf(API.contact), handler: async () => ({ support_email: supportEmail }) });
  app.route({
    ...routeOf(API.health),
    handler: async () => {
      const report = await health.check();
      if (report.ok) return report.body;
      const { detail, ...rest } = report.body;
      throw new DomainError('UNAVAILABLE', detail, { details: rest, retryAfterSeconds: 5 });
    },
  });
};
