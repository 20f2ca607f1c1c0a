/**
 * The offline payments provider (`PAYMENTS=local`, the default): DRAT's own test checkout. Its
 * page (`/checkout/local/:id`, served by the web app) shows what is bought and takes a test card,
 * as Stripe's test mode does: 4000 0000 0000 0002 is declined, any other card number that passes
 * the Luhn check pays. A payment becomes a completion event kept with the session; DRAT acts on it
 * at once, and the minute's sweep delivers again any it has not taken (as a provider retries a
 * webhook), so a payment is never lost and, events being acted on once, never counted twice.
 * Sessions live in PostgreSQL (local.repo.ts), so every server process sees them.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/client';
import { ProviderError } from '../../provider-error';
import type { LocalCard, LocalCheckoutPage, PaymentEvent, PaymentsProvider } from '../interface';
import { localPaymentsRepo, type LocalSessionRow } from './local.repo';

/** Stripe's test card that is always declined (docs.stripe.com/testing). */
export const DECLINED_TEST_CARD = '4000000000000002';
/** How long a paid session's event waits before the sweep delivers it again. */
const REDELIVER_AFTER_MS = 30_000;

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export function createLocalPayments(deps: { db: Db; publicUrl: string; now?: () => Date }): PaymentsProvider {
  const repo = localPaymentsRepo(deps.db);
  const now = deps.now ?? (() => new Date());
  const view = (s: LocalSessionRow) => ({
    id: s.id,
    planName: s.planName,
    amountCents: s.amountCents,
    interval: s.interval,
    trialDays: s.trialDays,
    allowCoupons: s.allowCoupons,
    email: s.email,
    status: s.status === 'open' && s.expiresAt <= now() ? ('expired' as const) : s.status,
    expiresAt: s.expiresAt,
    successUrl: s.successUrl,
    cancelUrl: s.cancelUrl,
  });

  const page: LocalCheckoutPage = {
    async describe(sessionId) {
      const s = await repo.byId(sessionId);
      return s && view(s);
    },
    async pay(sessionId, card: LocalCard) {
      const s = await repo.byId(sessionId);
      if (!s) return 'not_found';
      const status = view(s).status;
      if (status === 'complete') return 'paid';
      if (status === 'expired') return 'expired';
      if (card.cardNumber === DECLINED_TEST_CARD) return 'declined';
      const email = s.email ?? card.email;
      if (!email) throw new ProviderError('local-payments', 'BAD_REQUEST', 'The e-mail is missing.');
      const event: PaymentEvent = {
        kind: 'completed',
        eventId: newId('evt_local'),
        checkoutId: s.checkoutRef,
        sessionId: s.id,
        email,
        name: card.name,
        customerId: newId('lcus'),
        subscriptionId: s.interval === 'once' ? null : newId('lsub'),
        paymentId: newId('lpi'),
        paidThrough: undefined,
      };
      if (!(await repo.pay(s.id, now(), email, event))) {
        const after = await repo.byId(sessionId);
        return after?.status === 'complete' ? 'paid' : 'expired';
      }
      return event;
    },
    async undelivered() {
      const events = await repo.undelivered(new Date(now().getTime() - REDELIVER_AFTER_MS));
      return events as PaymentEvent[];
    },
    async delivered(eventId) {
      await repo.delivered(eventId, now());
    },
  };

  return {
    name: 'local',
    page,
    async createCheckout(r) {
      const sessionId = newId('lcs');
      await repo.create({
        id: sessionId,
        checkoutRef: r.checkoutId,
        planName: r.planName,
        amountCents: r.amountCents,
        interval: r.interval,
        trialDays: r.trialDays,
        allowCoupons: r.allowCoupons,
        email: r.email,
        successUrl: r.successUrl,
        cancelUrl: r.cancelUrl,
        expiresAt: r.expiresAt,
      });
      return { sessionId, url: `${deps.publicUrl}/checkout/local/${sessionId}` };
    },
    async expireCheckout(sessionId) {
      const status = await repo.expire(sessionId);
      return status === 'complete' ? 'complete' : 'expired';
    },
    readEvent() {
      return Promise.reject(
        new ProviderError('local-payments', 'BAD_REQUEST', 'The local payments provider sends no webhooks.'),
      );
    },
  };
}
