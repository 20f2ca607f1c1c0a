import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../http/app';
import { createPgListener, listenConnectionOf } from '../db/pg-listener';
import { CHANGES_CHANNEL, createChangeFeed } from '../db/read-cache';
import { createAlertsModule, registerAlertsRoutes } from './alerts/index';
import { createAlertSources, registerAlertSourcesRoutes } from './alerts-publish/index';
import { alertTypeStatusRoutes } from './alert-types/alert-type-status.routes';
import { createAlertTypeStatusService } from './alert-types/alert-type-status.service';
import { authRepo } from './auth/auth.repo';
import { authRoutes } from './auth/auth.routes';
import { createAuthService } from './auth/auth.service';
import { createRateLimiter } from './auth/rate-limit';
import { createOutboxService } from './outbox/outbox.service';
import { notificationsRoutes } from './notifications/notifications.routes';
import { createNotificationsService } from './notifications/notifications.service';
import { outboxSmsProvider } from '../providers/sms/outbox';
import { profileRoutes } from './profile/profile.routes';
import { createProfileService } from './profile/profile.service';
import { createRightsService } from './rights/rights.service';
import { usersRepo } from './users/users.repo';
import { liveRoutes } from './live/live.routes';
import { createLiveService } from './live/live.service';
import { USER_EVENTS_CHANNEL } from './live/user-events';
import { marketRoutes } from './market/market.routes';
import { createMarketService } from './market/market.service';
import { tradingModeRoutes } from './broker/trading-mode.routes';
import { createTradingModeService } from './broker/trading-mode.service';
import { resourcesRepo } from './resources/resources.repo';
import { resourcesRoutes } from './resources/resources.routes';
import { createResourcesService } from './resources/resources.service';
import { askDratRoutes } from './ask-drat/ask-drat.routes';
import { createAskDratService } from './ask-drat/ask-drat.service';
import { createSimFilings } from '../providers/filings/sim';
import { buildResearchTools, dioneRoutes, tradeIdeasRoutes } from './tools/index';

/** Wires each area's service with exactly what it uses. */
export function buildModules({
  db,
  queue,
  mail,
  sms,
  storage,
  market,
  filings,
  log,
  config,
  now = () => new Date(),
}: AppDeps) {
  // Every write to a user forgets that user's cached sign-ins (auth is built below, so bind late).
  const userChanged: { forget: (userId: number) => void } = { forget: () => {} };
  const users = usersRepo(db, (id) => userChanged.forget(id));
  // The process's LISTEN connection (opened by registerModules): user events for the WebSockets,
  // and the change feed that keeps the read caches (READ_CACHE_MS) true across processes.
  const listener = createPgListener({
    connection: listenConnectionOf(db),
    channels: [USER_EVENTS_CHANNEL, CHANGES_CHANNEL],
    log,
  });
  const caches = { feed: createChangeFeed(listener, config.readCacheMs > 0), ttlMs: config.readCacheMs, now };
  const rights = createRightsService(db, now, caches);
  const outbox = createOutboxService(db, queue, mail, sms ?? outboxSmsProvider(log));
  // Live updates: pass `live.publishUserEvent` to any service that tells a user something happened.
  const live = createLiveService({ db, provider: market, log, now, listener });
  // Inbox, e-mail and SMS notifications of new alerts and triggers (notifyAlertPublished, notifyTrigger).
  const notifications = createNotificationsService({
    db,
    queue,
    outbox,
    publishUserEvent: live.publishUserEvent,
    now,
    publicUrl: config.publicUrl,
    log,
  });
  // Alerts in and their lifecycle: publishing API and keys, 'New alert' form, lifecycle job, demo
  // scanner. The seam for whoever reacts to alerts: alertSources.events.onAlertPublished(fn) after a
  // new alert is stored, alertSources.events.onTriggerCreated(fn) after the lifecycle stores a trigger.
  const alertSources = createAlertSources({ db, market, log, now, demoSeed: config.demoSeed });
  // New alerts and triggers notify their users: each hook queues a durable fan-out job (keyed, so a
  // hook run twice or by two processes notifies once). Late triggers (a catch-up) go to the inbox only.
  alertSources.events.onAlertPublished(({ alert }) => notifications.notifyAlertPublished(alert.id));
  alertSources.events.onTriggerCreated(({ trigger, late }) => notifications.notifyTrigger(trigger.id, { late }));
  const auth = createAuthService({
    repo: authRepo(db),
    users,
    rights,
    outbox,
    limiter: createRateLimiter(db, now),
    now,
    publicUrl: config.publicUrl,
  });
  userChanged.forget = auth.forgetUser;
  return {
    listener,
    rights,
    outbox,
    auth,
    profile: createProfileService({ users, rights, storage }),
    alertTypeStatus: createAlertTypeStatusService(db, rights),
    tradingMode: createTradingModeService(users),
    market: createMarketService({ provider: market }),
    resources: createResourcesService({ repo: resourcesRepo(db), storage, log }),
    live,
    notifications,
    alertsArea: createAlertsModule({ db, market, log, now, caches }),
    alertSources,
    researchTools: buildResearchTools(db, market, now),
    askDrat: createAskDratService({ market, filings: filings ?? createSimFilings({ now: () => market.now() }), now }),
  };
}
export type Modules = ReturnType<typeof buildModules>;

export async function registerModules(api: FastifyInstance, m: Modules): Promise<void> {
  await m.listener.start();
  api.addHook('onClose', () => m.listener.close());
  await api.register(authRoutes, { auth: m.auth });
  await api.register(profileRoutes, { profile: m.profile });
  await api.register(alertTypeStatusRoutes, { alertTypeStatus: m.alertTypeStatus });
  await api.register(tradingModeRoutes, { tradingMode: m.tradingMode });
  await api.register(marketRoutes, { market: m.market });
  await api.register(resourcesRoutes, { resources: m.resources });
  await api.register(notificationsRoutes, { notifications: m.notifications });
  await api.register(liveRoutes, { live: m.live, auth: m.auth });
  await registerAlertsRoutes(api, m.alertsArea);
  await registerAlertSourcesRoutes(api, m.alertSources);
  await api.register(askDratRoutes, { askDrat: m.askDrat });
  await api.register(dioneRoutes, { dione: m.researchTools.dione });
  await api.register(tradeIdeasRoutes, { tradeIdeas: m.researchTools.tradeIdeas });
}
