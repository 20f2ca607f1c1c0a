/**
 * The public side (3-bots-admin-public §2.11-§2.14, §3 "Pricing plan", "Free-trial signup", §7
 * "Slots and checkout", "Public", §9 pricing): the plan catalogue as the public pages show it (read
 * from the database, never written into a page), the checkout a buy button starts, the offline
 * checkout page of the `local` payments provider, the page a buyer lands on after paying, and the
 * 7-day free trial.
 */
import { z } from 'zod';
import { emailField } from './auth';
import { messageSchema, operation } from './operation';
import { sessionDataSchema } from './session';

export { LOCAL_CHECKOUT_PATH, PUBLIC_SALES_PATHS, PUBLIC_SALES_PREFIXES } from './public-paths';

/** §2.13 and §9: places per challenge. */
export const CHALLENGE_CAPACITY = 25;
/** How long a checkout holds a challenge's or the lifetime offer's place before it is given back. */
export const CHECKOUT_HOLD_MINUTES = 35;
/** The places of challenges one address may hold at once, unpaid. */
export const CHECKOUT_HOLDS_PER_ADDRESS = 2;
/** How long after paying the landing page may sign a new buyer in (a claim kept for later opens nothing). */
export const CHECKOUT_CLAIM_MINUTES = 30;
/** How long an expired user's renewal link (given at a refused sign-in) works. */
export const RENEWAL_LINK_HOURS = 24;
/** The plan the free-trial sign-up gives. */
export const FREE_TRIAL_PLAN = 'free-trial';
/** The local provider's own checkout page; the session's id follows. */
/** What the page that starts a checkout keeps in localStorage (key + checkout id): the secret that signs a new buyer in. */
export const CHECKOUT_CLAIM_STORAGE = 'drat.checkout.';

/**
 * Which plans each public page sells (by plan code; prices, trial days, details and places come from
 * `GET /payments/catalogue`). `pricing` lists monthly and yearly codes in the cards' order.
 */
export const PUBLIC_OFFERS = {
  pricingMonthly: ['basic-monthly', 'stocks-monthly', 'options-monthly', 'weekly-trade-idea-monthly', 'elite-monthly'],
  pricingYearly: ['basic-yearly', 'stocks-yearly', 'options-yearly', 'weekly-trade-idea-yearly', 'elite-yearly'],
  /** Shown on the pricing page under both switches, with their places. */
  pricingOnce: ['lifetime'],
  lifetime: ['lifetime'],
  special: ['special-stocks', 'special-options'],
  offer25: ['offer25-stocks', 'offer25-options', 'offer25-smart-trader', 'offer25-elite'],
  smartTraderTrial: ['offer25-smart-trader'],
  challenges: ['trade-challenge-5k', 'trade-challenge-10k', 'trade-challenge-15k', 'trade-challenge-25k'],
  freeTrial: ['free-trial'],
} as const;

export const PAYMENTS_MSG = {
  planUnknown: 'This plan is not on sale. Choose one from the plans page.',
  /** A challenge or the lifetime offer with no place left (409). */
  soldOut: (planName: string) => `${planName} is full: every place has been taken.`,
  /** The page's offer is not what the catalogue sells now (409): reload. */
  offerChanged: 'This offer has changed since the page was opened. Reload the page to see it as it is now.',
  checkoutUnavailable: 'Checkout could not be started. Please try again in a moment.',
  checkoutNotFound: 'No checkout has this id.',
  renewalLinkInvalid: 'This renewal link has expired. Sign in again to get a new one.',
  checkoutExpired: 'This checkout has expired. Start again from the plans page.',
  checkoutPaid: 'This checkout is already paid.',
  refunded: 'This payment was refunded, and the plan it bought has ended.',
  challengeUnknown: 'This challenge has no places on sale. Choose one on its page.',
  tooManyHeld: (n: number, minutes: number) =>
    `This address already holds ${n} places of challenges: pay for them, or wait until they are given back (${minutes} minutes after they were started).`,
  staffEmailPaid: 'This e-mail is reserved. Support will refund this payment.',
  cardNumberInvalid: 'Enter the card number: 16 digits, such as 4242 4242 4242 4242.',
  cardExpiryInvalid: 'Enter the expiry date as MM/YY, in the future.',
  cardCvcInvalid: 'Enter the 3 or 4 digit security code.',
  cardDeclined: 'Your card was declined. Try another card.',
  nameRequired: 'Enter the name on the card.',
  badSignature: 'The webhook signature is not valid.',
  /** The landing page's answers. */
  paidSignedIn: (planName: string) => `Payment received. Welcome to ${planName}!`,
  paidSignIn: (planName: string) =>
    `Payment received: ${planName} is on your account. Sign in to use it (a link to set your password is in your e-mail if you are new).`,
  pending: 'Payment is being confirmed…',
  /** Free trial (§7 "Public": the answer's message is shown). */
  trialStarted: 'Your 7-day free trial has started. We have e-mailed you a link to set your password.',
  trialEmailTaken:
    'An account with this e-mail already exists. Sign in, or use "Forgot password" on the sign-in page to set a new password.',
  firstNameRequired: 'Enter your first name.',
  lastNameRequired: 'Enter your last name.',
  nameTooLong: 'Names are at most 150 characters.',
} as const;

