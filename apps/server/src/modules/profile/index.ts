/** Profile, settings and preferences (1-core §2 Settings, §7). */
import type { FastifyInstance } from 'fastify';
import { profileRoutes } from './profile.routes';
import type { ProfileService } from './profile.service';

export { createProfileService, type ProfileService } from './profile.service';

export async function registerProfileRoutes(api: FastifyInstance, profile: ProfileService): Promise<void> {
  await api.register(profileRoutes, { profile });
}
