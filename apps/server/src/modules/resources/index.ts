/** The resources library: guides, videos and files by alert type (1-core §2 Resources, 3-bots-admin-public §7). */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { StorageProvider } from '../../providers/storage/interface';
import { resourcesRepo } from './resources.repo';
import { resourcesRoutes } from './resources.routes';
import { createResourcesService, type ResourcesService } from './resources.service';

export type { ResourcesService } from './resources.service';
/** For the demo seed. */
export { resourcesRepo } from './resources.repo';

export const createResources = (db: Db, storage: StorageProvider, log: Logger) =>
  createResourcesService({ repo: resourcesRepo(db), storage, log });

export async function registerResourcesRoutes(api: FastifyInstance, resources: ResourcesService): Promise<void> {
  await api.register(resourcesRoutes, { resources });
}
