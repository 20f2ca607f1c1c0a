import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gt, isNotNull } from 'drizzle-orm';
import { alertCategories, alertPublishers, alerts, alertTriggers, alertTypes } from '../../../db/schema/index';
import { startAlertJobs } from '../../../jobs/workers';
import { createSimMarket } from '../../../providers/market/sim/index';
import { createTestApp, type TestApp } from '../../../../test/harness';
import type { AlertPublishedEvent } from '../events/alert-events';
import { BACKFILL_HOURS, SCANNER_PUBLISHER } from './scanner.service';

// Wednesday 2026-03-11, 15:00 UTC; the demo market trades around the clock.
const NOW = Date.UTC(2026, 2, 11, 15, 0);
let wall = NOW;
const market = createSimMarket({ seed: 'drat-test', speed: 1, alwaysOpen: true, wallClock: () => wall });
let t: TestApp;
const published: AlertPublishedEvent[] = [];

beforeAll(async () => {
  t = await createTestApp({ market, config: { demoSeed: true } });
  t.modules.alerts.events.onAlertPublished((e) => {
    published.push(e);
  });
});
afterAll(async () => {
  await t?.close();
});

async function scannerAlerts() {
  return t.db
    .select({ alert: alerts, type: alertTypes.name, category: alertCategories.name })
    .from(alerts)
    .innerJoin(alertPublishers, eq(alertPublishers.id, alerts.publisherId))
    .innerJoin(alertTypes, eq(alertTypes.id, alerts.alertTypeId))
    .innerJoin(alertCategories, eq(alertCategories.id, alertTypes.categoryId))
    .where(eq(alertPublishers.name, SCANNER_PUBLISHER));
}

