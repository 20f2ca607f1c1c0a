import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isSuper: boolean('is_super').notNull().default(false),
    /** Broker access granted (live mode); only effective while a plan allows live trading. */
    isLiveTrader: boolean('is_live_trader').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const profiles = pgTable('profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  phoneNumber: text('phone_number').notNull().default(''),
  profilePic: text('profile_pic'),
  receiveSms: boolean('receive_sms').notNull().default(false),
  receiveEmails: boolean('receive_emails').notNull().default(true),
  getTrackersNotification: boolean('get_trackers_notification').notNull().default(true),
  getAlertsNotification: boolean('get_alerts_notification').notNull().default(true),
  otpEnabled: boolean('otp_enabled').notNull().default(false),
  firstLogin: boolean('first_login').notNull().default(true),
  theme: text('theme', { enum: ['light', 'dark'] })
    .notNull()
    .default('light'),
  dioneCredits: integer('dione_credits').notNull().default(0),
  tradeIdeasCredits: integer('trade_ideas_credits').notNull().default(0),
});

export const loginEvents = pgTable(
  'login_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ipAddress: text('ip_address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_events_user_idx').on(t.userId, t.createdAt)],
);
