import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ALERT_MSG, type TrackerDto } from '@drat/contracts';
import { alertTrackers, plans, subscriptions } from '../../../db/schema/index';
import {
  makeAlert,
  makeAlertType,
  makeTrigger,
  makeUser,
  signIn,
  trackAlert,
  type MakeUserOptions,
} from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';

let t: TestApp;

async function signedIn(options: MakeUserOptions = {}) {
  const user = await makeUser(t.db, options);
  return { id: user.id, token: await signIn(t.app, user) };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const track = (token: string, body: unknown) => t.post('/alerts/add-alert-tracker/', body, { token });
const trackers = async (token: string): Promise<TrackerDto[]> => {
  const res = await t.get('/alerts/trackers', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const rowsOf = (userId: number) => t.db.select().from(alertTrackers).where(eq(alertTrackers.userId, userId));

describe('POST /api/alerts/add-alert-tracker/', () => {
  it('tracks the alert; the list and GET /alerts say so', async () => {
    const me = await signedIn();
    const type = await makeAlertType(t.db, 'STOCKS');
    const a = await makeAlert(t.db, { type: type.name, ticker: 'TRKA', alertPrice: 10, targetRangeHigh: 12 });
    const res = await track(me.token, { alert_type: type.name, ticker: 'TRKA', alert_id: a.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ alert_id: a.id, ticker: 'TRKA', progress: 0, has_alert: true });
    expect((await trackers(me.token)).map((x) => x.alert_id)).toEqual([a.id]);
    const listed = (await t.get(`/alerts?name=${type.name}`, { token: me.token })).json().alerts;
    expect(listed[0].tracked).toBe(true);
  });

  it('tracking twice keeps one tracker (same id)', async () => {
    const me = await signedIn();
    const a = await makeAlert(t.db, { ticker: 'TRKB' });
    const first = (await track(me.token, { alert_id: a.id })).json().data.id;
    const second = await track(me.token, { alert_type: 'SWING-ALERTS', ticker: 'trkb', alert_id: a.id });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.id).toBe(first);
    expect(await rowsOf(me.id)).toHaveLength(1);
  });

  it('alert_type may be the type id', async () => {
    const me = await signedIn();
    const a = await makeAlert(t.db, { ticker: 'TRKID' });
    expect((await track(me.token, { alert_type: a.alertTypeId, alert_id: a.id })).statusCode).toBe(200);
  });

  it.each([
    ['a ticker that is not the alert’s', { ticker: 'OTHER' }],
    ['a type that is not the alert’s', { alert_type: 'DAY-TRADE-ALERTS' }],
  ])('%s: 400 Invalid parameters, nothing tracked', async (_label, extra) => {
    const me = await signedIn();
    const a = await makeAlert(t.db, { ticker: 'TRKC' });
    const res = await track(me.token, { alert_id: a.id, ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ALERT_MSG.invalidParameters);
    expect(await rowsOf(me.id)).toHaveLength(0);
  });

  it('an alert of a type outside the plans: 403; unknown or deleted: 404', async () => {
    const me = await signedIn({ plans: ['stocks-monthly'] });
    const options = await makeAlert(t.db, { type: 'OPTIONS-ALERTS', ticker: 'TRKO' });
    const denied = await track(me.token, { alert_id: options.id });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toBe(ALERT_MSG.noPermissionAlerts('OPTIONS-ALERTS'));
    expect((await track(me.token, { alert_id: 99999999 })).statusCode).toBe(404);
    const gone = await makeAlert(t.db, { ticker: 'TRKG', deleted: true });
    expect((await track(me.token, { alert_id: gone.id })).statusCode).toBe(404);
    expect(await rowsOf(me.id)).toHaveLength(0);
  });

  it.each([
    ['no alert_id', {}],
    ['a string alert_id', { alert_id: 'one' }],
    ['alert_id 0', { alert_id: 0 }],
  ])('%s: 400', async (_label, body) => {
    const me = await signedIn();
    expect((await track(me.token, body)).statusCode).toBe(400);
  });

  it('no token: 401', async () => {
    expect((await t.post('/alerts/add-alert-tracker/', { alert_id: 1 })).statusCode).toBe(401);
  });
});

describe('GET /api/alerts/trackers', () => {
  it('the tracker fields of 1-core §3 with progress, newest tracked first, own trackers only', async () => {
    const me = await signedIn();
    const someone = await signedIn();
    const type = await makeAlertType(t.db, 'STOCKS');
    const fresh = await makeAlert(t.db, {
      type: type.name,
      ticker: 'PG0',
      alertPrice: 100,
      targetRangeLow: 110,
      targetRangeHigh: 120,
    });
    const quarter = await makeAlert(t.db, {
      type: type.name,
      ticker: 'PG25',
      alertPrice: 100,
      targetRangeHigh: 120,
      latestPrice: 105,
      createdAt: new Date('2026-02-02T15:00:00Z'),
    });
    const done = await makeAlert(t.db, {
      type: type.name,
      ticker: 'PG100',
      alertPrice: 100,
      targetRangeHigh: 120,
      latestPrice: 119,
      exitPrice: 121,
      completed: true,
      completedStatus: 'TARGET 2',
    });
    const stopped = await makeAlert(t.db, {
      type: type.name,
      ticker: 'PGSTOP',
      alertPrice: 100,
      targetRangeHigh: 120,
      latestPrice: 104,
      exitPrice: 90,
      completed: true,
      completedStatus: 'STOP',
    });
    await makeTrigger(t.db, quarter, {
      kind: 'BUY_RANGE',
      note: 'PG25 entered the buy range',
      createdAt: new Date('2026-02-03T15:00:00Z'),
    });
    const latestAt = new Date('2026-02-04T15:00:00Z');
    await makeTrigger(t.db, quarter, { kind: 'TARGET_1', note: 'PG25 target 1 reached +10%', createdAt: latestAt });
    for (const a of [fresh, quarter, done, stopped]) {
      expect((await track(me.token, { alert_id: a.id })).statusCode).toBe(200);
    }
    await trackAlert(t.db, someone.id, fresh);

    const list = await trackers(me.token);
    expect(list.map((x) => [x.ticker, x.progress])).toEqual([
      ['PGSTOP', 0],
      ['PG100', 100],
      ['PG25', 25],
      ['PG0', 0],
    ]);
    const q = list.find((x) => x.ticker === 'PG25')!;
    const [row] = await t.db
      .select()
      .from(alertTrackers)
      .where(and(eq(alertTrackers.userId, me.id), eq(alertTrackers.alertId, quarter.id)));
    expect(q).toEqual<TrackerDto>({
      id: row!.id,
      alert_id: quarter.id,
      alert_date: '2026-02-02T15:00:00.000Z',
      ticker: 'PG25',
      updated_date: latestAt.toISOString(),
      trigger_note: 'PG25 target 1 reached +10%',
      last_price: 105,
      target_range_low: 110,
      target_range_high: 120,
      progress: 25,
      has_alert: true,
      alert_type: type.name,
      category: 'STOCKS',
      alert_price: 100,
      stop_loss: 90,
      completed_status: 'ONGOING',
    });
    const untriggered = list.find((x) => x.ticker === 'PG0')!;
    expect(untriggered.trigger_note).toBe('');
    expect(untriggered.last_price).toBeNull();
    expect((await trackers(someone.token)).map((x) => x.ticker)).toEqual(['PG0']);
  });

  it('a tracked alert that is soft-deleted, or whose type left the plans, is not listed', async () => {
    const me = await signedIn({ plans: ['stocks-monthly', 'options-monthly'] });
    const stock = await makeAlert(t.db, { ticker: 'TRKS' });
    const option = await makeAlert(t.db, { type: 'OPTIONS-ALERTS', ticker: 'TRKOP' });
    const doomed = await makeAlert(t.db, { ticker: 'TRKD' });
    for (const a of [stock, option, doomed]) await trackAlert(t.db, me.id, a);
    const admin = await signedIn({ isSuper: true, plans: [] });
    await t.inject({
      method: 'DELETE',
      url: `/api/alerts/batch-delete?type=soft&alert_ids=${doomed.id}`,
      headers: { authorization: `Token ${admin.token}` },
    });
    const [optionsPlan] = await t.db.select().from(plans).where(eq(plans.code, 'options-monthly'));
    await t.db
      .delete(subscriptions)
      .where(and(eq(subscriptions.userId, me.id), eq(subscriptions.planId, optionsPlan!.id)));
    const tickers = (await trackers(me.token)).map((x) => x.ticker);
    expect(tickers).toEqual(['TRKS']);
    expect(await rowsOf(me.id)).toHaveLength(3); // nothing was removed
  });

  it('no token: 401', async () => {
    expect((await t.get('/alerts/trackers')).statusCode).toBe(401);
  });
});

describe('POST /api/alerts/remove-tracker/ and /api/alerts/reset-trackers/', () => {
  it('removes one of the caller’s trackers by id; another user’s is a 404', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const a = await makeAlert(t.db, { ticker: 'RMA' });
    const b = await makeAlert(t.db, { ticker: 'RMB' });
    const mine = (await track(me.token, { alert_id: a.id })).json().data.id;
    await track(me.token, { alert_id: b.id });
    const theirs = (await track(other.token, { alert_id: a.id })).json().data.id;

    const res = await t.post('/alerts/remove-tracker/', { id: mine }, { token: me.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ALERT_MSG.trackerRemoved });
    expect((await trackers(me.token)).map((x) => x.ticker)).toEqual(['RMB']);

    const foreign = await t.post('/alerts/remove-tracker/', { id: theirs }, { token: me.token });
    expect(foreign.statusCode).toBe(404);
    expect((await trackers(other.token)).map((x) => x.ticker)).toEqual(['RMA']);
    expect((await t.post('/alerts/remove-tracker/', { id: mine }, { token: me.token })).statusCode).toBe(404);
    expect((await t.post('/alerts/remove-tracker/', { id: 'x' }, { token: me.token })).statusCode).toBe(400);
    expect((await t.post('/alerts/remove-tracker/', {}, { token: me.token })).statusCode).toBe(400);
  });

  it('reset clears every tracker of the caller and no one else’s', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const a = await makeAlert(t.db, { ticker: 'RSA' });
    const b = await makeAlert(t.db, { ticker: 'RSB' });
    await trackAlert(t.db, me.id, a);
    await trackAlert(t.db, me.id, b);
    await trackAlert(t.db, other.id, a);
    const res = await t.post('/alerts/reset-trackers/', undefined, { token: me.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ALERT_MSG.trackersReset, removed: 2 });
    expect(await trackers(me.token)).toEqual([]);
    expect(await rowsOf(other.id)).toHaveLength(1);
    expect((await t.post('/alerts/reset-trackers/', undefined, { token: me.token })).json().removed).toBe(0);
  });
});

describe('GET /api/alerts/tracker-alert', () => {
  it('the alert of one of the caller’s trackers; of a trigger with is_trigger=true', async () => {
    const me = await signedIn();
    const a = await makeAlert(t.db, { ticker: 'TAA' });
    const trackerId = (await track(me.token, { alert_id: a.id })).json().data.id;
    const byTracker = await t.get(`/alerts/tracker-alert?id=${trackerId}`, { token: me.token });
    expect(byTracker.statusCode).toBe(200);
    expect(byTracker.json().data).toMatchObject({ id: a.id, ticker: 'TAA', tracked: true });

    const trg = await makeTrigger(t.db, a);
    const byTrigger = await t.get(`/alerts/tracker-alert?id=${trg.id}&is_trigger=true`, { token: me.token });
    expect(byTrigger.statusCode).toBe(200);
    expect(byTrigger.json().data.id).toBe(a.id);
  });

  it('another user’s tracker, an unknown trigger, a deleted alert: 404', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const a = await makeAlert(t.db, { ticker: 'TAB' });
    const theirs = (await track(other.token, { alert_id: a.id })).json().data.id;
    expect((await t.get(`/alerts/tracker-alert?id=${theirs}`, { token: me.token })).statusCode).toBe(404);
    expect((await t.get('/alerts/tracker-alert?id=99999999&is_trigger=true', { token: me.token })).statusCode).toBe(
      404,
    );
    const gone = await makeAlert(t.db, { ticker: 'TAG', deleted: true });
    const trg = await makeTrigger(t.db, gone);
    expect((await t.get(`/alerts/tracker-alert?id=${trg.id}&is_trigger=true`, { token: me.token })).statusCode).toBe(
      404,
    );
  });

  it('a trigger of a type outside the plans: 403', async () => {
    const me = await signedIn({ plans: ['stocks-monthly'] });
    const a = await makeAlert(t.db, { type: 'OPTIONS-ALERTS', ticker: 'TAO' });
    const trg = await makeTrigger(t.db, a);
    const res = await t.get(`/alerts/tracker-alert?id=${trg.id}&is_trigger=true`, { token: me.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(ALERT_MSG.noPermissionAlerts('OPTIONS-ALERTS'));
  });

  it.each(['', 'id=x', 'id=0', 'id=1&is_trigger=yes'])('bad query %j: 400', async (query) => {
    const me = await signedIn();
    expect((await t.get(`/alerts/tracker-alert?${query}`, { token: me.token })).statusCode).toBe(400);
  });
});
