import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { challengeSlots, plans } from './plans';
import { users } from './users';

/**
 * A checkout a buy button started (3-bots-admin-public §7 "Slots and checkout"): the plan and its
 * price as sold at that moment, the payments provider's session, the place it holds of a challenge
 * (or the lifetime offer), and, once paid, the buyer. `claim_hash` is the hash of the secret the
 * starting browser keeps: it signs a buyer whose account this checkout made in, once.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id'),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    amountCents: integer('amount_cents').notNull(),
    trialDays: integer('trial_days').notNull().default(0),
    /** The challenge place this checkout holds; `slot_held` while it is taken off `challenge_slots.slots`. */
    slotId: integer('slot_id').references(() => challengeSlots.id),
    slotHeld: boolean('slot_held').notNull().default(false),
    /** Known at the start when a signed-in user or a renewal link started it; else the buyer, once paid. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    status: text('status', { enum: ['open', 'complete', 'expired', 'refunded'] })
      .notNull()
      .default('open'),
    claimHash: text('claim_hash').notNull(),
    /** This checkout made the buyer's account (so its claim may sign them in, once). */
    madeAccount: boolean('made_account').notNull().default(false),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The address that started it: how many places one address may hold at once. */
    clientIp: text('client_ip'),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    providerPaymentId: text('provider_payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('checkouts_provider_session').on(t.provider, t.providerSessionId),
    index('checkouts_open_expiry')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    index('checkouts_subscription').on(t.providerSubscriptionId),
    index('checkouts_payment').on(t.providerPaymentId),
    index('checkouts_held_by_ip')
      .on(t.clientIp)
      .where(sql`${t.slotHeld}`),
  ],
);

/** Every provider event acted on, once: the same event delivered again changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The offline payments provider's own sessions (`PAYMENTS=local`, the default): what its checkout
 * page sells, and, once paid, the event it delivers to DRAT until DRAT has taken it.
 */
export const localCheckoutSessions = pgTable('local_checkout_sessions', {
  id: text('id').primaryKey(),
  checkoutRef: text('checkout_ref').notNull(),
  planName: text('plan_name').notNull(),
  amountCents: integer('amount_cents').notNull(),
  interval: text('interval', { enum: ['month', 'year', 'once'] }).notNull(),
  trialDays: integer('trial_days').notNull(),
  allowCoupons: boolean('allow_coupons').notNull(),
  email: text('email'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  status: text('status', { enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  /** The completion event, kept until DRAT has acted on it (delivered again by the minute's sweep). */
  event: jsonb('event'),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
});

/** An expired user's renewal link (`/renew?r=…`), given when they sign in with the right password: names their account to a checkout. */
export const renewalLinks = pgTable('renewal_links', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
