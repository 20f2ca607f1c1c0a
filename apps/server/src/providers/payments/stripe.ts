/**
 * Stripe Checkout (`PAYMENTS=stripe`) through Stripe's official `stripe` package (API version
 * pinned by the package: `Stripe.API_VERSION`). A checkout is a hosted Checkout Session whose price
 * comes from DRAT's catalogue (`price_data`: no prices kept in Stripe's dashboard), in `payment`
 * mode for one-time plans and `subscription` mode for monthly and yearly ones (with the plan's
 * trial). Webhook events are checked with the SDK's own `webhooks.constructEvent` (the
 * Stripe-Signature header, HMAC-SHA256 with the endpoint's secret, five minutes' tolerance) and
 * read into what they mean to DRAT. Since the 2025-03-31 API version a subscription's period end
 * is on its items (`items.data[].current_period_end`). Every failure is a ProviderError.
 */
import Stripe from 'stripe';
import { ProviderError, type ProviderErrorCode } from '../provider-error';
import type { PaymentEvent, PaymentsProvider } from './interface';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** https://api.stripe.com unless given (tests: a local server speaking Stripe's API). */
  apiUrl?: string | undefined;
  timeoutMs?: number;
  maxNetworkRetries?: number;
}

const PROVIDER = 'stripe';

/** The SDK's error as DRAT's one provider error (its classes follow the HTTP status: docs.stripe.com/api/errors). */
function failure(err: unknown, path: string): ProviderError {
  if (err instanceof ProviderError) return err;
  if (err instanceof Stripe.errors.StripeError) {
    const status = err.statusCode;
    const code: ProviderErrorCode =
      err instanceof Stripe.errors.StripeConnectionError
        ? 'NETWORK'
        : status === 401
          ? 'UNAUTHORIZED'
          : status === 403
            ? 'FORBIDDEN'
            : status === 404
              ? 'NOT_FOUND'
              : status === 429
                ? 'RATE_LIMITED'
                : status !== undefined && status >= 400 && status < 500 && status !== 409
                  ? 'BAD_REQUEST'
                  : 'UPSTREAM';
    return new ProviderError(PROVIDER, code, err.message, {
      ...(status !== undefined ? { status } : {}),
      path,
      ...(err.code ? { vendorCode: err.code } : {}),
    });
  }
  return new ProviderError(PROVIDER, 'NETWORK', err instanceof Error ? err.message : String(err), { path });
}

async function call<T>(path: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw failure(err, path);
  }
}

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v === null || v === undefined ? null : typeof v === 'string' ? v : v.id;
const fromUnix = (s: number | null | undefined): Date | null =>
  s === null || s === undefined ? null : new Date(s * 1000);

/** Until when a subscription is paid (or on trial): the earliest of its items' period ends, else its trial's end. */
function periodEnd(sub: Stripe.Subscription): Date | null {
  const ends = (sub.items?.data ?? [])
    .map((i) => i.current_period_end)
    .filter((e): e is number => typeof e === 'number');
  return fromUnix(ends.length > 0 ? Math.min(...ends) : sub.trial_end);
}

/** A subscription in these states no longer gives its plan (docs.stripe.com/billing/subscriptions/overview#subscription-statuses). */
const ENDED: ReadonlySet<Stripe.Subscription.Status> = new Set(['canceled', 'incomplete_expired', 'unpaid']);
/** Not paid for the period Stripe shows, not ended either. */
const UNPAID: ReadonlySet<Stripe.Subscription.Status> = new Set(['past_due', 'incomplete', 'paused']);

