import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type AlertDto } from '@drat/contracts';
import { alerts, planAlertTypes, plans, subscriptions } from './schema/index';
import { makeAlert, makeAlertType, makeUser, signIn, trackAlert, type TestAlert } from '../../test/factories';
import { eventually } from '../../test/eventually';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * The read caches with their production setting on (the harness turns them off): an alert page,
 * the caller's tracked alerts and their plans are served from memory, and forgotten when the
 * change feed (migration 0007's triggers → NOTIFY → the app's LISTEN connection) says their rows
 * changed, whoever changed them: these tests write straight to the database, as another process
 * would. The entries' life is a minute of the test clock, so only the feed (or a moved clock) can
 * make a change show.
 */
let t: TestApp;
const TTL_MS = 60_000;

beforeAll(async () => {
  t = await createTestApp({ config: { readCacheMs: TTL_MS } });
});
afterAll(async () => {
  await t?.close();
});

/** Runs `write` with the alerts trigger off: a change the feed never hears of. */
async function unheard(write: () => Promise<unknown>): Promise<void> {
  await t.db.execute(sql`alter table alerts disable trigger alerts_changed`);
  try {
    await write();
  } finally {
    await t.db.execute(sql`alter table alerts enable trigger alerts_changed`);
  }
}

const renameTicker = (alert: TestAlert, ticker: string) =>
  t.db.update(alerts).set({ ticker }).where(eq(alerts.id, alert.id));

async function page(token: string, type: string): Promise<AlertDto[]> {
  const res = await t.get(`/alerts?name=${type}&limit=15&offset=0`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().alerts;
}

/**
 * Reads the type's page (one alert) into memory and renames its ticker unheard; returns the ticker
 * the page keeps showing and the one stored. The setup's own NOTIFY may arrive after the first read
 * and clear it, so it retries until the page holds.
 */
async function heldInMemory(token: string, type: string, alert: TestAlert): Promise<{ shown: string; stored: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const shown = (await page(token, type))[0]!.ticker;
    const stored = `R${attempt}`;
    await unheard(() => renameTicker(alert, stored));
    if ((await page(token, type))[0]!.ticker === shown) return { shown, stored };
    if (attempt === 20) throw new Error('the page was never served from memory');
  }
}

async function signedIn(plans: string[] = ['elite-monthly']) {
  const user = await makeUser(t.db, { plans });
  return { id: user.id, token: await signIn(t.app, user) };
}

