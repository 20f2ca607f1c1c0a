/** The server's own calls: health, liveness and the support contact (SYSTEM_API in packages/contracts). */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { healthRepo } from './health.repo';
import { createHealthService } from './health.service';
import { systemRoutes } from './system.routes';

export type { HealthService } from './health.service';

export const createSystem = (db: Db, config: { supportEmail: string | null }) => ({
  health: createHealthService(healthRepo(db)),
  supportEmail: config.supportEmail,
});
export type SystemArea = ReturnType<typeof createSystem>;

export async function registerSystemRoutes(api: FastifyInstance, system: SystemArea): Promise<void> {
  await api.register(systemRoutes, system);
}
