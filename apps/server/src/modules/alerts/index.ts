/**
 * The alert area (1-core §2-§9, 2-trading §9 notes, 3-bots-admin-public §2.7): where alerts come
 * from, how they move, and how subscribers read them. Sub-folders, each routes → service → repo:
 *
 * - feed/        the alert lists, search, completed alerts, the live-price view, soft deletion
 * - triggers/    what happened to alerts (BUY_RANGE, TARGET_1 ...), lists and search
 * - trackers/    each user's tracked alerts ('Trade Alert Trackers')
 * - publishing/  the publishing API and its keys, the super users' 'New alert' form
 * - lifecycle/   the minute job that follows open alerts with @drat/engine's rules
 * - scanner/     the demo mode's alert source (publishes as the 'DRAT Scanner' publisher)
 * - events/      the seam to whoever reacts to new alerts and triggers (notifications), told at least once
 * - types/       alert types: super users' notes and notification switches, each user's opt-outs
 *
 * Other areas use only what this file exports.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { CacheDeps } from '../../db/read-cache';
import { requireRight } from '../../http/auth';
import type { MarketDataProvider } from '../../providers/market/interface';
import type { RightsService } from '../rights';
import { createAlertEvents } from './events/alert-events';
import { announcerRepo } from './events/announcer.repo';
import { createAnnouncer } from './events/announcer.service';
import { feedRepo } from './feed/feed.repo';
import { feedRoutes, completedAlertsRoutes } from './feed/feed.routes';
import { createFeedService } from './feed/feed.service';
import { lifecycleRepo } from './lifecycle/lifecycle.repo';
import { createLifecycleService } from './lifecycle/lifecycle.service';
import { publishRepo } from './publishing/publish.repo';
import { alertsPublishRoutes } from './publishing/publish.routes';
import { createPublishService } from './publishing/publish.service';
import { publishersRepo } from './publishing/publishers.repo';
import { createPublishersService } from './publishing/publishers.service';
import { scannerRepo } from './scanner/scanner.repo';
import { createScannerService } from './scanner/scanner.service';
import { trackersRepo } from './trackers/trackers.repo';
import { trackersRoutes } from './trackers/trackers.routes';
import { createTrackersService } from './trackers/trackers.service';
import { triggersRepo } from './triggers/triggers.repo';
import { triggersRoutes } from './triggers/triggers.routes';
import { createTriggersService } from './triggers/triggers.service';
import { alertTypesRepo } from './types/alert-types.repo';
import { alertTypesAdminRoutes } from './types/alert-types.routes';
import { createAlertTypesAdminService } from './types/alert-types.service';
import { optOutsRepo } from './types/opt-outs.repo';
import { optOutsRoutes } from './types/opt-outs.routes';
import { createOptOutsService } from './types/opt-outs.service';

export type { AlertEvents, AlertPublishedEvent, TriggerCreatedEvent } from './events/alert-events';
export { startAlertJobs } from './alerts.jobs';

export interface AlertsAreaDeps {
  db: Db;
  market: MarketDataProvider;
  rights: RightsService;
  log: Logger;
  now: () => Date;
  /** The demo scanner runs only in demo mode (DEMO_SEED). */
  demoSeed: boolean;
  /** Read caches for the pages and tracked alerts (off when absent). */
  caches?: CacheDeps;
}

/**
 * Builds the area once. The seam for whoever reacts to alerts: `events.onAlertPublished(fn)` after
 * a new alert is stored, `events.onTriggerCreated(fn)` after the lifecycle stores a trigger.
 */
export function createAlertsArea({ db, market, rights, log, now, caches, demoSeed }: AlertsAreaDeps) {
  const types = alertTypesRepo(db);
  const events = createAlertEvents(log);
  // One announcer tells the listeners of every new alert and trigger, and its sweep (the
  // 'alerts.announce' job) tells again what a crash or a failed listener left untold.
  const announcer = createAnnouncer({
    repo: announcerRepo(db),
    types,
    events,
    now: () => market.now(),
    log: log.child({ area: 'alerts.announce' }),
  });
  const feed = createFeedService({ repo: feedRepo(db), market, log, now, caches });
  const triggers = createTriggersService(triggersRepo(db));
  const trackers = createTrackersService(trackersRepo(db), feed, triggers);
  const publishers = createPublishersService(publishersRepo(db), now);
  const publish = createPublishService({ repo: publishRepo(db), types, market, announcer });
  const lifecycle = createLifecycleService({
    repo: lifecycleRepo(db),
    types,
    market,
    announcer,
    log: log.child({ area: 'alerts.lifecycle' }),
  });
  const scanner = createScannerService({
    repo: scannerRepo(db),
    types,
    market,
    publish,
    publishers,
    log: log.child({ area: 'alerts.scanner' }),
    enabled: demoSeed,
  });
  return {
    events,
    announcer,
    feed,
    triggers,
    trackers,
    publishers,
    publish,
    lifecycle,
    scanner,
    typesAdmin: createAlertTypesAdminService(types),
    optOuts: createOptOutsService(optOutsRepo(db), rights),
  };
}
export type AlertsArea = ReturnType<typeof createAlertsArea>;

/**
 * Who may call (1-core §6): the lists, triggers and trackers need AA; completed alerts only a
 * signed-in user whose plans give the type; publishing needs an API key (or is_super for the form);
 * alert-type administration needs is_super; the opt-outs are the caller's own.
 */
export async function registerAlertsRoutes(api: FastifyInstance, area: AlertsArea): Promise<void> {
  await api.register(async (aa) => {
    aa.addHook('onRequest', requireRight('AA'));
    await aa.register(feedRoutes, { alerts: area.feed });
    await aa.register(triggersRoutes, { triggers: area.triggers });
    await aa.register(trackersRoutes, { trackers: area.trackers });
  });
  await api.register(completedAlertsRoutes, { alerts: area.feed });
  await api.register(alertsPublishRoutes, { publish: area.publish, publishers: area.publishers });
  await api.register(alertTypesAdminRoutes, { alertTypesAdmin: area.typesAdmin });
  await api.register(optOutsRoutes, { optOuts: area.optOuts });
}
