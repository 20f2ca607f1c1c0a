import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeForm, signEvent, startStripeFake, STRIPE_API_VERSION, type StripeFake } from './stripe-fake';

const SECRET = 'whsec_test_secret';

describe('the fake Stripe server, driven by the real stripe SDK', () => {
  let fake: StripeFake;
  let stripe: Stripe;

  beforeEach(async () => {
    fake = await startStripeFake();
    stripe = new Stripe(fake.apiKey, { host: fake.host, port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterEach(() => fake.close());

  const inHour = () => Math.floor(Date.now() / 1000) + 3600;
  const subscriptionParams = (extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
    ({
      mode: 'subscription',
      line_items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: 9999,
            product_data: { name: 'Pro' },
            recurring: { interval: 'month' },
          },
          quantity: 1,
        },
      ],
      client_reference_id: 'chk_123',
      customer_email: 'ann@example.com',
      success_url: 'https://drat.test/checkout/done?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://drat.test/pricing',
      allow_promotion_codes: true,
      subscription_data: { trial_period_days: 14 },
      metadata: { checkoutId: 'chk_123' },
      expires_at: inHour(),
      ...extra,
    }) satisfies Stripe.Checkout.SessionCreateParams;

  it('creates, retrieves, completes a subscription session and serves its subscription', async () => {
    const params = subscriptionParams();
    const session = await stripe.checkout.sessions.create(params);
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.id}`);
    expect(session).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      mode: 'subscription',
      client_reference_id: 'chk_123',
      customer_email: 'ann@example.com',
      allow_promotion_codes: true,
      metadata: { checkoutId: 'chk_123' },
      expires_at: params.expires_at,
      success_url: 'https://drat.test/checkout/done?session={CHECKOUT_SESSION_ID}',
      customer: null,
      subscription: null,
    });

    // What went over the wire: form-encoded bracket notation, Bearer key, the pinned version.
    const request = fake.requests.at(-1)!;
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(request.rawBody).toContain('line_items[0][price_data][unit_amount]=9999');
    expect(request.rawBody).toContain('subscription_data[trial_period_days]=14');
    expect(request.body).toMatchObject({
      line_items: [{ price_data: { unit_amount: '9999', recurring: { interval: 'month' } }, quantity: '1' }],
      allow_promotion_codes: 'true',
    });

    const again = await stripe.checkout.sessions.retrieve(session.id);
    expect(again.id).toBe(session.id);

    const completed = fake.complete(session.id, { email: 'ann@example.com', name: 'Ann Lee' });
    expect(completed).toMatchObject({
      object: 'event',
      type: 'checkout.session.completed',
      api_version: Stripe.API_VERSION,
    });
    expect(completed.id).toMatch(/^evt_/);
    const paid = completed.data.object;
    expect(paid).toMatchObject({
      status: 'complete',
      payment_status: 'no_payment_required',
      customer_details: { email: 'ann@example.com', name: 'Ann Lee' },
      payment_intent: null,
    });
    expect(paid.customer).toMatch(/^cus_/);
    expect(paid.subscription).toMatch(/^sub_/);

    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved.status).toBe('complete');

    const sub = await stripe.subscriptions.retrieve(paid.subscription as string);
    expect(sub.status).toBe('trialing');
    expect(sub.customer).toBe(paid.customer);
    expect(sub.trial_end! - sub.trial_start!).toBe(14 * 86400);
    // This API version keeps the period on the items, not on the subscription.
    expect(sub.items.data[0]!.current_period_end).toBe(sub.trial_end);
    expect('current_period_end' in sub).toBe(false);

    const renewed = fake.renew(sub.id).data.object;
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]!.current_period_start).toBe(sub.trial_end);

    const cancelling = fake.cancelAtPeriodEnd(sub.id);
    expect(cancelling.type).toBe('customer.subscription.updated');
    expect(cancelling.data.object.cancel_at_period_end).toBe(true);
    expect(cancelling.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    const deleted = fake.deleteSubscription(sub.id);
    expect(deleted.type).toBe('customer.subscription.deleted');
    expect(deleted.data.object).toMatchObject({ status: 'canceled' });
    expect(deleted.data.object.ended_at).toEqual(expect.any(Number));
  });

  it('a one-time payment: payment_intent on completion, then charge.refunded', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'usd', unit_amount: 4900, product_data: { name: 'Year pass' } }, quantity: 1 },
      ],
      success_url: 'https://drat.test/done?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://drat.test/pricing',
    });
    const paid = fake.complete(session.id, { email: 'bob@example.com' }).data.object;
    expect(paid).toMatchObject({ payment_status: 'paid', subscription: null, customer: null });
    expect(paid.payment_intent).toMatch(/^pi_/);
    const refunded = fake.refund(paid.payment_intent as string);
    expect(refunded.type).toBe('charge.refunded');
    expect(refunded.data.object).toMatchObject({
      payment_intent: paid.payment_intent,
      refunded: true,
      amount_refunded: 4900,
    });
    expect('invoice' in refunded.data.object).toBe(false);
  });

  it('expires an open session once; expiring again is a 400', async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams());
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    const error = await stripe.checkout.sessions.expire(session.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);

    const other = await stripe.checkout.sessions.create(subscriptionParams());
    const event = fake.expire(other.id);
    expect(event).toMatchObject({
      type: 'checkout.session.expired',
      data: { object: { id: other.id, status: 'expired' } },
    });
  });

  it('validates like Stripe: missing params and expires_at outside 30 min..24 h', async () => {
    const cases: [Partial<Stripe.Checkout.SessionCreateParams>, string][] = [
      [{ mode: undefined }, 'mode'],
      [{ success_url: undefined }, 'success_url'],
      [{ line_items: undefined }, 'line_items'],
      [{ expires_at: Math.floor(Date.now() / 1000) + 10 * 60 }, 'expires_at'],
      [{ expires_at: Math.floor(Date.now() / 1000) + 25 * 3600 }, 'expires_at'],
    ];
    for (const [extra, param] of cases) {
      const error = await stripe.checkout.sessions.create(subscriptionParams(extra)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({
        statusCode: 400,
        param,
        rawType: 'invalid_request_error',
        type: 'StripeInvalidRequestError',
      });
    }
  });

  it('answers 401 for a wrong key, 404 for an unknown id, and scripted failures', async () => {
    const wrong = new Stripe('sk_test_wrong_key_123456', {
      host: fake.host,
      port: fake.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(wrong.checkout.sessions.retrieve('cs_test_x')).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    await expect(stripe.subscriptions.retrieve('sub_nope')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });

    fake.failNext(500);
    await expect(stripe.checkout.sessions.create(subscriptionParams())).rejects.toBeInstanceOf(
      Stripe.errors.StripeAPIError,
    );
    fake.failNext(429);
    await expect(stripe.checkout.sessions.create(subscriptionParams())).rejects.toBeInstanceOf(
      Stripe.errors.StripeRateLimitError,
    );

    // With retries the SDK tries again (same Idempotency-Key) and gets through.
    const retrying = new Stripe(fake.apiKey, {
      host: fake.host,
      port: fake.port,
      protocol: 'http',
      maxNetworkRetries: 1,
    });
    fake.failNext(503);
    const before = fake.requests.length;
    const session = await retrying.checkout.sessions.create(subscriptionParams());
    expect(session.status).toBe('open');
    const [first, second] = fake.requests.slice(before);
    expect(first!.headers['idempotency-key']).toBe(second!.headers['idempotency-key']);
  });

  it('signEvent signs as Stripe does; constructEvent accepts it and rejects a tampered body', async () => {
    const session = await stripe.checkout.sessions.create(subscriptionParams());
    const event = fake.complete(session.id, { email: 'ann@example.com' });
    const { body, header } = signEvent(event, SECRET);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    const verified = stripe.webhooks.constructEvent(body, header, SECRET);
    expect(verified.id).toBe(event.id);
    expect(verified.type).toBe('checkout.session.completed');
    await expect(stripe.webhooks.constructEventAsync(Buffer.from(body), header, SECRET)).resolves.toMatchObject({
      id: event.id,
    });

    const tampered = body.replace('ann@example.com', 'eve@example.com');
    expect(() => stripe.webhooks.constructEvent(tampered, header, SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(body, header, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );

    // Older than the default tolerance (300 s): rejected.
    const old = signEvent(event, SECRET, Math.floor(Date.now() / 1000) - 301);
    expect(() => stripe.webhooks.constructEvent(old.body, old.header, SECRET)).toThrow(/tolerance/);
  });

  it('decodeForm undoes bracket notation', () => {
    expect(decodeForm('a=1&b[c]=2&d[0][e]=3&d[1][e]=4&f[0]=x')).toEqual({
      a: '1',
      b: { c: '2' },
      d: [{ e: '3' }, { e: '4' }],
      f: ['x'],
    });
  });
});
