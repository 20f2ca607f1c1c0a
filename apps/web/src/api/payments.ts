import type { CheckoutBody, CheckoutStarted, CheckoutStatus, Renewal } from '@drat/contracts';
import { api } from './client';

/**
 * Payments as the signed-in app uses them (3-bots-admin-public §7; PAYMENTS_API in packages/contracts):
 * the landing page after paying, and renewal. The public sales pages call the same operations from
 * their own small entry (src/public/api.ts).
 */

/** POST /payments/checkouts/{id}/: paid or not; with the browser's claim, a new buyer's session once. */
export const claimCheckout = (id: string, claim: string | undefined) =>
  api.post<CheckoutStatus>(`/payments/checkouts/${encodeURIComponent(id)}/`, claim ? { claim } : {});

/** GET /payments/renewal: the plans the account had (signed in, or the renewal link's `r`). */
export const fetchRenewal = (r: string | null) => api.get<Renewal>('/payments/renewal', r ? { r } : undefined);

/** POST /payments/payment-checkout/: the provider's page to go to. */
export const startCheckout = (body: CheckoutBody) => api.post<CheckoutStarted>('/payments/payment-checkout/', body);
