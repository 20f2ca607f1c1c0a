/** Where a buyer lands after paying (CHECKOUT_COMPLETE_PATH). */
export { CheckoutCompletePage } from './CheckoutCompletePage';