describe('the demo scanner', () => {
  it('backfills a history with alerts of every alert type, told to no one', async () => {
    const res = await t.modules.alerts.scanner.backfill(24);
    expect(res.published).toBeGreaterThan(40);
    const rows = await scannerAlerts();
    expect(rows.length).toBe(res.published);
    const types = await t.db.select({ name: alertTypes.name }).from(alertTypes);
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(types.map((x) => x.name)));
    expect(published).toEqual([]);
    // Made in the past (at their slot), and left for the lifecycle to play through.
    for (const { alert } of rows) {
      expect(alert.createdAt.getTime()).toBeLessThanOrEqual(NOW - 3_600_000);
      expect(alert.createdAt.getTime()).toBeGreaterThan(NOW - 26 * 3_600_000);
      expect(alert.evaluatedThrough).toBeNull();
    }
    const [pub] = await t.db.select().from(alertPublishers).where(eq(alertPublishers.name, SCANNER_PUBLISHER));
    expect(pub).toMatchObject({ revokedAt: null });
  });

  it('makes realistic alerts: ordered levels, ratings 1-5, embeds with <->, options with listed contracts, OTC tickers for OTC types', async () => {
    const rows = await scannerAlerts();
    const companies = new Map(
      (await Promise.all((await market.universe()).map((s) => market.company(s)))).map((c) => [c!.symbol, c!]),
    );
    for (const { alert: a, type, category } of rows) {
      const [stop, bl, bh, tl, th] = [
        a.stopLoss,
        a.buyRangeLow,
        a.buyRangeHigh,
        a.targetRangeLow,
        a.targetRangeHigh,
      ].map(Number) as [number, number, number, number, number];
      expect(stop).toBeGreaterThan(0);
      expect(stop < bl && bl < bh && bh < tl && tl < th, `${type} ${a.ticker}`).toBe(true);
      expect(a.rating).toBeGreaterThanOrEqual(1);
      expect(a.rating).toBeLessThanOrEqual(5);
      expect(Number(a.riskPercent)).toBeGreaterThan(0);
      expect(Number(a.rewardPercent)).toBeGreaterThan(0);
      const fields = a.embeds.flatMap((e) => e.fields);
      expect(fields.map((f) => f.label)).toEqual(expect.arrayContaining(['Setup', 'Risk vs Reward', 'Notes']));
      expect(fields.some((f) => f.value.includes(' <-> '))).toBe(true);
      expect(a.companyName).toBe(companies.get(a.ticker)!.name);
      if (category === 'OTC') expect(companies.get(a.ticker)!.type).toBe('otc');
      else expect(companies.get(a.ticker)!.type).not.toBe('otc');
      if (category === 'OPTIONS') {
        expect(['BUY CALL', 'BUY PUT', 'STRANGLE', 'STRADDLE']).toContain(a.strategy);
        const expiration = a.singleExpiration ?? a.legOneExpiration!;
        const strikes = await market.optionStrikes(a.ticker, expiration);
        for (const k of [a.singleStrike, a.legOneStrike, a.legTwoStrike].filter((x) => x !== null))
          expect(strikes).toContain(Number(k));
        if (a.strategy === 'STRANGLE') expect(Number(a.legOneStrike)).toBeGreaterThan(Number(a.legTwoStrike));
        if (a.strategy === 'STRADDLE') expect(a.legOneStrike).toBe(a.legTwoStrike);
      }
    }
    expect(new Set(rows.filter((r) => r.category === 'OPTIONS').map((r) => r.alert.strategy)).size).toBeGreaterThan(1);
  });

  it('is idempotent: running the backfill again publishes nothing', async () => {
    const before = (await scannerAlerts()).length;
    const res = await t.modules.alerts.scanner.backfill(24);
    expect(res.published).toBe(0);
    expect((await scannerAlerts()).length).toBe(before);
  });

  it('the live run publishes the due slots of the last hours a few an hour, and tells the listeners', async () => {
    const res = await t.modules.alerts.scanner.run();
    expect(res.published).toBeGreaterThan(0);
    expect(res.published).toBeLessThanOrEqual(3 * 6);
    expect(published.length).toBe(res.published);
    for (const e of published) expect(e.alert.createdAt.getTime()).toBeLessThanOrEqual(NOW);
    expect((await t.modules.alerts.scanner.run()).published).toBe(0);
  });

  it('the lifecycle plays the history through: some alerts are entered, some completed, with triggers', async () => {
    const res = await t.modules.alerts.lifecycle.run({ through: new Date(NOW) });
    expect(res.triggers).toBeGreaterThan(0);
    const one = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
    const completed = await one(t.db.select({ n: count() }).from(alerts).where(eq(alerts.completed, true)));
    const entered = await one(t.db.select({ n: count() }).from(alerts).where(isNotNull(alerts.enteredAt)));
    const triggers = await one(t.db.select({ n: count() }).from(alertTriggers));
    expect(entered).toBeGreaterThan(10);
    expect(completed).toBeGreaterThan(3);
    expect(triggers).toBeGreaterThan(entered);
  });

  it('stops publishing when its publisher is revoked', async () => {
    await t.db
      .update(alertPublishers)
      .set({ revokedAt: new Date() })
      .where(eq(alertPublishers.name, SCANNER_PUBLISHER));
    wall = NOW + 6 * 3_600_000;
    expect((await t.modules.alerts.scanner.run()).published).toBe(0);
    await t.db.update(alertPublishers).set({ revokedAt: null }).where(eq(alertPublishers.name, SCANNER_PUBLISHER));
    wall = NOW;
  });
});

describe('the alert jobs on pg-boss', () => {
  it('the lifecycle and scanner queues run their services (the scanner backfills at start)', async () => {
    const before = (await scannerAlerts()).length;
    wall = NOW + 2 * 3_600_000;
    await startAlertJobs(t.jobs, t.modules.alerts);
    await t.jobs.send('alerts.lifecycle', {});
    const deadline = Date.now() + 20_000;
    let after = before;
    let evaluated = 0;
    while (Date.now() < deadline) {
      after = (await scannerAlerts()).length;
      const [row] = await t.db
        .select({ n: count() })
        .from(alerts)
        .where(and(isNotNull(alerts.evaluatedThrough), gt(alerts.evaluatedThrough, new Date(NOW))));
      evaluated = row!.n;
      if (after > before && evaluated > 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(after).toBeGreaterThan(before);
    expect(evaluated).toBeGreaterThan(0);
    expect(BACKFILL_HOURS).toBe(72);
    wall = NOW;
  }, 30_000);
});
