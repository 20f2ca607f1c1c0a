import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { CacheDeps } from '../../db/read-cache';
import { requireRight } from '../../http/auth';
import type { MarketDataProvider } from '../../providers/market/interface';
import { alertTypesAdminRoutes } from './alert-types-admin.routes';
import { createAlertTypesAdminService } from './alert-types-admin.service';
import { alertsRoutes, completedAlertsRoutes } from './alerts.routes';
import { createAlertsService } from './alerts.service';
import { trackersRoutes } from './trackers.routes';
import { createTrackersService } from './trackers.service';
import { triggersRoutes } from './triggers.routes';
import { createTriggersService } from './triggers.service';

export interface AlertsModuleDeps {
  db: Db;
  market: MarketDataProvider;
  log: Logger;
  now: () => Date;
  caches?: CacheDeps;
}

/** The read side of the alert area: lists, search, completed alerts, triggers, trackers, alert-type admin. */
export function createAlertsModule(deps: AlertsModuleDeps) {
  const alerts = createAlertsService(deps);
  const triggers = createTriggersService(deps.db);
  const trackers = createTrackersService(deps.db, alerts, triggers);
  const alertTypesAdmin = createAlertTypesAdminService(deps.db);
  return { alerts, triggers, trackers, alertTypesAdmin };
}
export type AlertsModule = ReturnType<typeof createAlertsModule>;

/**
 * The lists, triggers and trackers need the AA right (1-core §6); completed alerts only a signed-in
 * user whose plans give the type; alert-type administration needs is_super.
 */
export async function registerAlertsRoutes(api: FastifyInstance, m: AlertsModule): Promise<void> {
  await api.register(async (area) => {
    area.addHook('onRequest', requireRight('AA'));
    await area.register(alertsRoutes, { alerts: m.alerts });
    await area.register(triggersRoutes, { triggers: m.triggers });
    await area.register(trackersRoutes, { trackers: m.trackers });
  });
  await api.register(completedAlertsRoutes, { alerts: m.alerts });
  await api.register(alertTypesAdminRoutes, { alertTypesAdmin: m.alertTypesAdmin });
}
