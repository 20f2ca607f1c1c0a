import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log: every admin action, who did it, to whom, what, when, and the record before and
 * after. No foreign keys: the log outlives the users it names (their e-mails are kept as they were).
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** What was done: 'user.create', 'user.deactivate', 'user.plans', … */
    action: text('action').notNull(),
    subjectId: integer('subject_id'),
    subjectEmail: text('subject_email'),
    /** In words: "Deactivated ada@example.com". */
    summary: text('summary').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_subject_idx').on(t.subjectId, t.id), index('admin_audit_actor_idx').on(t.actorId, t.id)],
);

/** Notification drafts of the super users (3-bots-admin-public §2.8), shared by them all. */
export const notificationDrafts = pgTable('notification_drafts', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  authorEmail: text('author_email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
