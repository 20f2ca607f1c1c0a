import { useMutation } from '@tanstack/react-query';
import { CHECKOUT_CLAIM_STORAGE, type CheckoutBody } from '@drat/contracts';
import { startCheckout } from '../../api/payments';

/** Starts the checkout of a plan to renew and goes to the payments provider's page. */
export const useRenewCheckout = () =>
  useMutation({
    mutationFn: startCheckout,
    onSuccess: (started) => {
      try {
        localStorage.setItem(CHECKOUT_CLAIM_STORAGE + started.id, started.claim);
      } catch {
        // Private mode: nothing to keep; the buyer signs in with their password.
      }
      window.location.assign(started.url);
    },
  });
export type RenewCheckout = (body: CheckoutBody) => void;
