/** The server's own calls: health and liveness (SYSTEM_API in packages/contracts). */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { healthRepo } from './health.repo';
import { healthRoutes } from './health.routes';
import { createHealthService } from './health.service';

export type { HealthService } from './health.service';

export const createSystem = (db: Db) => ({ health: createHealthService(healthRepo(db)) });
export type SystemArea = ReturnType<typeof createSystem>;

export async function registerSystemRoutes(api: FastifyInstance, system: SystemArea): Promise<void> {
  await api.register(healthRoutes, { health: system.health });
}
