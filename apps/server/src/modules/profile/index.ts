/** Profile, settings and preferences (1-core §2 Settings, §7). */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { profileRepo } from './profile.repo';
import { profileRoutes } from './profile.routes';
import { createProfileService, type ProfileDeps, type ProfileService } from './profile.service';

export type { ProfileService } from './profile.service';

export const createProfile = ({ db, ...deps }: Omit<ProfileDeps, 'repo'> & { db: Db }): ProfileService =>
  createProfileService({ ...deps, repo: profileRepo(db) });

export async function registerProfileRoutes(api: FastifyInstance, profile: ProfileService): Promise<void> {
  await api.register(profileRoutes, { profile });
}
