import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { MarketDataProvider } from '../../providers/market/interface';
import { createLifecycleService } from '../alerts-lifecycle/lifecycle.service';
import { createScannerService } from '../alerts-scanner/scanner.service';
import { createAlertEvents } from './alert-events';
import { createAnnouncer } from './announce';
import { alertsPublishRoutes } from './publish.routes';
import { createPublishersService } from './publishers.service';
import { createPublishService } from './publish.service';

export type { AlertEvents, AlertPublishedEvent, TriggerCreatedEvent } from './alert-events';

export interface AlertSourcesDeps {
  db: Db;
  market: MarketDataProvider;
  log: Logger;
  now: () => Date;
  /** The demo scanner runs only in demo mode. */
  demoSeed: boolean;
}

/**
 * Where alerts come from and how they move (issue 4): the publishing API and its keys, the 'New
 * alert' form, the lifecycle job and the demo scanner, around one event seam (`events`):
 * `events.onAlertPublished(fn)` after a new alert is stored, `events.onTriggerCreated(fn)` after the
 * lifecycle stores a trigger.
 */
export function createAlertSources({ db, market, log, now, demoSeed }: AlertSourcesDeps) {
  const events = createAlertEvents(log);
  const publishers = createPublishersService(db, now);
  const publish = createPublishService({ db, market, events, log });
  const lifecycle = createLifecycleService({ db, market, events, log: log.child({ area: 'alerts.lifecycle' }) });
  const scanner = createScannerService({
    db,
    market,
    publish,
    publishers,
    log: log.child({ area: 'alerts.scanner' }),
    enabled: demoSeed,
  });
  // Tells again what a crash or a failed listener left untold (the 'alerts.announce' job).
  const announcer = createAnnouncer({
    db,
    events,
    now: () => market.now(),
    log: log.child({ area: 'alerts.announce' }),
  });
  return { events, publishers, publish, lifecycle, scanner, announcer };
}
export type AlertSources = ReturnType<typeof createAlertSources>;

export async function registerAlertSourcesRoutes(api: FastifyInstance, m: AlertSources): Promise<void> {
  await api.register(alertsPublishRoutes, { publish: m.publish, publishers: m.publishers });
}
