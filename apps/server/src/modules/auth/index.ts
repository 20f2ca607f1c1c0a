/** Sign-in, OTP, password reset and change, sessions (1-core §4, §5, §7). */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { OutboxService } from '../outbox';
import type { RightsService } from '../rights';
import type { UsersRepo } from '../users';
import { authRepo } from './auth.repo';
import { authRoutes } from './auth.routes';
import { createAuthService, type AuthService } from './auth.service';
import { createRateLimiter } from './rate-limit';
import { rateLimitRepo } from './rate-limit.repo';

export type { AuthService, ClientInfo, Principal, User } from './auth.service';
export { clientOf } from './client';
/** The database-backed rate limiter, for other areas' limits (built once by the composition root). */
export { createRateLimiter, type LimitRule, type RateLimiter } from './rate-limit';
export { rateLimitRepo } from './rate-limit.repo';

export interface AuthAreaDeps {
  db: Db;
  queue: JobQueue;
  users: UsersRepo;
  rights: RightsService;
  outbox: OutboxService;
  now: () => Date;
  publicUrl: string;
  /** Closes the live sockets of ended sessions (the live area's endSessions). */
  sessionsEnded: (userId: number, sessionIds: number[]) => Promise<void>;
  /** An expired account's renewal link token (the payments area, bound late). */
  renewalLink?: (userId: number) => Promise<string | null>;
}

export function createAuth({
  db,
  queue,
  users,
  rights,
  outbox,
  now,
  publicUrl,
  sessionsEnded,
  renewalLink,
}: AuthAreaDeps): AuthService {
  return createAuthService({
    repo: authRepo(db),
    queue,
    users,
    rights,
    outbox,
    limiter: createRateLimiter(rateLimitRepo(db), now),
    now,
    publicUrl,
    sessionsEnded,
    ...(renewalLink ? { renewalLink } : {}),
  });
}

export async function registerAuthRoutes(api: FastifyInstance, auth: AuthService): Promise<void> {
  await api.register(authRoutes, { auth });
}