describe('alert pages', () => {
  it('are served from memory, and read again once the feed says alerts changed', async () => {
    const type = await makeAlertType(t.db, 'STOCKS');
    const me = await signedIn();
    const first = await makeAlert(t.db, { type: type.name, ticker: 'AAA', createdAt: new Date(Date.now() - 60_000) });
    const { shown, stored } = await heldInMemory(me.token, type.name, first);
    expect((await page(me.token, type.name)).map((a) => a.ticker)).toEqual([shown]);

    await makeAlert(t.db, { type: type.name, ticker: 'CCC' });
    await eventually(async () =>
      expect((await page(me.token, type.name)).map((a) => a.ticker)).toEqual(['CCC', stored]),
    );
  });

  it('are one for every caller of the type, each with their own tracked flags', async () => {
    const type = await makeAlertType(t.db, 'STOCKS');
    const alert = await makeAlert(t.db, { type: type.name });
    const [tracker, other] = [await signedIn(), await signedIn()];
    expect((await page(other.token, type.name))[0]!.tracked).toBe(false);

    // Through the API: the caller's next read sees it at once, without waiting for the feed.
    const res = await t.post('/alerts/add-alert-tracker/', { alert_id: alert.id }, { token: tracker.token });
    expect(res.statusCode, res.body).toBe(200);
    expect((await page(tracker.token, type.name))[0]!.tracked).toBe(true);
    expect((await page(other.token, type.name))[0]!.tracked).toBe(false);

    // Written elsewhere: seen once the feed says so.
    await trackAlert(t.db, other.id, alert);
    await eventually(async () => expect((await page(other.token, type.name))[0]!.tracked).toBe(true));
  });

  it('live at most their time to live on the app clock', async () => {
    const type = await makeAlertType(t.db, 'STOCKS');
    const me = await signedIn();
    const alert = await makeAlert(t.db, { type: type.name });
    const { shown, stored } = await heldInMemory(me.token, type.name, alert);
    t.clock.advance(TTL_MS - 1);
    expect((await page(me.token, type.name))[0]!.ticker).toBe(shown);

    t.clock.advance(2);
    expect((await page(me.token, type.name))[0]!.ticker).toBe(stored);
  });

  it('show a super user’s deletion to them at once', async () => {
    const type = await makeAlertType(t.db, 'STOCKS');
    const admin = await makeUser(t.db, { isSuper: true });
    const token = await signIn(t.app, admin);
    const [kept, gone] = [await makeAlert(t.db, { type: type.name }), await makeAlert(t.db, { type: type.name })];
    expect(await page(token, type.name)).toHaveLength(2);
    const res = await t.inject({
      method: 'DELETE',
      url: `/api/alerts/batch-delete?type=soft&alert_ids=${gone.id}`,
      headers: { authorization: `Token ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await page(token, type.name)).map((a) => a.id)).toEqual([kept.id]);
  });
});

describe('plans behind the rights', () => {
  it('a subscription ended elsewhere closes its alert types (401: access lapsed)', async () => {
    const me = await signedIn(['stocks-monthly']);
    expect((await t.get('/alerts?name=SWING-ALERTS&limit=15&offset=0', { token: me.token })).statusCode).toBe(200);

    await t.db.delete(subscriptions).where(eq(subscriptions.userId, me.id));
    await eventually(async () => {
      const res = await t.get('/alerts?name=SWING-ALERTS&limit=15&offset=0', { token: me.token });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({ detail: MSG.accountInactiveOrExpired });
    });
  });

  it('a type added to a plan opens for the plan’s subscribers', async () => {
    const me = await signedIn(['basic-monthly']);
    const type = await makeAlertType(t.db, 'OPTIONS'); // Basic gives no OPTIONS type
    const url = `/alerts?name=${type.name}&limit=15&offset=0`;
    expect((await t.get(url, { token: me.token })).statusCode).toBe(403);

    const [basic] = await t.db.select({ id: plans.id }).from(plans).where(eq(plans.code, 'basic-monthly'));
    await t.db.insert(planAlertTypes).values({ planId: basic!.id, alertTypeId: type.id });
    await eventually(async () => {
      const res = await t.get(url, { token: me.token });
      expect(res.statusCode, res.body).toBe(200);
    });
    await t.db
      .delete(planAlertTypes)
      .where(and(eq(planAlertTypes.planId, basic!.id), eq(planAlertTypes.alertTypeId, type.id)));
  });
});

// Last: it drops the app's LISTEN connection.
describe('a lost change feed', () => {
  it('caches forget everything when the LISTEN connection is lost, as changes may have gone unheard', async () => {
    const me = await signedIn();
    const [typeA, typeB] = [await makeAlertType(t.db, 'STOCKS'), await makeAlertType(t.db, 'STOCKS')];
    const [alertA, alertB] = [await makeAlert(t.db, { type: typeA.name }), await makeAlert(t.db, { type: typeB.name })];
    const { stored } = await heldInMemory(me.token, typeA.name, alertA);

    const killed = await t.database.pool.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'drat-live' and datname = current_database()",
    );
    expect(killed.rowCount).toBe(1);
    // Back on the feed once pages are held in memory again (until then every read is fresh).
    await eventually(async () => {
      await heldInMemory(me.token, typeB.name, alertB);
    });
    // What was held before the loss is not served again.
    expect((await page(me.token, typeA.name))[0]!.ticker).toBe(stored);
  });
});
