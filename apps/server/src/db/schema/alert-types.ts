import { boolean, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { users } from './users';

export const alertCategories = pgTable('alert_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  position: integer('position').notNull(),
});

export const alertTypes = pgTable('alert_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => alertCategories.id),
  /** Sanitized rich text shown as 'Important Notes'. */
  rawNote: text('raw_note').notNull().default(''),
  isNotificationEnabled: boolean('is_notification_enabled').notNull().default(true),
});

/** A user's opt-out of new-alert notifications for one alert type. */
export const alertTypeExemptions = pgTable(
  'alert_type_exemptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alertTypeId: integer('alert_type_id')
      .notNull()
      .references(() => alertTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.alertTypeId] })],
);
