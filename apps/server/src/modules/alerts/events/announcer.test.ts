import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createAlertBody } from '@drat/contracts';
import { alerts, alertTriggers } from '../../../db/schema/index';
import { makeAlert, makeTrigger } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { SAMPLE_STOCK_ALERT } from '../../../../test/sample-alerts';
import type { AlertPublishedEvent, TriggerCreatedEvent } from './alert-events';
import { ANNOUNCE_GRACE_MS, ANNOUNCE_STALE_MS, LATE_AFTER_MS } from './announcer.service';

/**
 * New alerts and triggers reach their listeners (notifications) at least once: a row is marked
 * told-of only after every listener succeeded, and the announce sweep tells again what a crash or
 * a failed listener left untold. Rows are timed by the market's clock.
 */
let t: TestApp;
const heardAlerts: AlertPublishedEvent[] = [];
const heardTriggers: TriggerCreatedEvent[] = [];
/** Set to make the next listener call fail, as a queue that is down would. */
let failNext = false;

beforeAll(async () => {
  t = await createTestApp();
  const { events } = t.modules.alerts;
  events.onAlertPublished((e) => {
    if (failNext) {
      failNext = false;
      throw new Error('queue down');
    }
    heardAlerts.push(e);
  });
  events.onTriggerCreated((e) => {
    heardTriggers.push(e);
  });
});
afterAll(async () => {
  await t?.close();
});

const ago = (ms: number) => new Date(t.market.now().getTime() - ms);
const sweep = () => t.modules.alerts.announcer.sweep();
const announcedAt = async (id: number) =>
  (await t.db.select({ at: alerts.announcedAt }).from(alerts).where(eq(alerts.id, id)))[0]!.at;
const heardAlert = (id: number) => heardAlerts.filter((e) => e.alert.id === id).length;

const publish = (silent = false) =>
  t.modules.alerts.publish.publish(createAlertBody.parse(SAMPLE_STOCK_ALERT), {
    publisherId: null,
    externalId: null,
    silent,
  });

describe('publishing', () => {
  it('tells the listeners, then marks the alert told-of', async () => {
    const { alert } = await publish();
    expect(heardAlert(alert.id)).toBe(1);
    expect(await announcedAt(alert.id)).not.toBeNull();
  });

  it('a failed listener leaves the alert untold, for the sweep', async () => {
    failNext = true;
    const { alert } = await publish();
    expect(heardAlert(alert.id)).toBe(0);
    expect(await announcedAt(alert.id)).toBeNull();

    await sweep(); // within the grace: left to the path that made it
    expect(heardAlert(alert.id)).toBe(0);

    await t.db
      .update(alerts)
      .set({ createdAt: ago(ANNOUNCE_GRACE_MS + 1000) })
      .where(eq(alerts.id, alert.id));
    await sweep();
    expect(heardAlert(alert.id)).toBe(1);
    expect(await announcedAt(alert.id)).not.toBeNull();
  });

  it('the scanner’s history backfill is born told-of and tells no one', async () => {
    const { alert } = await publish(true);
    expect(heardAlert(alert.id)).toBe(0);
    expect(await announcedAt(alert.id)).not.toBeNull();
  });
});

describe('the announce sweep', () => {
  it('tells an alert a crash left untold once, and marks it', async () => {
    const alert = await makeAlert(t.db, { unannounced: true, createdAt: ago(5 * 60_000) });
    const first = await sweep();
    expect(first.alerts).toBeGreaterThanOrEqual(1);
    expect(heardAlert(alert.id)).toBe(1);
    expect(heardAlerts.find((e) => e.alert.id === alert.id)!.alertType).toMatchObject({
      name: 'SWING-ALERTS',
      category: 'STOCKS',
    });
    expect(await announcedAt(alert.id)).not.toBeNull();

    await sweep();
    expect(heardAlert(alert.id)).toBe(1);
  });

  it('only marks what is stale news or deleted', async () => {
    const stale = await makeAlert(t.db, { unannounced: true, createdAt: ago(ANNOUNCE_STALE_MS + 60_000) });
    const deleted = await makeAlert(t.db, { unannounced: true, deleted: true, createdAt: ago(5 * 60_000) });
    await sweep();
    for (const alert of [stale, deleted]) {
      expect(heardAlert(alert.id)).toBe(0);
      expect(await announcedAt(alert.id)).not.toBeNull();
    }
  });

  it('tells untold triggers, late when they happened long before', async () => {
    const alert = await makeAlert(t.db, { createdAt: ago(3 * 60 * 60_000) });
    const early = await makeTrigger(t.db, alert, {
      kind: 'BUY_RANGE',
      unannounced: true,
      occurredAt: ago(LATE_AFTER_MS + 60_000),
      createdAt: ago(LATE_AFTER_MS + 60_000),
    });
    const recent = await makeTrigger(t.db, alert, {
      kind: 'TARGET_1',
      unannounced: true,
      occurredAt: ago(ANNOUNCE_GRACE_MS + 60_000),
      createdAt: ago(ANNOUNCE_GRACE_MS + 60_000),
    });
    await sweep();
    const heard = heardTriggers.filter((e) => e.alert.id === alert.id);
    expect(heard.map((e) => [e.trigger.id, e.late])).toEqual([
      [early.id, true],
      [recent.id, false],
    ]);
    const rows = await t.db
      .select({ at: alertTriggers.announcedAt })
      .from(alertTriggers)
      .where(inArray(alertTriggers.id, [early.id, recent.id]));
    expect(rows.every((r) => r.at !== null)).toBe(true);

    await sweep();
    expect(heardTriggers.filter((e) => e.alert.id === alert.id)).toHaveLength(2);
  });
});