export function createStripePayments(cfg: StripeConfig): PaymentsProvider {
  const url = cfg.apiUrl ? new URL(cfg.apiUrl) : null;
  const stripe = new Stripe(cfg.secretKey, {
    ...(url
      ? {
          host: url.hostname,
          port: Number(url.port || (url.protocol === 'http:' ? 80 : 443)),
          protocol: url.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
    // Every POST carries an Idempotency-Key the SDK reuses on its retries: a retried create makes one session.
    maxNetworkRetries: cfg.maxNetworkRetries ?? 2,
    timeout: cfg.timeoutMs ?? 20_000,
  });

  async function completed(eventId: string, s: Stripe.Checkout.Session): Promise<PaymentEvent> {
    const checkoutId = s.client_reference_id ?? s.metadata?.checkout_id ?? null;
    if (!checkoutId) return { kind: 'ignored', eventId, type: 'checkout.session.completed (not DRAT’s)' };
    // Paid later (a bank debit): its checkout.session.async_payment_succeeded completes it.
    if (s.payment_status === 'unpaid') return { kind: 'ignored', eventId, type: 'checkout.session.completed (unpaid)' };
    const subscriptionId = idOf(s.subscription);
    let paidThrough: Date | undefined;
    if (subscriptionId) {
      const sub = await call(`/v1/subscriptions/${subscriptionId}`, () =>
        stripe.subscriptions.retrieve(subscriptionId),
      );
      paidThrough = periodEnd(sub) ?? undefined;
    }
    return {
      kind: 'completed',
      eventId,
      checkoutId,
      sessionId: s.id,
      email: s.customer_details?.email ?? s.customer_email ?? null,
      name: s.customer_details?.name ?? null,
      customerId: idOf(s.customer),
      subscriptionId,
      paymentId: idOf(s.payment_intent),
      paidThrough,
    };
  }

  return {
    name: 'stripe',

    async createCheckout(r) {
      const recurring = r.interval !== 'once';
      const metadata = { checkout_id: r.checkoutId };
      const session = await call('/v1/checkout/sessions', () =>
        stripe.checkout.sessions.create(
          {
            mode: recurring ? 'subscription' : 'payment',
            line_items: [
              {
                price_data: {
                  currency: 'usd',
                  unit_amount: r.amountCents,
                  product_data: { name: r.planName },
                  ...(recurring ? { recurring: { interval: r.interval === 'year' ? 'year' : 'month' } } : {}),
                },
                quantity: 1,
              },
            ],
            client_reference_id: r.checkoutId,
            metadata,
            ...(r.email ? { customer_email: r.email } : {}),
            success_url: r.successUrl,
            cancel_url: r.cancelUrl,
            allow_promotion_codes: r.allowCoupons,
            ...(recurring
              ? { subscription_data: { metadata, ...(r.trialDays > 0 ? { trial_period_days: r.trialDays } : {}) } }
              : {}),
            expires_at: Math.floor(r.expiresAt.getTime() / 1000),
          },
          { idempotencyKey: `drat-checkout-${r.checkoutId}` },
        ),
      );
      if (!session.url)
        throw new ProviderError(PROVIDER, 'BAD_RESPONSE', 'Stripe answered a Checkout Session without its url.', {
          path: '/v1/checkout/sessions',
        });
      return { sessionId: session.id, url: session.url };
    },

    async expireCheckout(sessionId) {
      const path = `/v1/checkout/sessions/${sessionId}/expire`;
      try {
        await call(path, () => stripe.checkout.sessions.expire(sessionId));
        return 'expired';
      } catch (err) {
        // Only an open session can be expired: it was paid (its event comes) or has expired already.
        if (!(err instanceof ProviderError) || err.code !== 'BAD_REQUEST') throw err;
        const s = await call(`/v1/checkout/sessions/${sessionId}`, () => stripe.checkout.sessions.retrieve(sessionId));
        if (s.status === 'open') throw err;
        return s.status === 'complete' ? 'complete' : 'expired';
      }
    },

    async readEvent(rawBody, headers) {
      const header = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof header !== 'string') throw new Error('No Stripe-Signature header.');
        event = stripe.webhooks.constructEvent(rawBody, header, cfg.webhookSecret);
      } catch (err) {
        throw new ProviderError(
          PROVIDER,
          'BAD_REQUEST',
          `The webhook's signature is not Stripe's: ${(err as Error).message}`,
          {
            path: '/payments/webhook/',
          },
        );
      }
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          return completed(event.id, event.data.object);
        // A bank debit that failed is as an expired session: nothing was paid, the place goes back.
        case 'checkout.session.expired':
        case 'checkout.session.async_payment_failed': {
          const s = event.data.object;
          const checkoutId = s.client_reference_id ?? s.metadata?.checkout_id;
          return checkoutId
            ? { kind: 'expired', eventId: event.id, checkoutId, sessionId: s.id }
            : { kind: 'ignored', eventId: event.id, type: event.type };
        }
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          // Stripe does not promise the order of its deliveries: the subscription as it is now
          // decides, never the event's snapshot (an old renewal delivered after the cancellation
          // must not give the plan back).
          const id = event.data.object.id;
          const sub = await call(`/v1/subscriptions/${id}`, () => stripe.subscriptions.retrieve(id));
          // Renewed but not paid yet (Stripe moves the period at renewal, before the invoice is
          // paid): the plan keeps the end it had until Stripe says paid or ended.
          if (UNPAID.has(sub.status))
            return { kind: 'ignored', eventId: event.id, type: `${event.type} (${sub.status})` };
          const ended = ENDED.has(sub.status);
          return {
            kind: 'subscription',
            eventId: event.id,
            subscriptionId: sub.id,
            // Cancelled at the period's end: the period end stays, and no renewal moves it on.
            paidThrough: ended ? null : periodEnd(sub),
            endedAt: ended ? (fromUnix(sub.ended_at) ?? fromUnix(event.created)) : null,
          };
        }
        case 'charge.refunded': {
          const charge = event.data.object;
          const paymentId = idOf(charge.payment_intent);
          // A part refunded keeps the plan; the whole amount ends it.
          return paymentId && charge.amount_refunded >= charge.amount
            ? { kind: 'refunded', eventId: event.id, paymentId }
            : { kind: 'ignored', eventId: event.id, type: `${event.type} (part)` };
        }
        default:
          return { kind: 'ignored', eventId: event.id, type: event.type };
      }
    },
  };
}
