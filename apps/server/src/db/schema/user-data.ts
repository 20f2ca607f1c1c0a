import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * User data (3-bots-admin-public §2.10, §3 "Uploaded user"): the contact list kept apart from the
 * accounts, filled by uploads. Empty fields are '' (never null), so searches and exports need no
 * special case. A person is known again by their e-mail (any case), else by their phone number.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    twitterHandle: text('twitter_handle').notNull().default(''),
    instagramHandle: text('instagram_handle').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    dateAdded: timestamp('date_added', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.email} <> ''`),
    uniqueIndex('contacts_phone_idx')
      .on(t.phoneNumber)
      .where(sql`${t.email} = '' and ${t.phoneNumber} <> ''`),
    index('contacts_added_idx').on(t.dateAdded.desc(), t.id.desc()),
    index('contacts_tags_idx').using('gin', t.tags),
  ],
);

/**
 * A change an upload proposes to a person already in the list (§3 "Pending change"): one per
 * person and field (a later upload's proposal replaces an earlier one), gone once decided.
 */
export const contactChanges = pgTable(
  'contact_changes',
  {
    id: serial('id').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    fieldName: text('field_name').notNull(),
    currentValue: text('current_value').notNull(),
    newValue: text('new_value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contact_changes_field_idx').on(t.contactId, t.fieldName)],
);
