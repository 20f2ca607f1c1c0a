import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ALERT_CATEGORIES, ALERT_MSG, ALERT_TYPE_NOTE_MAX, MSG, type AlertTypeAdminDto } from '@drat/contracts';
import { alertTypes } from '../../../db/schema/index';
import { makeUser, signIn, signInData } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';

let t: TestApp;
let superToken: string;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp();
  superToken = await signIn(t.app, await makeUser(t.db, { isSuper: true, plans: [] }));
  userToken = await signIn(t.app, await makeUser(t.db, { plans: ['elite-monthly'] }));
});
afterAll(async () => {
  await t?.close();
});

const patch = (url: string, body: unknown, token = superToken) =>
  t.inject({
    method: 'PATCH',
    url: `/api${url}`,
    payload: body as object,
    headers: { authorization: `Token ${token}` },
  });
const types = async (): Promise<AlertTypeAdminDto[]> => {
  const res = await t.get('/alerts/alert-types', { token: superToken });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const typeNamed = async (name: string) => (await types()).find((x) => x.name === name)!;

describe('GET /api/alerts/alert-types', () => {
  it('every type with its category, note and switch, in category order', async () => {
    const list = await types();
    expect(list.length).toBeGreaterThan(10);
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(['category', 'id', 'is_notification_enabled', 'name', 'raw_note']);
    }
    const order = list.map((x) => ALERT_CATEGORIES.indexOf(x.category));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('super users only: 403 for a subscriber, 401 without a token', async () => {
    const res = await t.get('/alerts/alert-types', { token: userToken });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(MSG.noPermission);
    expect((await t.get('/alerts/alert-types')).statusCode).toBe(401);
  });
});

describe('PATCH /api/alerts/alert-types/{id}', () => {
  it('saves the note sanitized, answers the spec’s message, and users see it at sign-in', async () => {
    const swing = await typeNamed('SWING-ALERTS');
    const res = await patch(`/alerts/alert-types/${swing.id}`, {
      raw_note:
        '<p onclick="x()">Risk <strong>1%</strong> per trade. <a href="https://drat.example/guide" target="_blank">Guide</a>' +
        '<a href="javascript:alert(1)">bad</a></p><script>steal()</script><img src=x onerror=steal()>',
    });
    expect(res.statusCode).toBe(200);
    const clean =
      '<p>Risk <strong>1%</strong> per trade. <a href="https://drat.example/guide" target="_blank" rel="noopener noreferrer nofollow">Guide</a>' +
      '<a rel="noopener noreferrer nofollow">bad</a></p>';
    expect(res.json()).toEqual({
      message: 'Alert Type - SWING-ALERTS updated successfully',
      data: { ...swing, raw_note: clean },
    });
    const [row] = await t.db.select().from(alertTypes).where(eq(alertTypes.id, swing.id));
    expect(row!.rawNote).toBe(clean);

    const user = await makeUser(t.db, { plans: ['stocks-monthly'] });
    const session = await signInData(t.app, user);
    expect(session.alert_types.find((x) => x.name === 'SWING-ALERTS')!.raw_note).toBe(clean);
  });

  it('an empty note clears it', async () => {
    const type = await typeNamed('DAY-TRADE-ALERTS');
    await patch(`/alerts/alert-types/${type.id}`, { raw_note: '<p>x</p>' });
    const res = await patch(`/alerts/alert-types/${type.id}`, { raw_note: '<p><br></p>' });
    expect(res.json().data.raw_note).toBe('');
  });

  it('switches the notifications of one type', async () => {
    const type = await typeNamed('OTC-RUNNERS');
    const res = await patch(`/alerts/alert-types/${type.id}`, { is_notification_enabled: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.is_notification_enabled).toBe(false);
    expect(res.json().message).toBe(ALERT_MSG.alertTypeUpdated('OTC-RUNNERS'));
    expect((await typeNamed('OTC-RUNNERS')).is_notification_enabled).toBe(false);
    expect((await typeNamed('OTC-1-ALERTS')).is_notification_enabled).toBe(true);
    await patch(`/alerts/alert-types/${type.id}`, { is_notification_enabled: true });
  });

  it.each([
    ['an empty body', {}],
    ['a note that is not text', { raw_note: 5 }],
    ['a switch that is not a boolean', { is_notification_enabled: 'yes' }],
    ['a note that is too long', { raw_note: 'x'.repeat(ALERT_TYPE_NOTE_MAX + 1) }],
  ])('%s: 400, nothing changed', async (_label, body) => {
    const type = await typeNamed('BREAKOUT-ALERTS');
    const res = await patch(`/alerts/alert-types/${type.id}`, body);
    expect(res.statusCode).toBe(400);
    expect(await typeNamed('BREAKOUT-ALERTS')).toEqual(type);
  });

  it('an unknown id: 404; a bad id: 400; a subscriber: 403', async () => {
    expect((await patch('/alerts/alert-types/999999', { raw_note: 'x' })).statusCode).toBe(404);
    expect((await patch('/alerts/alert-types/abc', { raw_note: 'x' })).statusCode).toBe(400);
    const type = await typeNamed('SQUEEZE-ALERTS');
    const res = await patch(`/alerts/alert-types/${type.id}`, { raw_note: 'hacked' }, userToken);
    expect(res.statusCode).toBe(403);
    expect((await typeNamed('SQUEEZE-ALERTS')).raw_note).toBe(type.raw_note);
  });
});

describe('PATCH /api/alerts/alert-types/notification-status', () => {
  it('turns a whole category off and on; other categories keep theirs', async () => {
    const off = await patch('/alerts/alert-types/notification-status?category=OTC', { is_notification_enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe(ALERT_MSG.notificationStatusChanged('OTC', false));
    const data: AlertTypeAdminDto[] = off.json().data;
    expect(data.filter((x) => x.category === 'OTC').every((x) => !x.is_notification_enabled)).toBe(true);
    expect(data.filter((x) => x.category !== 'OTC').every((x) => x.is_notification_enabled)).toBe(true);

    const on = await patch('/alerts/alert-types/notification-status?category=OTC', { is_notification_enabled: true });
    expect((on.json().data as AlertTypeAdminDto[]).every((x) => x.is_notification_enabled)).toBe(true);
  });

  it('category ALL switches every type', async () => {
    const res = await patch('/alerts/alert-types/notification-status?category=ALL', { is_notification_enabled: false });
    expect((res.json().data as AlertTypeAdminDto[]).every((x) => !x.is_notification_enabled)).toBe(true);
    await patch('/alerts/alert-types/notification-status?category=ALL', { is_notification_enabled: true });
  });

  it.each([
    ['an unknown category', '?category=BONDS', { is_notification_enabled: false }],
    ['no category', '', { is_notification_enabled: false }],
    ['no switch', '?category=OTC', {}],
  ])('%s: 400', async (_label, query, body) => {
    expect((await patch(`/alerts/alert-types/notification-status${query}`, body)).statusCode).toBe(400);
  });

  it('a subscriber: 403', async () => {
    const res = await patch(
      '/alerts/alert-types/notification-status?category=OTC',
      { is_notification_enabled: false },
      userToken,
    );
    expect(res.statusCode).toBe(403);
    expect((await types()).every((x) => x.is_notification_enabled)).toBe(true);
  });
});
