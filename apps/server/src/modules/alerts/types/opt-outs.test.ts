import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_CATEGORIES, MSG, type AlertTypeStatus } from '@drat/contracts';
import { eq } from 'drizzle-orm';
import { alertTypeExemptions } from '../../../db/schema/index';
import { makeUser, signIn, type MakeUserOptions } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const status = async (token: string) => {
  const res = await t.get('/alerts/alert-type-status', { token });
  expect(res.statusCode).toBe(200);
  return res.json<AlertTypeStatus[]>();
};
const exempt = (token: string, body: unknown) => t.post('/alerts/exempt-alerts/', body, { token });
const exemptedIds = async (userId: number) =>
  (await t.db.select().from(alertTypeExemptions).where(eq(alertTypeExemptions.userId, userId)))
    .map((r) => r.alertTypeId)
    .sort((a, b) => a - b);

async function signedIn(options: MakeUserOptions = {}) {
  const user = await makeUser(t.db, options);
  return { user, token: await signIn(t.app, user) };
}

/** Ids of alert types of `category`, read from a super user's list (super users see every type). */
async function typeIdsOf(category: string): Promise<number[]> {
  const { token } = await signedIn({ isSuper: true, plans: [] });
  return (await status(token)).filter((s) => s.category === category).map((s) => s.id);
}

describe('GET /api/alerts/alert-type-status', () => {
  it.each([
    ['Elite', ['elite-monthly'], ['OPTIONS', 'STOCKS', 'OTC', 'SMART TRADES']],
    ['Stocks', ['stocks-monthly'], ['STOCKS', 'OTC']],
    ['Basic (one type)', ['basic-monthly'], ['STOCKS']],
    ['a trade challenge', ['trade-challenge-5k'], ['TRADE CHALLENGE']],
  ])(
    'lists the alert types of the user’s plans (%s), in category order, none exempted',
    async (_label, plans, categories) => {
      const { token } = await signedIn({ plans });
      const list = await status(token);
      expect(list.length).toBeGreaterThan(0);
      for (const item of list) expect(Object.keys(item).sort()).toEqual(['category', 'exempted', 'id', 'name']);
      expect([...new Set(list.map((s) => s.category))]).toEqual(categories);
      const order = list.map((s) => ALERT_CATEGORIES.indexOf(s.category));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(list.every((s) => s.exempted === false)).toBe(true);
    },
  );

  it('a super user sees every category', async () => {
    const { token } = await signedIn({ isSuper: true, plans: [] });
    expect([...new Set((await status(token)).map((s) => s.category))]).toEqual([...ALERT_CATEGORIES]);
  });
});

describe('POST /api/alerts/exempt-alerts/', () => {
  it('exempts and includes types again; the list reflects it', async () => {
    const { user, token } = await signedIn();
    const [a, b, c] = await status(token);
    const res = await exempt(token, [
      { id: a!.id, name: a!.name, exempted: true },
      { id: b!.id, name: b!.name, exempted: true },
      { id: c!.id, name: c!.name, exempted: false },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.alertNotificationChanged);
    expect(
      res
        .json()
        .data.filter((s: AlertTypeStatus) => s.exempted)
        .map((s: AlertTypeStatus) => s.id),
    ).toEqual([a!.id, b!.id]);
    expect((await status(token)).filter((s) => s.exempted).map((s) => s.id)).toEqual([a!.id, b!.id]);

    await exempt(token, [{ id: a!.id, exempted: false }]);
    expect((await status(token)).filter((s) => s.exempted).map((s) => s.id)).toEqual([b!.id]);
    expect(await exemptedIds(user.id)).toEqual([b!.id]);
  });

  it('is idempotent: exempting twice keeps one exemption', async () => {
    const { user, token } = await signedIn();
    const [a] = await status(token);
    expect((await exempt(token, [{ id: a!.id, exempted: true }])).statusCode).toBe(200);
    expect((await exempt(token, [{ id: a!.id, exempted: true }])).statusCode).toBe(200);
    expect(await exemptedIds(user.id)).toEqual([a!.id]);
  });

  it('an empty list changes nothing', async () => {
    const { user, token } = await signedIn();
    const [a] = await status(token);
    await exempt(token, [{ id: a!.id, exempted: true }]);
    expect((await exempt(token, [])).statusCode).toBe(200);
    expect(await exemptedIds(user.id)).toEqual([a!.id]);
  });

  it('one user’s exemptions are not another’s', async () => {
    const one = await signedIn();
    const two = await signedIn();
    const [a] = await status(one.token);
    await exempt(one.token, [{ id: a!.id, exempted: true }]);
    expect((await status(two.token)).every((s) => !s.exempted)).toBe(true);
  });

  it('a type outside the user’s plans: 403, and the whole list is refused (nothing changed)', async () => {
    const { user, token } = await signedIn({ plans: ['elite-monthly'] });
    const [mine, other] = await status(token);
    await exempt(token, [{ id: other!.id, exempted: true }]);
    const [challenge] = await typeIdsOf('TRADE CHALLENGE');
    const res = await exempt(token, [
      { id: mine!.id, exempted: true },
      { id: other!.id, exempted: false },
      { id: challenge!, exempted: true },
    ]);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toContain(String(challenge));
    expect(await exemptedIds(user.id)).toEqual([other!.id]);
  });

  it('an alert type that does not exist: 403 and nothing changed', async () => {
    const { user, token } = await signedIn();
    const res = await exempt(token, [{ id: 999_999, exempted: true }]);
    expect(res.statusCode).toBe(403);
    expect(await exemptedIds(user.id)).toEqual([]);
  });

  it.each([
    ['an object instead of a list', { id: 1, exempted: true }],
    ['a string id', [{ id: 'one', exempted: true }]],
    ['no exempted flag', [{ id: 1 }]],
    ['a negative id', [{ id: -1, exempted: true }]],
  ])('%s: 400 and nothing changed', async (_label, body) => {
    const { user, token } = await signedIn();
    const res = await exempt(token, body);
    expect(res.statusCode).toBe(400);
    expect(await exemptedIds(user.id)).toEqual([]);
  });
});
