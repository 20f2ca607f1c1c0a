import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../http/app';
import { alertTypeStatusRoutes } from './alert-types/alert-type-status.routes';
import { createAlertTypeStatusService } from './alert-types/alert-type-status.service';
import { authRepo } from './auth/auth.repo';
import { authRoutes } from './auth/auth.routes';
import { createAuthService } from './auth/auth.service';
import { createRateLimiter } from './auth/rate-limit';
import { createOutboxService } from './outbox/outbox.service';
import { profileRoutes } from './profile/profile.routes';
import { createProfileService } from './profile/profile.service';
import { createRightsService } from './rights/rights.service';
import { usersRepo } from './users/users.repo';
import { liveRoutes } from './live/live.routes';
import { createLiveService } from './live/live.service';
import { marketRoutes } from './market/market.routes';
import { createMarketService } from './market/market.service';
import { tradingModeRoutes } from './broker/trading-mode.routes';
import { createTradingModeService } from './broker/trading-mode.service';

/** Wires each area's service with exactly what it uses. */
export function buildModules({ db, queue, mail, storage, market, log, config, now = () => new Date() }: AppDeps) {
  const users = usersRepo(db);
  const rights = createRightsService(db, now);
  const outbox = createOutboxService(db, queue, mail);
  const auth = createAuthService({
    repo: authRepo(db),
    users,
    rights,
    outbox,
    limiter: createRateLimiter(db, now),
    now,
    publicUrl: config.publicUrl,
  });
  return {
    rights,
    outbox,
    auth,
    profile: createProfileService({ users, rights, storage }),
    alertTypeStatus: createAlertTypeStatusService(db, rights),
    tradingMode: createTradingModeService(users),
    market: createMarketService({ provider: market }),
    live: createLiveService({ db, provider: market, log, now }),
  };
}
export type Modules = ReturnType<typeof buildModules>;

export async function registerModules(api: FastifyInstance, m: Modules): Promise<void> {
  await api.register(authRoutes, { auth: m.auth });
  await api.register(profileRoutes, { profile: m.profile });
  await api.register(alertTypeStatusRoutes, { alertTypeStatus: m.alertTypeStatus });
  await api.register(tradingModeRoutes, { tradingMode: m.tradingMode });
  await api.register(marketRoutes, { market: m.market });
  await api.register(liveRoutes, { live: m.live, auth: m.auth });
}
