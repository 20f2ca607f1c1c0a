/** The resources library: guides, videos and files by alert type (1-core §2 Resources, 3-bots-admin-public §7). */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { StorageProvider } from '../../providers/storage/interface';
import type { RightsService } from '../rights';
import type { UsersRepo } from '../users';
import { fileLinks, linkSecret } from './file-links';
import { sweepStaleUploads } from './resources.form';
import { resourcesRepo } from './resources.repo';
import { resourcesRoutes } from './resources.routes';
import { createResourcesService, type ResourcesService } from './resources.service';

export type { ResourcesService } from './resources.service';
export type { LinkQuery } from './file-links';
export { RESOURCE_FILES_PATH, RESOURCE_KEY_PREFIX } from './file-links';
/** For the demo seed. */
export { resourcesRepo } from './resources.repo';

export interface ResourcesAreaDeps {
  db: Db;
  storage: StorageProvider;
  users: Pick<UsersRepo, 'byId'>;
  rights: Pick<RightsService, 'rightsOf'>;
  /**
   * DATA_DIR (uploads stream to its tmp/ folder) and MEDIA_LINK_SECRET, which signs the links to
   * files served from disk (kept in DATA_DIR when unset).
   */
  config: Pick<Config, 'dataDir' | 'mediaLinkSecret'>;
  now: () => Date;
  log: Logger;
}

/** Temporary upload files older than this were left by a process that stopped mid-upload. */
const STALE_UPLOAD_MS = 6 * 3600_000;

export function createResources(deps: ResourcesAreaDeps) {
  const incomingDir = path.join(deps.config.dataDir, 'tmp', 'uploads');
  const swept = sweepStaleUploads(incomingDir, STALE_UPLOAD_MS, deps.now());
  if (swept > 0) deps.log.info({ swept, incomingDir }, 'removed temporary files of interrupted uploads');
  return createResourcesService({
    repo: resourcesRepo(deps.db),
    storage: deps.storage,
    links: fileLinks(linkSecret(deps.config.mediaLinkSecret, deps.config.dataDir)),
    incomingDir,
    users: deps.users,
    rights: deps.rights,
    now: deps.now,
    log: deps.log,
  });
}

export async function registerResourcesRoutes(api: FastifyInstance, resources: ResourcesService): Promise<void> {
  await api.register(resourcesRoutes, { resources });
}
