import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentsProvider } from './interface';
import { createLocalPayments } from './local/local';
import { createStripePayments } from './stripe';

export type { PaymentsProvider } from './interface';

/** The payments provider chosen by PAYMENTS: DRAT's own offline test checkout (default), or Stripe Checkout. */
export function createPaymentsProvider(
  config: Config['payments'],
  deps: { db: Db; publicUrl: string; now?: () => Date },
): PaymentsProvider {
  if (config.provider === 'stripe') {
    if (!config.stripe)
      throw new Error('Invalid configuration: PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
    return createStripePayments(config.stripe);
  }
  return createLocalPayments(deps);
}
