import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';
import { alertTypes } from './alert-types';

export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** month, year, or once (lifetime, challenges, credit bundles). */
  interval: text('interval', { enum: ['month', 'year', 'once'] }).notNull(),
  amountCents: integer('amount_cents').notNull(),
  /** Rights this plan grants: AA, DA, ADA, TIA, LIVE_TRADER, SMART_TRADER, TRADE_CHALLENGE. */
  features: text('features').array().notNull().default([]),
  dioneCredits: integer('dione_credits').notNull().default(0),
  tradeIdeasCredits: integer('trade_ideas_credits').notNull().default(0),
  trialDays: integer('trial_days').notNull().default(0),
  /** Price shown struck through on offer pages, when this plan is a discount. */
  originalPrice: numeric('original_price', { precision: 12, scale: 2 }),
  /** The card's detail lines on the public pages. */
  details: text('details').array().notNull().default([]),
  /** Whether its checkout takes promotion codes. */
  allowCoupons: boolean('allow_coupons').notNull().default(true),
  /** Sold on the public pages (false: given by super users only). */
  onSale: boolean('on_sale').notNull().default(true),
});

export const planAlertTypes = pgTable(
  'plan_alert_types',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    alertTypeId: integer('alert_type_id')
      .notNull()
      .references(() => alertTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.planId, t.alertTypeId] })],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for plans that do not end (lifetime). */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The checkout that sold it (payments): its provider's renewals and cancellations move `endsAt`. */
    checkoutId: text('checkout_id'),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId), uniqueIndex('subscriptions_checkout').on(t.checkoutId)],
);

/**
 * A trade challenge's (or the lifetime offer's) slots (3-bots-admin-public §3 "Trade-challenge
 * slot"): how many were offered and how many are left, and the count-down that takes
 * `deduction` slots every `rateHours` between its start and end (a scheduled job; `deductedPeriods`
 * counts the periods already taken, so the job takes each period once, however often it runs).
 */
export const challengeSlots = pgTable(
  'challenge_slots',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    /** The challenge's number: '$5K Trade Challenge - 2' is number 2. */
    number: integer('number').notNull().default(1),
    link: text('link').notNull().default(''),
    initialSlots: integer('initial_slots').notNull(),
    slots: integer('slots').notNull(),
    countDownStart: timestamp('count_down_start', { withTimezone: true }),
    countDownEnd: timestamp('count_down_end', { withTimezone: true }),
    rateHours: integer('rate_hours').notNull().default(0),
    deduction: integer('deduction').notNull().default(0),
    deductedPeriods: integer('deducted_periods').notNull().default(0),
  },
  (t) => [
    uniqueIndex('challenge_slots_plan_number').on(t.planId, t.number),
    check('challenge_slots_not_negative', sql`${t.slots} >= 0 and ${t.initialSlots} >= 0`),
  ],
);
