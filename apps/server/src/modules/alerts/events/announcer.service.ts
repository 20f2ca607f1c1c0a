import type { Logger } from 'pino';
import type { AlertTypesRepo } from '../types/alert-types.repo';
import type { AlertEvents, AlertPublishedEvent, TriggerCreatedEvent } from './alert-events';
import type { AnnouncerRepo } from './announcer.repo';

/** A trigger found this long after it happened is late: its trackers' inbox only (no e-mail or SMS). */
export const LATE_AFTER_MS = 15 * 60_000;
/** The sweep leaves a new row this long to the path that made it (market time). */
export const ANNOUNCE_GRACE_MS = 2 * 60_000;
/** Untold for longer than this, a row is stale news: marked told-of, not announced (market time). */
export const ANNOUNCE_STALE_MS = 24 * 60 * 60_000;
/** Rows per table the sweep takes per run. */
export const ANNOUNCE_SWEEP_BATCH = 200;

/**
 * Telling the listeners (notifications) of new alerts and triggers, at least once: rows are stored
 * with announced_at null, told of after their commit, and marked told-of only when every listener
 * succeeded. What a crash or a failed listener left untold, the sweep (the 'alerts.announce' job,
 * every minute) tells again; listeners are keyed, so telling twice writes nothing twice.
 */
export function createAnnouncer({
  repo,
  types,
  events,
  now,
  log,
}: {
  repo: AnnouncerRepo;
  types: Pick<AlertTypesRepo, 'byIds'>;
  events: AlertEvents;
  /** The market's clock: alerts and triggers are timed by it. */
  now: () => Date;
  log: Logger;
}) {
  async function alertPublished(event: AlertPublishedEvent): Promise<void> {
    if (await events.emitAlertPublished(event)) await repo.markAlerts([event.alert.id], now());
  }

  async function triggersCreated(list: TriggerCreatedEvent[]): Promise<void> {
    const told: number[] = [];
    for (const event of list) if (await events.emitTriggerCreated(event)) told.push(event.trigger.id);
    await repo.markTriggers(told, now());
  }

  /** One run of the sweep: what it told again, and what it only marked (stale, deleted, typeless). */
  async function sweep(): Promise<{ alerts: number; triggers: number; dropped: number }> {
    const at = now().getTime();
    const before = new Date(at - ANNOUNCE_GRACE_MS);
    const result = { alerts: 0, triggers: 0, dropped: 0 };

    const untoldAlerts = await repo.untoldAlerts(before, ANNOUNCE_SWEEP_BATCH);
    const alertTypesById = await types.byIds(untoldAlerts.map((a) => a.alertTypeId));
    const droppedAlerts: number[] = [];
    for (const alert of untoldAlerts) {
      const alertType = alertTypesById.get(alert.alertTypeId);
      if (!alertType || alert.deletedAt || at - alert.createdAt.getTime() > ANNOUNCE_STALE_MS) {
        droppedAlerts.push(alert.id);
        continue;
      }
      await alertPublished({ alert, alertType });
      result.alerts += 1;
    }

    const untoldTriggers = await repo.untoldTriggers(before, ANNOUNCE_SWEEP_BATCH);
    const triggerTypes = await types.byIds(untoldTriggers.map((r) => r.alert.alertTypeId));
    const droppedTriggers: number[] = [];
    const retold: TriggerCreatedEvent[] = [];
    for (const { trigger, alert } of untoldTriggers) {
      const alertType = triggerTypes.get(alert.alertTypeId);
      const age = at - trigger.occurredAt.getTime();
      if (!alertType || alert.deletedAt || age > ANNOUNCE_STALE_MS) droppedTriggers.push(trigger.id);
      else retold.push({ trigger, alert, alertType, late: age > LATE_AFTER_MS });
    }
    await triggersCreated(retold);
    result.triggers = retold.length;

    await repo.markAlerts(droppedAlerts, now());
    await repo.markTriggers(droppedTriggers, now());
    result.dropped = droppedAlerts.length + droppedTriggers.length;
    if (result.alerts + result.triggers + result.dropped > 0)
      log.warn(result, 'alert announcements: told again what was left untold');
    return result;
  }

  return { alertPublished, triggersCreated, sweep };
}
export type Announcer = ReturnType<typeof createAnnouncer>;
