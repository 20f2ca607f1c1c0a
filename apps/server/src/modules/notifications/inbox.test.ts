import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INBOX_LIMIT, INBOX_MSG, MSG, type NotificationsResponse } from '@drat/contracts';
import { notifications, subscriptions } from '../../db/schema/index';
import { makeAlert, makeUser, signIn, type MakeUserOptions } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function signedIn(options: MakeUserOptions = {}) {
  const user = await makeUser(t.db, options);
  return { user, token: await signIn(t.app, user) };
}

let refs = 0;
/** Notifications written straight into the table, `minutesAgo` apart, oldest first. */
async function give(userId: number, minutesAgo: number[], kind = 'NEW_ALERT') {
  const rows = await t.db
    .insert(notifications)
    .values(
      minutesAgo.map((m) => ({
        userId,
        kind,
        ref: String(++refs),
        title: `Title ${refs}`,
        content: `Content ${refs}`,
        createdAt: new Date(Date.now() - m * 60_000),
      })),
    )
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}

const inbox = async (token: string) => {
  const res = await t.get('/notifications', { token });
  expect(res.statusCode).toBe(200);
  return res.json<NotificationsResponse>();
};
const markOne = (token: string, body: unknown) => t.post('/notifications/mark-single-as-read/', body, { token });
const markAll = (token: string) => t.post('/notifications/mark-all-as-read/', undefined, { token });
const seen = async (id: number) =>
  (await t.db.select({ seen: notifications.seen }).from(notifications).where(eq(notifications.id, id)))[0]!.seen;

describe('GET /api/notifications', () => {
  it('needs a session', async () => {
    const res = await t.get('/notifications');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: MSG.authRequired });
  });

  it('a new user has an empty inbox', async () => {
    const { token } = await signedIn();
    expect(await inbox(token)).toEqual({ notifications: [], empty: true, unread: 0 });
  });

  it("lists the user's own unread notifications, newest first, with title, content and timestamp", async () => {
    const { user, token } = await signedIn();
    const other = await signedIn();
    const [oldest, middle, newest] = await give(user.id, [30, 20, 10]);
    await give(other.user.id, [5]);
    await t.db.update(notifications).set({ seen: true }).where(eq(notifications.id, middle!));

    const body = await inbox(token);
    expect(body.empty).toBe(false);
    expect(body.unread).toBe(2);
    expect(body.notifications.map((n) => n.id)).toEqual([newest, oldest]);
    const [first] = body.notifications;
    expect(first).toEqual({
      id: newest,
      title: expect.stringMatching(/^Title \d+$/),
      content: expect.stringMatching(/^Content \d+$/),
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      seen: false,
      kind: 'NEW_ALERT',
    });
    expect(Date.now() - Date.parse(first!.timestamp)).toBeGreaterThan(9 * 60_000);
  });

  it(`shows at most ${INBOX_LIMIT} (the newest) and counts them all`, async () => {
    const { user, token } = await signedIn();
    const ids = await give(
      user.id,
      Array.from({ length: INBOX_LIMIT + 5 }, (_, i) => INBOX_LIMIT + 5 - i),
    );
    const body = await inbox(token);
    expect(body.unread).toBe(INBOX_LIMIT + 5);
    expect(body.notifications).toHaveLength(INBOX_LIMIT);
    expect(body.notifications[0]!.id).toBe(ids[ids.length - 1]);
  });

  it('a user whose plan ended while signed in still reads their inbox', async () => {
    const { user, token } = await signedIn();
    await t.db
      .update(subscriptions)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.userId, user.id));
    await give(user.id, [1]);
    expect((await inbox(token)).unread).toBe(1);
  });
});

describe('POST /api/notifications/mark-single-as-read/', () => {
  it('marks one read and answers the remaining list (the inbox replaces its list with it)', async () => {
    const { user, token } = await signedIn();
    const [a, b, c] = await give(user.id, [3, 2, 1]);
    const res = await markOne(token, { id: b });
    expect(res.statusCode).toBe(200);
    const body = res.json<NotificationsResponse>();
    expect(body.notifications.map((n) => n.id)).toEqual([c, a]);
    expect(body).toMatchObject({ empty: false, unread: 2 });
    expect(await seen(b!)).toBe(true);
    expect(await inbox(token)).toEqual(body);
  });

  it('marking an already read notification again is harmless', async () => {
    const { user, token } = await signedIn();
    const [a] = await give(user.id, [1]);
    expect((await markOne(token, { id: a })).statusCode).toBe(200);
    const again = await markOne(token, { id: a });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ notifications: [], empty: true, unread: 0 });
  });

  it('accepts the id as a string, as a form would send it', async () => {
    const { user, token } = await signedIn();
    const [a] = await give(user.id, [1]);
    expect((await markOne(token, { id: String(a) })).statusCode).toBe(200);
    expect(await seen(a!)).toBe(true);
  });

  it("refuses another user's notification with 404, and leaves it unread", async () => {
    const owner = await signedIn();
    const intruder = await signedIn({ isSuper: true, plans: [] });
    const [theirs] = await give(owner.user.id, [1]);
    const res = await markOne(intruder.token, { id: theirs });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: INBOX_MSG.notFound });
    expect(await seen(theirs!)).toBe(false);
    expect((await inbox(owner.token)).unread).toBe(1);
  });

  it('answers 404 for an id that does not exist', async () => {
    const { token } = await signedIn();
    const res = await markOne(token, { id: 2_000_000_000 });
    expect(res.statusCode).toBe(404);
  });

  it.each([[{}], [{ id: 'abc' }], [{ id: 0 }], [{ id: -3 }], [{ id: 1.5 }], [{ id: 99_999_999_999 }]])(
    'refuses %j with 400 naming the field',
    async (body) => {
      const { token } = await signedIn();
      const res = await markOne(token, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['id']);
    },
  );

  it('needs a session', async () => {
    expect((await t.post('/notifications/mark-single-as-read/', { id: 1 })).statusCode).toBe(401);
  });
});

describe('POST /api/notifications/mark-all-as-read/', () => {
  it("marks all of the user's unread read, answers the empty list, and touches nobody else's", async () => {
    const { user, token } = await signedIn();
    const other = await signedIn();
    const mine = await give(user.id, [3, 2, 1]);
    const [theirs] = await give(other.user.id, [1]);
    const res = await markAll(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ notifications: [], empty: true, unread: 0 });
    for (const id of mine) expect(await seen(id)).toBe(true);
    expect(await seen(theirs!)).toBe(false);
    // Nothing left: marking all again is harmless.
    expect((await markAll(token)).json()).toEqual({ notifications: [], empty: true, unread: 0 });
  });

  it('needs a session', async () => {
    expect((await t.post('/notifications/mark-all-as-read/')).statusCode).toBe(401);
  });
});

describe('a new alert reaches the inbox', () => {
  it('the fan-out writes the notification the inbox lists, with the alert in its words', async () => {
    const { token } = await signedIn({ plans: ['stocks-monthly'] });
    const alert = await makeAlert(t.db, {
      type: 'SWING-ALERTS',
      ticker: 'NVDA',
      companyName: 'NVIDIA Corp',
      alertPrice: 100,
    });
    await t.modules.notifications.fanout({ kind: 'NEW_ALERT', ref: alert.id });
    const [n] = (await inbox(token)).notifications;
    expect(n).toMatchObject({
      kind: 'NEW_ALERT',
      title: 'New SWING-ALERTS alert: NVDA',
      content: 'NVDA (NVIDIA Corp): buy range $98.00 to $101.00, targets $110.00 and $120.00, stop loss $90.00.',
    });
  });
});
