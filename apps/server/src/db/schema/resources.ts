import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { alertTypes } from './alert-types';
import { users } from './users';

/** Same lists as RESOURCE_TYPES and RESOURCE_ACCESS of @drat/contracts (drizzle-kit reads this file alone). */
const TYPES = ['VIDEO', 'PDF', 'SHEET'] as const;
const ACCESS = ['STOCKS', 'OPTIONS', 'ALL', 'OTC', 'ADMIN'] as const;

/**
 * Documents, videos and sheets of the library (1-core §3, 3-bots-admin-public §3). A resource is
 * given either to a category (`access`) or to alert types (`resource_alert_types`), never both.
 * Files live in the storage provider under `*_key`; people fetch them through links signed for
 * them when they ask (modules/resources/file-links.ts, or the bucket's presigned URLs), so no
 * address is kept.
 */
export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type', { enum: TYPES }).notNull(),
    access: text('access', { enum: ACCESS }),
    description: text('description').notNull().default(''),
    videoTimeDuration: text('video_time_duration'),
    link: text('link'),
    fileKey: text('file_key'),
    thumbnailKey: text('thumbnail_key'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('resources_created_idx').on(t.createdAt),
    index('resources_access_idx').on(t.access),
    // A signed link names its file by key (http/media.ts finds the resource from it).
    index('resources_file_key_idx').on(t.fileKey),
    index('resources_thumbnail_key_idx').on(t.thumbnailKey),
    check('resources_type_check', sql`${t.type} in ('VIDEO', 'PDF', 'SHEET')`),
    check(
      'resources_access_check',
      sql`${t.access} is null or ${t.access} in ('STOCKS', 'OPTIONS', 'ALL', 'OTC', 'ADMIN')`,
    ),
  ],
);

export const resourceAlertTypes = pgTable(
  'resource_alert_types',
  {
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    alertTypeId: integer('alert_type_id')
      .notNull()
      .references(() => alertTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.resourceId, t.alertTypeId] }),
    index('resource_alert_types_type_idx').on(t.alertTypeId),
  ],
);
