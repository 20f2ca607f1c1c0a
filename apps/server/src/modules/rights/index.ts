/** What a user may do: rights computed once from their running plans and flags (rights.rules.ts). */
import type { Db } from '../../db/client';
import type { CacheDeps } from '../../db/read-cache';
import { rightsRepo } from './rights.repo';
import { createRightsService } from './rights.service';

export type { RightsService, RightsSubject } from './rights.service';

export const createRights = (db: Db, now: () => Date, caches?: CacheDeps) =>
  createRightsService(rightsRepo(db), now, caches);
