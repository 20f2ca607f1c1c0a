import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@drat/contracts';
import { subscriptions } from '../../db/schema/index';
import { makeUser, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The user's subscriptions end `minutes` from the test clock's now. */
async function endPlansIn(userId: number, minutes: number): Promise<void> {
  await t.db
    .update(subscriptions)
    .set({ endsAt: new Date(t.clock.now().getTime() + minutes * 60_000) })
    .where(eq(subscriptions.userId, userId));
}

const lapsed = { detail: MSG.accountInactiveOrExpired };

describe('a subscription that ends mid-session', () => {
  it('loses access on the next request, not the next sign-in: alerts and tools answer 401 with the spec’s words', async () => {
    const user = await makeUser(t.db, { plans: ['elite-monthly'] });
    const token = await signIn(t.app, user);
    expect((await t.get('/alerts?name=SWING-ALERTS', { token })).statusCode).toBe(200);
    await endPlansIn(user.id, 1);
    // Still running for a minute: the rights were read (and cached) while the plan ran.
    expect((await t.get('/alerts?name=SWING-ALERTS', { token })).statusCode).toBe(200);
    t.clock.advanceMinutes(2);

    const alerts = await t.get('/alerts?name=SWING-ALERTS', { token });
    expect(alerts.statusCode).toBe(401);
    expect(alerts.json()).toEqual(lapsed);
    const dione = await t.get('/stock/dione?ticker=AAPL', { token });
    expect(dione.statusCode).toBe(401);
    expect(dione.json()).toEqual(lapsed);
  });

  it('keeps the account itself reachable: the profile, and signing out', async () => {
    const user = await makeUser(t.db, { plans: ['stocks-monthly'] });
    const token = await signIn(t.app, user);
    await endPlansIn(user.id, -1);
    expect((await t.get('/profile/userProfile', { token })).statusCode).toBe(200);
    expect((await t.post('/logout/', undefined, { token })).statusCode).toBe(200);
  });

  it('a right the plan never gave is still 403 while subscribed, and super-user calls stay 403 after a lapse', async () => {
    const user = await makeUser(t.db, { plans: ['stocks-monthly'] });
    const token = await signIn(t.app, user);
    const superOnly = await t.get('/alerts/publishers', { token });
    expect(superOnly.statusCode).toBe(403);
    await endPlansIn(user.id, -1);
    expect((await t.get('/alerts/publishers', { token })).statusCode).toBe(403);
  });
});
