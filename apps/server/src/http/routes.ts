import type { FastifyInstance } from 'fastify';
import type { Modules } from '../compose';
import { registerAdminRoutes } from '../modules/admin';
import { registerAlertsRoutes } from '../modules/alerts';
import { registerAuthRoutes } from '../modules/auth';
import { registerBotsRoutes } from '../modules/bots';
import { registerLiveRoutes } from '../modules/live';
import { registerMarketRoutes } from '../modules/market';
import { registerNewsRoutes } from '../modules/news';
import { registerPaymentsRoutes } from '../modules/payments';
import { registerNotificationsRoutes } from '../modules/notifications';
import { registerOutboxRoutes } from '../modules/outbox';
import { registerProfileRoutes } from '../modules/profile';
import { registerResourcesRoutes } from '../modules/resources';
import { registerSystemRoutes } from '../modules/system';
import { registerToolsRoutes } from '../modules/tools';
import { registerTradingRoutes } from '../modules/trading';

/** Every area's routes under /api. Each area declares who may call each of its routes. */
export async function registerRoutes(api: FastifyInstance, m: Modules): Promise<void> {
  await registerSystemRoutes(api, m.system);
  await registerAuthRoutes(api, m.auth);
  await registerProfileRoutes(api, m.profile);
  await registerTradingRoutes(api, m.trading);
  await registerBotsRoutes(api, m.bots);
  await registerAdminRoutes(api, m.admin);
  await registerMarketRoutes(api, m.market);
  await registerResourcesRoutes(api, m.resources);
  await registerNotificationsRoutes(api, m.notifications);
  await registerOutboxRoutes(api, m.outbox);
  await registerLiveRoutes(api, m.live, m.auth);
  await registerAlertsRoutes(api, m.alerts);
  await registerToolsRoutes(api, m.tools);
  await registerNewsRoutes(api, m.news);
  await registerPaymentsRoutes(api, m.payments);
}
