import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  CHECKOUT_CLAIM_MINUTES,
  CHECKOUT_HOLD_MINUTES,
  CHECKOUT_HOLDS_PER_ADDRESS,
  MSG,
  PAYMENTS_MSG,
  type Catalogue,
  type CheckoutStarted,
  type CheckoutStatus,
  type LocalCheckout,
  type Renewal,
} from '@drat/contracts';
import { challengeSlots, checkouts, plans, subscriptions, users } from '../../db/schema/index';
import { makeSignedIn, makeUser, signIn, uniqueEmail } from '../../../test/factories';
import { createTestApp, STAFF_EMAIL, type TestApp } from '../../../test/harness';

/**
 * Payments through the local provider (3-bots-admin-public §2.11-§2.13, §7 "Slots and checkout",
 * "Public"): the catalogue from the database, a checkout and its test-card page, the landing
 * page's one sign-in of a new buyer, purchases by existing accounts, the places of a challenge
 * (the last one to one buyer), expiry giving places back, events acted on once, renewal links,
 * and the free trial.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const GOOD_CARD = { name: 'Ada Buyer', card_number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
const monthlyStocks = {
  price_id: 'stocks-monthly',
  allow_coupons: true,
  have_trial: false,
  trial_period_days: 0,
  is_subscription: true,
};

async function start(body: Record<string, unknown>, options: { token?: string; ip?: string } = {}) {
  const res = await t.post('/payments/payment-checkout/', body, options);
  return res;
}
const payWith = (started: CheckoutStarted, card: Record<string, unknown>) =>
  t.post(`/payments/local-checkout/${started.url.split('/checkout/local/')[1]!}/pay/`, card);
const sessionOf = (url: string) => url.split('/checkout/local/')[1]!;

async function buy(body: Record<string, unknown>, card: Record<string, unknown>, options: { token?: string } = {}) {
  const res = await start(body, options);
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  const started = res.json<CheckoutStarted>();
  const paid = await t.post(`/payments/local-checkout/${sessionOf(started.url)}/pay/`, card);
  expect(paid.statusCode, JSON.stringify(paid.json())).toBe(200);
  return started;
}

const setSlots = (planCode: string, number: number, slots: number) =>
  t.db.execute(
    sql`update ${challengeSlots} set slots = ${slots} where number = ${number} and plan_id = (select id from ${plans} where code = ${planCode})`,
  );
const slotsOf = async (planCode: string, number: number) =>
  (
    await t.db.execute<{ slots: number }>(
      sql`select slots from ${challengeSlots} where number = ${number} and plan_id = (select id from ${plans} where code = ${planCode})`,
    )
  ).rows[0]!.slots;
const plansOf = async (userId: number) =>
  (
    await t.db
      .select({ code: plans.code, endsAt: subscriptions.endsAt })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(eq(subscriptions.userId, userId))
  ).map((r) => r.code);

describe('GET /payments/catalogue', () => {
  it('anyone-reads-the-plans-with-prices-savings-trials-and-places-from-the-database', async () => {
    const res = await t.get('/payments/catalogue');
    expect(res.statusCode).toBe(200);
    const byCode = new Map(res.json<Catalogue>().plans.map((p) => [p.price_id, p]));
    expect(byCode.get('basic-monthly')).toMatchObject({ price: 49.99, interval: 'month', is_subscription: true });
    expect(byCode.get('basic-yearly')).toMatchObject({ price: 497.99, per_month: 41.49, saves: 101.89 });
    expect(byCode.get('offer25-elite')).toMatchObject({ price: 134.99, original_price: 179.99, trial_days: 14 });
    expect(byCode.get('lifetime')).toMatchObject({ price: 2099.99, slots_left: 15, is_subscription: false });
    expect(byCode.get('trade-challenge-5k')).toMatchObject({ price: 499.99, slots_left: 25 });
    expect(byCode.get('free-trial')).toMatchObject({ price: 0, trial_days: 7 });
    expect(byCode.get('stocks-monthly')!.details.length).toBeGreaterThan(0);
    expect(byCode.get('stocks-monthly')!.slots_left).toBeNull();
  });

  it('a-price-changed-in-the-database-is-the-price-the-pages-show', async () => {
    await t.db.update(plans).set({ amountCents: 10999 }).where(eq(plans.code, 'options-monthly'));
    try {
      const res = await t.get('/payments/catalogue');
      const options = res.json<Catalogue>().plans.find((p) => p.price_id === 'options-monthly');
      expect(options?.price).toBe(109.99);
      const yearly = res.json<Catalogue>().plans.find((p) => p.price_id === 'options-yearly');
      expect(yearly?.saves).toBe(319.89); // 12 × 109.99 − 999.99
    } finally {
      await t.db.update(plans).set({ amountCents: 9999 }).where(eq(plans.code, 'options-monthly'));
    }
  });

  it('the-places-are-those-of-the-challenge-asked-for', async () => {
    await setSlots('trade-challenge-10k', 2, 3);
    const second = (await t.get('/payments/catalogue?challenge=2')).json<Catalogue>();
    expect(second.plans.find((p) => p.price_id === 'trade-challenge-10k')?.slots_left).toBe(3);
    const first = (await t.get('/payments/catalogue?challenge=1')).json<Catalogue>();
    expect(first.plans.find((p) => p.price_id === 'trade-challenge-10k')?.slots_left).toBe(25);
    expect((await t.get('/payments/catalogue?challenge=0')).statusCode).toBe(400);
  });
});

describe('POST /payments/payment-checkout/ and the local checkout page', () => {
  it('a-visitor-buys-a-plan-and-the-browser-that-paid-is-signed-in-once-with-its-rights', async () => {
    const email = uniqueEmail('buyer');
    const started = await buy(monthlyStocks, { ...GOOD_CARD, email });
    expect(started.url).toMatch(/^http:\/\/drat\.test\/checkout\/local\/lcs_/);

    // The page names what was bought.
    const page = (await t.get(`/payments/local-checkout/${sessionOf(started.url)}/`)).json<LocalCheckout>();
    expect(page).toMatchObject({ plan_name: 'Stocks', price: 99.99, interval: 'month', status: 'complete' });

    // A wrong claim signs nobody in.
    const wrong = await t.post(`/payments/checkouts/${started.id}/`, { claim: 'not-the-claim' });
    expect(wrong.json<CheckoutStatus>()).toMatchObject({ status: 'complete' });
    expect(wrong.json<CheckoutStatus>().user_data).toBeUndefined();

    const landed = await t.post(`/payments/checkouts/${started.id}/`, { claim: started.claim });
    expect(landed.statusCode).toBe(200);
    const status = landed.json<CheckoutStatus>();
    expect(status.message).toBe(PAYMENTS_MSG.paidSignedIn('Stocks'));
    expect(status.user_data).toMatchObject({ email, AA: true, DA: true, expired: false });
    expect(status.user_data!.alert_categories).toEqual(expect.arrayContaining(['STOCKS', 'OTC']));
    const me = await t.get('/profile/userProfile', { token: status.user_data!.token });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ current_plans: { name: string }[]; first_name: string }>()).toMatchObject({
      first_name: 'Ada',
      current_plans: [expect.objectContaining({ name: 'Stocks' })],
    });

    // Once: the same claim again answers the status only.
    const again = await t.post(`/payments/checkouts/${started.id}/`, { claim: started.claim });
    expect(again.json<CheckoutStatus>().user_data).toBeUndefined();
    expect(again.json<CheckoutStatus>().message).toBe(PAYMENTS_MSG.paidSignIn('Stocks'));

    // The new buyer is told how to set a password.
    const mail = await t.emailsTo(email);
    expect(mail[0]).toMatchObject({
      subject: 'Welcome to DRAT: set your password',
      body: expect.stringContaining('/reset-password/'),
    });
  });

  it('a-declined-test-card-is-told-under-the-card-number-and-nothing-is-sold', async () => {
    const res = await start(monthlyStocks);
    const started = res.json<CheckoutStarted>();
    const email = uniqueEmail('declined');
    const declined = await t.post(`/payments/local-checkout/${sessionOf(started.url)}/pay/`, {
      ...GOOD_CARD,
      card_number: '4000 0000 0000 0002',
      email,
    });
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toEqual({ card_number: [PAYMENTS_MSG.cardDeclined] });
    const bad = await t.post(`/payments/local-checkout/${sessionOf(started.url)}/pay/`, {
      ...GOOD_CARD,
      card_number: '4242 4242 4242 4241',
      expiry: '01/20',
      cvc: '1',
      name: ' ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      card_number: [PAYMENTS_MSG.cardNumberInvalid],
      cvc: [PAYMENTS_MSG.cardCvcInvalid],
      name: [PAYMENTS_MSG.nameRequired],
    });
    const expired = await t.post(`/payments/local-checkout/${sessionOf(started.url)}/pay/`, {
      ...GOOD_CARD,
      expiry: '01/20',
      email,
    });
    expect(expired.json()).toEqual({ expiry: [PAYMENTS_MSG.cardExpiryInvalid] });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    const status = await t.post(`/payments/checkouts/${started.id}/`, { claim: started.claim });
    expect(status.json<CheckoutStatus>()).toMatchObject({ status: 'open', message: PAYMENTS_MSG.pending });
  });

  it('paying-twice-is-refused-and-sells-once', async () => {
    const res = await start(monthlyStocks);
    const started = res.json<CheckoutStarted>();
    const email = uniqueEmail('twice');
    const pay = () => t.post(`/payments/local-checkout/${sessionOf(started.url)}/pay/`, { ...GOOD_CARD, email });
    const [a, b] = await Promise.all([pay(), pay()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(await plansOf(user!.id)).toEqual(['stocks-monthly']);
  });

  it('an-existing-account-that-buys-by-its-e-mail-gets-the-plan-but-is-not-signed-in-by-the-payment', async () => {
    const owner = await makeUser(t.db, { plans: ['basic-monthly'] });
    const started = await buy(
      { ...monthlyStocks, price_id: 'options-monthly' },
      { ...GOOD_CARD, email: owner.email.toUpperCase() },
    );
    const status = (
      await t.post(`/payments/checkouts/${started.id}/`, { claim: started.claim })
    ).json<CheckoutStatus>();
    expect(status.user_data).toBeUndefined();
    expect(status.message).toBe(PAYMENTS_MSG.paidSignIn('Options'));
    expect((await plansOf(owner.id)).sort()).toEqual(['basic-monthly', 'options-monthly']);
    expect((await t.emailsTo(owner.email))[0]).toMatchObject({ subject: 'Your DRAT plan: Options' });
  });

  it('a-signed-in-subscriber-buys-for-their-own-account-and-the-page-does-not-ask-their-e-mail', async () => {
    const me = await makeSignedIn(t, { plans: ['basic-monthly'] });
    const res = await start({ price_id: 'credits-25' }, { token: me.token });
    const started = res.json<CheckoutStarted>();
    const page = (await t.get(`/payments/local-checkout/${sessionOf(started.url)}/`)).json<LocalCheckout>();
    expect(page.email).toMatch(/@test\.drat$/);
    const before = (await t.get('/profile/userProfile', { token: me.token })).json<{ email: string }>();
    expect(page.email).toBe(before.email);
    const paid = await t.post(`/payments/local-checkout/${sessionOf(started.url)}/pay/`, GOOD_CARD);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ redirect_url: `http://drat.test/checkout/complete?checkout=${started.id}` });
    expect((await plansOf(me.id)).sort()).toEqual(['basic-monthly', 'credits-25']);
  });

  it('an-unknown-plan-a-free-plan-and-a-changed-offer-are-refused-and-nothing-is-kept', async () => {
    const count = async () => (await t.db.select({ id: checkouts.id }).from(checkouts)).length;
    const before = await count();
    expect((await start({ price_id: 'no-such-plan' })).json()).toEqual({ price_id: [PAYMENTS_MSG.planUnknown] });
    expect((await start({ price_id: 'free-trial' })).json()).toEqual({ price_id: [PAYMENTS_MSG.planUnknown] });
    const changed = await start({
      ...monthlyStocks,
      price_id: 'offer25-stocks',
      have_trial: true,
      trial_period_days: 30,
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({ detail: PAYMENTS_MSG.offerChanged });
    expect((await start({ ...monthlyStocks, is_subscription: false })).statusCode).toBe(409);
    expect((await start({ price_id: 'stocks-monthly', return_path: 'https://evil.example/' })).statusCode).toBe(400);
    expect((await start({ price_id: 'stocks-monthly', return_path: '//evil.example/' })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('a-checkout-that-nobody-pays-expires-and-its-page-says-so', async () => {
    const started = (await start(monthlyStocks)).json<CheckoutStarted>();
    t.clock.advanceMinutes(CHECKOUT_HOLD_MINUTES + 3);
    try {
      const page = (await t.get(`/payments/local-checkout/${sessionOf(started.url)}/`)).json<LocalCheckout>();
      expect(page.status).toBe('expired');
      const late = await t.post(`/payments/local-checkout/${sessionOf(started.url)}/pay/`, {
        ...GOOD_CARD,
        email: uniqueEmail('late'),
      });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ detail: PAYMENTS_MSG.checkoutExpired });
      await t.modules.payments.sweep();
      const status = (await t.post(`/payments/checkouts/${started.id}/`, {})).json<CheckoutStatus>();
      expect(status).toMatchObject({ status: 'expired', message: PAYMENTS_MSG.checkoutExpired });
    } finally {
      t.clock.advanceMinutes(-(CHECKOUT_HOLD_MINUTES + 3));
    }
  });

  it('an-unknown-checkout-is-404', async () => {
    expect((await t.get('/payments/local-checkout/lcs_nope/')).statusCode).toBe(404);
    expect((await t.post('/payments/checkouts/co_nope/', {})).json()).toEqual({
      detail: PAYMENTS_MSG.checkoutNotFound,
    });
  });
});

describe('the places of a challenge', () => {
  const challenge = { price_id: 'trade-challenge-15k', is_subscription: false, have_trial: false, challenge: 2 };

  it('two-buyers-of-the-last-place-one-has-it-the-other-is-told-the-challenge-is-full', async () => {
    await setSlots('trade-challenge-15k', 2, 1);
    const [a, b] = await Promise.all([start(challenge), start(challenge)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json()).toEqual({ detail: PAYMENTS_MSG.soldOut('$15K Trade Challenge') });
    expect(await slotsOf('trade-challenge-15k', 2)).toBe(0);
    // At 0 nobody may start one; challenge 1 still has its own places.
    expect((await start(challenge)).statusCode).toBe(409);
    expect((await start({ ...challenge, challenge: 1 })).statusCode).toBe(200);
    const catalogue = (await t.get('/payments/catalogue?challenge=2')).json<Catalogue>();
    expect(catalogue.plans.find((p) => p.price_id === 'trade-challenge-15k')?.slots_left).toBe(0);
  });

  it('a-held-place-comes-back-when-its-checkout-expires-unpaid-and-a-paid-one-stays-taken', async () => {
    await setSlots('trade-challenge-25k', 2, 2);
    const unpaid = (await start({ ...challenge, price_id: 'trade-challenge-25k' })).json<CheckoutStarted>();
    await buy({ ...challenge, price_id: 'trade-challenge-25k' }, { ...GOOD_CARD, email: uniqueEmail('challenger') });
    expect(await slotsOf('trade-challenge-25k', 2)).toBe(0);
    t.clock.advanceMinutes(CHECKOUT_HOLD_MINUTES + 3);
    try {
      await t.modules.payments.sweep();
      await t.modules.payments.sweep(); // twice: given back once
    } finally {
      t.clock.advanceMinutes(-(CHECKOUT_HOLD_MINUTES + 3));
    }
    expect(await slotsOf('trade-challenge-25k', 2)).toBe(1);
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, unpaid.id));
    expect(row).toMatchObject({ status: 'expired', slotHeld: false });
  });
});

describe('what the review of the first version found', () => {
  it('a-challenge-number-without-places-is-refused-not-sold-without-limit', async () => {
    await setSlots('lifetime', 1, 0);
    try {
      expect((await start({ price_id: 'lifetime' })).statusCode).toBe(409);
      const other = await start({ price_id: 'lifetime', challenge: 3 });
      expect(other.statusCode).toBe(400);
      expect(other.json()).toEqual({ challenge: [PAYMENTS_MSG.challengeUnknown] });
      expect((await start({ price_id: 'trade-challenge-5k', challenge: 7 })).statusCode).toBe(400);
    } finally {
      await setSlots('lifetime', 1, 15);
    }
  });

  it('one-address-holds-at-most-two-places-at-once', async () => {
    const ip = '203.0.113.77';
    const body = { price_id: 'trade-challenge-10k', challenge: 1 };
    expect((await start(body, { ip })).statusCode).toBe(200);
    expect((await start(body, { ip })).statusCode).toBe(200);
    const third = await start(body, { ip });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({
      detail: PAYMENTS_MSG.tooManyHeld(CHECKOUT_HOLDS_PER_ADDRESS, CHECKOUT_HOLD_MINUTES),
    });
    // Plans without places are not limited so.
    expect((await start(monthlyStocks, { ip })).statusCode).toBe(200);
  });

  it('a-claim-kept-for-later-signs-nobody-in', async () => {
    const started = await buy(monthlyStocks, { ...GOOD_CARD, email: uniqueEmail('late-claim') });
    t.clock.advanceMinutes(CHECKOUT_CLAIM_MINUTES + 1);
    try {
      const late = (
        await t.post(`/payments/checkouts/${started.id}/`, { claim: started.claim })
      ).json<CheckoutStatus>();
      expect(late.status).toBe('complete');
      expect(late.user_data).toBeUndefined();
    } finally {
      t.clock.advanceMinutes(-(CHECKOUT_CLAIM_MINUTES + 1));
    }
  });

  it('a-payment-with-the-staff-e-mail-makes-no-account-and-signs-nobody-in', async () => {
    const started = (await start(monthlyStocks)).json<CheckoutStarted>();
    expect((await payWith(started, { ...GOOD_CARD, email: STAFF_EMAIL.toUpperCase() })).statusCode).toBe(200);
    const status = (
      await t.post(`/payments/checkouts/${started.id}/`, { claim: started.claim })
    ).json<CheckoutStatus>();
    expect(status.user_data).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.email, STAFF_EMAIL))).toHaveLength(0);
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, started.id));
    expect(row).toMatchObject({ status: 'complete', userId: null });
  });

  it('a-trial-is-given-once-per-account', async () => {
    const me = await makeSignedIn(t, { plans: ['offer25-options'] });
    const again = (await start({ price_id: 'offer25-options' }, { token: me.token })).json<CheckoutStarted>();
    const page = (await t.get(`/payments/local-checkout/${sessionOf(again.url)}/`)).json<LocalCheckout>();
    expect(page.trial_days).toBe(0);
    const first = (await start({ price_id: 'offer25-options' })).json<CheckoutStarted>();
    expect((await t.get(`/payments/local-checkout/${sessionOf(first.url)}/`)).json<LocalCheckout>().trial_days).toBe(
      14,
    );
  });
});

describe('provider events are acted on once', () => {
  it('the-same-completion-delivered-twice-sells-once', async () => {
    const started = (await start(monthlyStocks)).json<CheckoutStarted>();
    const email = uniqueEmail('replay');
    const event = {
      kind: 'completed' as const,
      eventId: `evt_test_${started.id}`,
      checkoutId: started.id,
      sessionId: 'x',
      email,
      name: 'Re Play',
      customerId: 'cus_1',
      subscriptionId: 'sub_replay',
      paymentId: null,
      paidThrough: undefined,
    };
    await t.modules.payments.handle(event);
    await t.modules.payments.handle(event);
    await t.modules.payments.handle({ ...event, eventId: `${event.eventId}-other` });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(await plansOf(user!.id)).toEqual(['stocks-monthly']);
    expect(await t.emailsTo(email)).toHaveLength(1);

    // The subscription's provider moves its end (renewed, or cancelled at the period's end).
    const end = new Date('2031-05-01T00:00:00Z');
    const moved = {
      kind: 'subscription' as const,
      eventId: 'evt_sub_1',
      subscriptionId: 'sub_replay',
      paidThrough: end,
      endedAt: null,
    };
    await t.modules.payments.handle(moved);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.checkoutId, started.id));
    expect(sub?.endsAt?.toISOString()).toBe(end.toISOString());
    await t.modules.payments.handle({ ...moved, paidThrough: new Date('2020-01-01') }); // the same event id: ignored
    const [still] = await t.db.select().from(subscriptions).where(eq(subscriptions.checkoutId, started.id));
    expect(still?.endsAt?.toISOString()).toBe(end.toISOString());
  });

  it('the-local-provider-takes-no-webhooks', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/payments/webhook/',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{"id":"evt_1"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [PAYMENTS_MSG.badSignature] });
  });
});

describe('renewal', () => {
  it('an-expired-user-is-given-a-renewal-link-that-leads-to-their-plan-and-paying-restores-access', async () => {
    const user = await makeUser(t.db, { plans: ['options-monthly'], expired: true });
    const refused = await t.post('/login', { username: user.email, password: user.password });
    expect(refused.statusCode).toBe(403);
    const link = refused.json<{ renewal_url: string }>().renewal_url;
    expect(link).toMatch(/^\/renew\?r=[\w-]+$/);
    const token = link.split('r=')[1]!;

    const renewal = await t.get(`/payments/renewal?r=${token}`);
    expect(renewal.statusCode).toBe(200);
    expect(renewal.json<Renewal>()).toMatchObject({
      email: user.email,
      plans: [expect.objectContaining({ price_id: 'options-monthly', price: 99.99 })],
    });
    expect((await t.get('/payments/renewal?r=forged')).json()).toEqual({ detail: PAYMENTS_MSG.renewalLinkInvalid });
    expect((await t.get('/payments/renewal')).statusCode).toBe(401);

    const started = await buy({ ...monthlyStocks, price_id: 'options-monthly', renewal: token }, GOOD_CARD);
    const status = (
      await t.post(`/payments/checkouts/${started.id}/`, { claim: started.claim })
    ).json<CheckoutStatus>();
    expect(status.user_data).toBeUndefined(); // an existing account signs in with its password
    expect(await signIn(t.app, user)).toEqual(expect.any(String));
  });

  it('a-wrong-password-on-an-expired-account-gives-no-renewal-link', async () => {
    const user = await makeUser(t.db, { expired: true });
    const refused = await t.post('/login', { username: user.email, password: 'wrong-password-1' });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).not.toContain('renew');
  });
});

describe('POST /profile/register-free-trial/', () => {
  it('a-visitor-starts-the-7-day-trial-and-is-e-mailed-a-link-to-set-a-password', async () => {
    const email = uniqueEmail('trial');
    const res = await t.post('/profile/register-free-trial/', { email, first_name: 'Tri', last_name: 'Al' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PAYMENTS_MSG.trialStarted });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user!.id));
    expect(sub!.endsAt!.getTime() - sub!.startsAt.getTime()).toBe(7 * 86_400_000);
    expect((await t.emailsTo(email))[0]).toMatchObject({ body: expect.stringContaining('/reset-password/') });
  });

  it('the-same-e-mail-twice-gets-a-clear-message-not-a-second-account', async () => {
    const email = uniqueEmail('twice-trial');
    const body = { email, first_name: 'Tw', last_name: 'Ice' };
    const [a, b] = await Promise.all([
      t.post('/profile/register-free-trial/', body),
      t.post('/profile/register-free-trial/', { ...body, email: email.toUpperCase() }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect((a.statusCode === 400 ? a : b).json()).toEqual({ email: [PAYMENTS_MSG.trialEmailTaken] });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    const staff = await t.post('/profile/register-free-trial/', { ...body, email: STAFF_EMAIL });
    expect(staff.json()).toEqual({ email: [PAYMENTS_MSG.trialEmailTaken] });
  });

  it('missing-fields-are-named', async () => {
    const res = await t.post('/profile/register-free-trial/', { email: 'not-an-email', first_name: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      email: [MSG.emailInvalid],
      first_name: [PAYMENTS_MSG.firstNameRequired],
      last_name: [PAYMENTS_MSG.lastNameRequired],
    });
  });
});
