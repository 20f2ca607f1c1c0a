/**
 * The paths of the public sales pages (3-bots-admin-public §2.14), without imports: the web build's
 * dev-server plugin reads this file too (apps/web/vite/offers-in-dev.ts).
 */

/** The local provider's own checkout page; the session's id follows. */
export const LOCAL_CHECKOUT_PATH = '/checkout/local';

/**
 * The public sales pages (§2.14), served from their own small entry of the web build (no sign-in
 * code): exact paths, then prefixes (the 25%-off offer's token, challenge page 2's hash, the local
 * provider's checkout page).
 */
export const PUBLIC_SALES_PATHS = [
  '/pay',
  '/pay-lifetime',
  '/pay-special-offer',
  '/seven-days-free-trial-offer-no-card-required',
  '/14-days-free-smart-trade-trial',
  '/pay-trade-challenges',
  '/marketing',
] as const;
export const PUBLIC_SALES_PREFIXES = ['/offer/', '/trade-challenge/', `${LOCAL_CHECKOUT_PATH}/`] as const;
