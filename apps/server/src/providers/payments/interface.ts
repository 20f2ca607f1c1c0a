/**
 * Who takes the money. `local` (the default, offline) is DRAT's own test checkout: its page
 * (`/checkout/local/:id`) takes a test card and delivers the payment to DRAT through the same path as
 * a real provider's webhook. `stripe` uses Stripe Checkout (the official `stripe` package) and its
 * signed webhook events. Failures are ProviderErrors (providers/provider-error.ts).
 */
import type { PlanInterval } from '@drat/engine';

export interface CheckoutRequest {
  /** DRAT's checkout id: the provider hands it back with every event about the session. */
  checkoutId: string;
  planName: string;
  amountCents: number;
  interval: PlanInterval;
  trialDays: number;
  allowCoupons: boolean;
  /** The buyer's e-mail when DRAT knows it (a signed-in renewal); the checkout page asks otherwise. */
  email: string | null;
  successUrl: string;
  cancelUrl: string;
  /** When the session stops taking payment (the challenge place it holds is then given back). */
  expiresAt: Date;
}

/** What a provider's event means to DRAT. */
export type PaymentEvent =
  | {
      kind: 'completed';
      eventId: string;
      checkoutId: string;
      sessionId: string;
      email: string | null;
      name: string | null;
      customerId: string | null;
      subscriptionId: string | null;
      paymentId: string | null;
      /** Until when the plan runs, as the provider says (a subscription's period or trial end); undefined: DRAT computes it. */
      paidThrough: Date | undefined;
    }
  | { kind: 'expired'; eventId: string; checkoutId: string; sessionId: string }
  /** A subscription renewed, changed or was cancelled: its plan runs until `paidThrough` (null: ended at `endedAt`). */
  | { kind: 'subscription'; eventId: string; subscriptionId: string; paidThrough: Date | null; endedAt: Date | null }
  /** A one-time payment was refunded. */
  | { kind: 'refunded'; eventId: string; paymentId: string }
  /** An event DRAT does not act on (acknowledged). */
  | { kind: 'ignored'; eventId: string; type: string };

export interface PaymentsProvider {
  readonly name: 'local' | 'stripe';
  /** A hosted checkout session for one plan: its id and the page to send the buyer to. */
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Stops a session taking payment; 'complete' when it was paid first (its completion event comes). */
  expireCheckout(sessionId: string): Promise<'expired' | 'complete'>;
  /** A webhook delivery, its signature checked: a ProviderError BAD_REQUEST when it is not the provider's. */
  readEvent(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<PaymentEvent>;
  /** The local provider's own checkout page; absent for a hosted provider. */
  readonly page?: LocalCheckoutPage;
}

export interface LocalCheckoutView {
  id: string;
  planName: string;
  amountCents: number;
  interval: PlanInterval;
  trialDays: number;
  allowCoupons: boolean;
  email: string | null;
  status: 'open' | 'complete' | 'expired';
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
}

export interface LocalCard {
  email: string | null;
  name: string;
  cardNumber: string;
  expiryMonth: number;
  expiryYear: number;
}

/** What the local provider's page does; DRAT acts on the payment through `deliver` (as a webhook). */
export interface LocalCheckoutPage {
  describe(sessionId: string): Promise<LocalCheckoutView | undefined>;
  /**
   * Pays an open session: 'declined' for a declined test card, 'expired' or 'paid' when it no
   * longer takes payment, else the completion event (kept until `delivered`).
   */
  pay(sessionId: string, card: LocalCard): Promise<PaymentEvent | 'declined' | 'expired' | 'paid' | 'not_found'>;
  /** Completion events not yet acted on (the sweep delivers them again). */
  undelivered(): Promise<PaymentEvent[]>;
  delivered(eventId: string): Promise<void>;
}
