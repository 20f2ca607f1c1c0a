import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAYMENTS_MSG, type CheckoutStarted, type CheckoutStatus } from '@drat/contracts';
import { checkouts, paymentEvents, subscriptions, users } from '../../db/schema/index';
import { createStripePayments } from '../../providers/payments/stripe';
import { uniqueEmail } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { signEvent, startStripeFake, type StripeFake } from '../../../test/stripe-fake';

/**
 * Payments through Stripe (PAYMENTS=stripe), against a local server speaking Stripe's API
 * (test/stripe-fake.ts) and webhooks signed as Stripe signs them: a checkout is a Checkout Session
 * priced from the catalogue, the signed completion grants the plan, the same event twice changes
 * nothing, a bad signature is refused with nothing changed, a cancellation ends the plan at the
 * period's end, a deleted subscription ends it, and a refund of a one-time plan ends it.
 */
const SECRET = 'whsec_test_drat';
let t: TestApp;
let fake: StripeFake;

beforeAll(async () => {
  fake = await startStripeFake();
  t = await createTestApp({
    payments: createStripePayments({
      secretKey: fake.apiKey,
      webhookSecret: SECRET,
      apiUrl: fake.url,
      maxNetworkRetries: 0,
    }),
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const deliver = (event: unknown, secret = SECRET) => {
  const { body, header } = signEvent(event, secret);
  return t.inject({
    method: 'POST',
    url: '/api/payments/webhook/',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload: body,
  });
};
const checkoutRow = async (id: string) => (await t.db.select().from(checkouts).where(eq(checkouts.id, id)))[0]!;
const subscriptionOf = async (checkoutId: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.checkoutId, checkoutId)))[0];

async function start(body: Record<string, unknown>): Promise<CheckoutStarted> {
  const res = await t.post('/payments/payment-checkout/', body);
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  return res.json<CheckoutStarted>();
}

describe('Stripe Checkout', () => {
  it('a-subscription-with-a-trial-is-a-checkout-session-priced-from-the-catalogue', async () => {
    const started = await start({
      price_id: 'offer25-elite',
      have_trial: true,
      trial_period_days: 14,
      is_subscription: true,
    });
    const session = fake.sessions.get((await checkoutRow(started.id)).providerSessionId!)!;
    expect(started.url).toBe(session.url);
    const sent = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
    expect(sent.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: started.id,
      allow_promotion_codes: 'true',
      success_url: `http://drat.test/checkout/complete?checkout=${started.id}`,
      cancel_url: 'http://drat.test/pay',
      subscription_data: { trial_period_days: '14', metadata: { checkout_id: started.id } },
      line_items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: '13499',
            product_data: { name: 'DRAT Elite' },
            recurring: { interval: 'month' },
          },
          quantity: '1',
        },
      ],
    });
    expect(sent.headers['idempotency-key']).toBe(`drat-checkout-${started.id}`);
  });

  it('the-signed-completion-sells-the-plan-once-however-often-it-is-delivered', async () => {
    const started = await start({ price_id: 'stocks-yearly', is_subscription: true, have_trial: false });
    const sessionId = (await checkoutRow(started.id)).providerSessionId!;
    const email = uniqueEmail('stripe');
    const event = fake.complete(sessionId, { email, name: 'Stripe Buyer' });

    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    // Stripe retries a delivery it thinks failed: the same event changes nothing.
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).statusCode).toBe(200);

    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const subs = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user!.id));
    expect(subs).toHaveLength(1);
    // The period end is Stripe's (on the subscription's items).
    const sub = fake.subscriptions.get(event.data.object.subscription as string)!;
    expect(subs[0]!.endsAt!.getTime()).toBe(sub.items.data[0]!.current_period_end * 1000);
    expect(await t.emailsTo(email)).toHaveLength(1);
    expect((await checkoutRow(started.id)).providerSubscriptionId).toBe(sub.id);

    const status = (
      await t.post(`/payments/checkouts/${started.id}/`, { claim: started.claim })
    ).json<CheckoutStatus>();
    expect(status.user_data).toMatchObject({ email, TIA: true });

    // Renewed: the period moves on.
    const renewed = fake.renew(sub.id);
    await deliver(renewed);
    expect((await subscriptionOf(started.id))!.endsAt!.getTime()).toBe(
      fake.subscriptions.get(sub.id)!.items.data[0]!.current_period_end * 1000,
    );

    // Cancelled in the portal: the plan runs to the period's end, and no further.
    const cancelled = fake.cancelAtPeriodEnd(sub.id);
    await deliver(cancelled);
    const periodEnd = fake.subscriptions.get(sub.id)!.items.data[0]!.current_period_end * 1000;
    expect((await subscriptionOf(started.id))!.endsAt!.getTime()).toBe(periodEnd);

    // Deleted (ended now): the plan ends.
    const deleted = fake.deleteSubscription(sub.id);
    await deliver(deleted);
    expect((await subscriptionOf(started.id))!.endsAt!.getTime()).toBe(deleted.data.object.ended_at! * 1000);

    // Past due (renewed, not paid): the plan keeps its end; no unpaid period is given.
    // (The fake's subscription is deleted by now; a past-due one is checked in the adapter's own words below.)
    // An older event delivered late (Stripe does not promise the order) does not give the plan back.
    const late = { ...renewed, id: `evt_late_${sub.id}` }; // an 'active' snapshot first delivered now
    expect((await deliver(late)).statusCode).toBe(200);
    expect((await subscriptionOf(started.id))!.endsAt!.getTime()).toBe(deleted.data.object.ended_at! * 1000);
  });

  it('a-bad-signature-is-refused-and-changes-nothing', async () => {
    const started = await start({ price_id: 'basic-monthly' });
    const sessionId = (await checkoutRow(started.id)).providerSessionId!;
    const email = uniqueEmail('forged');
    const event = fake.complete(sessionId, { email });
    const wrongSecret = await deliver(event, 'whsec_not_ours');
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toEqual({ non_field_errors: [PAYMENTS_MSG.badSignature] });

    const { body, header } = signEvent(event, SECRET);
    const tampered = await t.inject({
      method: 'POST',
      url: '/api/payments/webhook/',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: body.replace(email, uniqueEmail('attacker')),
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.inject({
      method: 'POST',
      url: '/api/payments/webhook/',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toHaveLength(0);
    expect((await checkoutRow(started.id)).status).toBe('open');
  });

  it('a-refunded-one-time-plan-ends-and-an-expired-session-gives-its-place-back', async () => {
    const started = await start({ price_id: 'trade-challenge-5k', is_subscription: false });
    const sessionId = (await checkoutRow(started.id)).providerSessionId!;
    expect(fake.requests.at(-1)!.body).toMatchObject({ mode: 'payment' });
    const email = uniqueEmail('refund');
    const paid = fake.complete(sessionId, { email });
    await deliver(paid);
    expect((await subscriptionOf(started.id))!.endsAt).toBeNull();
    const placesPaid = (await t.get('/payments/catalogue')).json<{
      plans: { price_id: string; slots_left: number }[];
    }>();
    const refunded = fake.refund(paid.data.object.payment_intent as string);
    expect((await deliver(refunded)).statusCode).toBe(200);
    expect((await subscriptionOf(started.id))!.endsAt!.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    // The place comes back, and the landing page says what happened.
    const placesRefunded = (await t.get('/payments/catalogue')).json<{
      plans: { price_id: string; slots_left: number }[];
    }>();
    expect(placesRefunded.plans.find((p) => p.price_id === 'trade-challenge-5k')!.slots_left).toBe(
      placesPaid.plans.find((p) => p.price_id === 'trade-challenge-5k')!.slots_left + 1,
    );
    expect((await checkoutRow(started.id)).status).toBe('refunded');
    expect((await t.post(`/payments/checkouts/${started.id}/`, {})).json()).toMatchObject({
      status: 'refunded',
      message: PAYMENTS_MSG.refunded,
    });

    const unpaid = await start({ price_id: 'trade-challenge-5k', is_subscription: false });
    const before = (await t.get('/payments/catalogue')).json<{ plans: { price_id: string; slots_left: number }[] }>();
    const left = before.plans.find((p) => p.price_id === 'trade-challenge-5k')!.slots_left;
    await deliver(fake.expire((await checkoutRow(unpaid.id)).providerSessionId!));
    const after = (await t.get('/payments/catalogue')).json<{ plans: { price_id: string; slots_left: number }[] }>();
    expect(after.plans.find((p) => p.price_id === 'trade-challenge-5k')!.slots_left).toBe(left + 1);
    expect((await checkoutRow(unpaid.id)).status).toBe('expired');
  });

  it('stripe-failing-answers-503-and-gives-the-place-back', async () => {
    const before = (await t.get('/payments/catalogue')).json<{ plans: { price_id: string; slots_left: number }[] }>();
    const left = before.plans.find((p) => p.price_id === 'lifetime')!.slots_left;
    fake.failNext(500);
    const res = await t.post('/payments/payment-checkout/', { price_id: 'lifetime' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ detail: PAYMENTS_MSG.checkoutUnavailable });
    const after = (await t.get('/payments/catalogue')).json<{ plans: { price_id: string; slots_left: number }[] }>();
    expect(after.plans.find((p) => p.price_id === 'lifetime')!.slots_left).toBe(left);
  });
});
