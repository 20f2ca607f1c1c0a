import { index, integer, numeric, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);
