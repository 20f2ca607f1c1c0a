import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { alerts, alertTriggers } from '../../../db/schema/index';
import type { AlertRecord, TriggerRecord } from './alert-events';

/** The told-of marks (announced_at) of alerts and triggers. */
export function announcerRepo(db: Db) {
  const mark = (table: typeof alerts | typeof alertTriggers, ids: number[], at: Date) =>
    ids.length === 0
      ? Promise.resolve()
      : db
          .update(table)
          .set({ announcedAt: at })
          .where(and(inArray(table.id, ids), isNull(table.announcedAt)))
          .then(() => undefined);

  return {
    /** Marks alerts told of (those still untold). */
    markAlerts: (ids: number[], at: Date) => mark(alerts, ids, at),
    /** Marks triggers told of (those still untold). */
    markTriggers: (ids: number[], at: Date) => mark(alertTriggers, ids, at),

    /** Untold alerts made before `before`, oldest first. */
    untoldAlerts: (before: Date, limit: number): Promise<AlertRecord[]> =>
      db
        .select()
        .from(alerts)
        .where(and(isNull(alerts.announcedAt), lt(alerts.createdAt, before)))
        .orderBy(asc(alerts.id))
        .limit(limit),

    /** Untold triggers stored before `before`, with their alerts, in the order they happened. */
    untoldTriggers: (before: Date, limit: number): Promise<{ trigger: TriggerRecord; alert: AlertRecord }[]> =>
      db
        .select({ trigger: alertTriggers, alert: alerts })
        .from(alertTriggers)
        .innerJoin(alerts, eq(alerts.id, alertTriggers.alertId))
        .where(and(isNull(alertTriggers.announcedAt), lt(alertTriggers.createdAt, before)))
        .orderBy(asc(alertTriggers.occurredAt), asc(alertTriggers.id))
        .limit(limit),
  };
}
export type AnnouncerRepo = ReturnType<typeof announcerRepo>;