/* ---- The catalogue ------------------------------------------------------------------------------ */

export const catalogueItemSchema = z.object({
  /** The plan's code: what a buy button sends as `price_id`. */
  price_id: z.string(),
  name: z.string(),
  interval: z.enum(['month', 'year', 'once']),
  /** Dollars, exact to the cent. */
  price: z.number(),
  /** The struck-through price of a discount, or null. */
  original_price: z.number().nullable(),
  trial_days: z.number(),
  is_subscription: z.boolean(),
  allow_coupons: z.boolean(),
  /** The card's detail lines. */
  details: z.array(z.string()),
  /** Places left (challenges, the lifetime offer; per challenge number), or null when unlimited. */
  slots_left: z.number().nullable(),
  /** A yearly plan: its price per month, and what it saves against twelve months of the monthly plan. */
  per_month: z.number().nullable(),
  saves: z.number().nullable(),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;
export const catalogueSchema = z.object({ plans: z.array(catalogueItemSchema) });
export type Catalogue = z.infer<typeof catalogueSchema>;

export const catalogueQuery = z.object({
  /** The challenge number whose places `slots_left` gives (§2.13: 1 on /pay-trade-challenges, 2 on the other page). */
  challenge: z.coerce
    .number({ error: 'challenge must be a whole number from 1 to 99.' })
    .int({ error: 'challenge must be a whole number from 1 to 99.' })
    .min(1, { error: 'challenge must be a whole number from 1 to 99.' })
    .max(99, { error: 'challenge must be a whole number from 1 to 99.' })
    .default(1),
});

/** GET /payments/renewal: the account's e-mail, and the plans it had. */
export const renewalSchema = catalogueSchema.extend({ email: z.string() });
export type Renewal = z.infer<typeof renewalSchema>;

/* ---- Checkout ----------------------------------------------------------------------------------- */

/** A path of this product to come back to ('/pay'), never another site. */
const localPath = z
  .string()
  .max(300)
  .regex(/^\/(?![/\\])[^\s]*$/, { error: 'return_path must be a path of this site, such as /pay.' });

/** POST /payments/payment-checkout/ (§7): the spec's fields, plus the challenge number and the page to come back to. */
export const checkoutBody = z.object({
  price_id: z.string({ error: PAYMENTS_MSG.planUnknown }).trim().min(1, { error: PAYMENTS_MSG.planUnknown }).max(100),
  allow_coupons: z.boolean().optional(),
  have_trial: z.boolean().optional(),
  trial_period_days: z.number().int().min(0).max(365).optional(),
  is_subscription: z.boolean().optional(),
  challenge: z.number().int().min(1).max(99).optional(),
  return_path: localPath.optional(),
  /** The buyer's e-mail, when the page knows it: a purchase goes to the account with this e-mail. */
  email: emailField.optional(),
  /** An expired user's renewal link (`/renew?r=…`): the purchase goes to their account. */
  renewal: z.string().max(200).optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;
/** `id` is DRAT's checkout id; `claim` the secret the starting page keeps (CHECKOUT_CLAIM_STORAGE). */
export const checkoutStartedSchema = z.object({ id: z.string(), url: z.string(), claim: z.string() });
export type CheckoutStarted = z.infer<typeof checkoutStartedSchema>;

/** The landing page: is the checkout paid, and (once, for a new buyer in the browser that started it) a session. */
export const checkoutClaimBody = z.object({ claim: z.string().max(200).optional() });
export const checkoutStatusSchema = z.object({
  status: z.enum(['open', 'complete', 'expired', 'refunded']),
  plan_name: z.string(),
  message: z.string(),
  /** Set once: the new buyer signed in, as a sign-in answers. */
  user_data: sessionDataSchema.optional(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

/* ---- The local provider's checkout page --------------------------------------------------------- */

export const localCheckoutSchema = z.object({
  id: z.string(),
  plan_name: z.string(),
  price: z.number(),
  interval: z.enum(['month', 'year', 'once']),
  trial_days: z.number(),
  /** Known when a signed-in user started it (a renewal); the page then does not ask. */
  email: z.string().nullable(),
  status: z.enum(['open', 'complete', 'expired']),
  expires_at: z.string(),
  cancel_url: z.string(),
  allow_coupons: z.boolean(),
});
export type LocalCheckout = z.infer<typeof localCheckoutSchema>;

const CARD_DIGITS = /^\d{16}$/;
/** The card number's own check digit (ISO/IEC 7812): catches a mistyped digit. */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}
export const localPayBody = z.object({
  email: emailField.optional(),
  name: z.string({ error: PAYMENTS_MSG.nameRequired }).trim().min(1, { error: PAYMENTS_MSG.nameRequired }).max(150),
  card_number: z
    .string({ error: PAYMENTS_MSG.cardNumberInvalid })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => CARD_DIGITS.test(v) && luhn(v), { error: PAYMENTS_MSG.cardNumberInvalid }),
  expiry: z
    .string({ error: PAYMENTS_MSG.cardExpiryInvalid })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, { error: PAYMENTS_MSG.cardExpiryInvalid }),
  cvc: z
    .string({ error: PAYMENTS_MSG.cardCvcInvalid })
    .trim()
    .regex(/^\d{3,4}$/, { error: PAYMENTS_MSG.cardCvcInvalid }),
});
export type LocalPayBody = z.input<typeof localPayBody>;
export const localPaidSchema = z.object({ redirect_url: z.string() });

/* ---- The free trial ----------------------------------------------------------------------------- */

const personName = (required: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(150, { error: PAYMENTS_MSG.nameTooLong });

/** POST /profile/register-free-trial/ (§3 "Free-trial signup", §7 "Public"). */
export const freeTrialBody = z.object({
  email: emailField,
  first_name: personName(PAYMENTS_MSG.firstNameRequired),
  last_name: personName(PAYMENTS_MSG.lastNameRequired),
});
export type FreeTrialBody = z.input<typeof freeTrialBody>;

export const PAYMENTS_API = {
  catalogue: operation({
    method: 'GET',
    path: '/payments/catalogue',
    operationId: 'getPlanCatalogue',
    summary: 'The plans on sale with their prices, trials, details and places left (public pages)',
    tag: 'Payments',
    query: catalogueQuery,
    response: catalogueSchema,
    errors: [400],
    public: true,
  }),
  checkout: operation({
    method: 'POST',
    path: '/payments/payment-checkout/',
    operationId: 'startCheckout',
    summary: "Start paying for a plan: the payments provider's checkout page to go to (takes a place of a challenge)",
    tag: 'Payments',
    body: checkoutBody,
    response: checkoutStartedSchema,
    errors: [400, 409, 429, 503],
    public: true,
  }),
  checkoutStatus: operation({
    method: 'POST',
    path: '/payments/checkouts/:id/',
    operationId: 'claimCheckout',
    summary: 'Whether a checkout is paid; signs a new buyer in once, in the browser that started it',
    tag: 'Payments',
    params: z.object({ id: z.string().max(100) }),
    body: checkoutClaimBody,
    response: checkoutStatusSchema,
    errors: [400, 404, 429],
    public: true,
  }),
  webhook: operation({
    method: 'POST',
    path: '/payments/webhook/',
    operationId: 'paymentsWebhook',
    summary: "The payments provider's events (signed): payments, renewals, cancellations and refunds",
    description:
      "Stripe's webhook endpoint: the body exactly as Stripe sent it, checked against its Stripe-Signature header with the endpoint's signing secret. The same event twice acts once.",
    tag: 'Payments',
    consumes: ['application/json'],
    response: z.object({ received: z.boolean() }),
    errors: [400, 503],
    public: true,
  }),
  localCheckout: operation({
    method: 'GET',
    path: '/payments/local-checkout/:id/',
    operationId: 'getLocalCheckout',
    summary: "The offline payments provider's checkout: what is being bought",
    tag: 'Payments',
    params: z.object({ id: z.string().max(100) }),
    response: localCheckoutSchema,
    errors: [404],
    public: true,
  }),
  localPay: operation({
    method: 'POST',
    path: '/payments/local-checkout/:id/pay/',
    operationId: 'payLocalCheckout',
    summary:
      "Pay the offline provider's checkout with a test card (4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined)",
    tag: 'Payments',
    params: z.object({ id: z.string().max(100) }),
    body: localPayBody,
    response: localPaidSchema,
    errors: [400, 404, 409, 429],
    public: true,
  }),
  renewal: operation({
    method: 'GET',
    path: '/payments/renewal',
    operationId: 'getRenewalPlans',
    summary:
      "The plans the caller (signed in, or named by the renewal link's `r`) had that are on sale, newest first: what the renewal page offers",
    tag: 'Payments',
    query: z.object({ r: z.string().max(200).optional() }),
    response: renewalSchema,
    errors: [400, 401],
    public: true,
  }),
  freeTrial: operation({
    method: 'POST',
    path: '/profile/register-free-trial/',
    operationId: 'registerFreeTrial',
    summary: 'Sign up for the 7-day free trial: the account, and an e-mail to set its password',
    tag: 'Payments',
    body: freeTrialBody,
    response: messageSchema,
    errors: [400, 429],
    public: true,
  }),
} as const;
