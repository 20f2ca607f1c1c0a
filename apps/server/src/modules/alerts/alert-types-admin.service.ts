import { asc, eq, inArray } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import { ALERT_MSG, type AlertCategory, type AlertTypeAdminDto } from '@drat/contracts';
import type { Db } from '../../db/client';
import { alertCategories, alertTypes } from '../../db/schema/index';
import { DomainError } from '../../core/errors';

/**
 * What an alert type's 'Important Notes' may hold: basic formatting and links, nothing else. Links
 * keep only http(s) and mailto targets and always open safely; every other tag is dropped with its
 * markup (its text stays), and script, style and the like are dropped whole.
 */
const NOTE_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'del',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'code',
    'pre',
    'a',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        ...(attribs.target === '_blank' ? { target: '_blank' } : {}),
        rel: 'noopener noreferrer nofollow',
      },
    }),
  },
};

/** The note as stored and served: sanitized HTML, trimmed; an editor's empty paragraph counts as empty. */
export function sanitizeNote(html: string): string {
  const clean = sanitizeHtml(html, NOTE_POLICY).trim();
  return /^(<p>(\s|<br \/>|&nbsp;)*<\/p>)*$/.test(clean) ? '' : clean;
}

/** Super users' alert-type administration (3-bots-admin-public §2.7, §7 "Alert types"). */
export function createAlertTypesAdminService(db: Db) {
  const select = () =>
    db
      .select({
        id: alertTypes.id,
        name: alertTypes.name,
        category: alertCategories.name,
        raw_note: alertTypes.rawNote,
        is_notification_enabled: alertTypes.isNotificationEnabled,
      })
      .from(alertTypes)
      .innerJoin(alertCategories, eq(alertCategories.id, alertTypes.categoryId));

  const list = async (): Promise<AlertTypeAdminDto[]> =>
    (await select().orderBy(asc(alertCategories.position), asc(alertTypes.id))) as AlertTypeAdminDto[];

  return {
    /** GET /alerts/alert-types: every type in category order. */
    async list(): Promise<{ data: AlertTypeAdminDto[] }> {
      return { data: await list() };
    },

    /** PATCH /alerts/alert-types/{id}: the note (sanitized here) and/or the notification switch. */
    async update(
      id: number,
      patch: { raw_note?: string; is_notification_enabled?: boolean },
    ): Promise<{ message: string; data: AlertTypeAdminDto }> {
      const set: Partial<typeof alertTypes.$inferInsert> = {};
      if (patch.raw_note !== undefined) set.rawNote = sanitizeNote(patch.raw_note);
      if (patch.is_notification_enabled !== undefined) set.isNotificationEnabled = patch.is_notification_enabled;
      const updated = await db
        .update(alertTypes)
        .set(set)
        .where(eq(alertTypes.id, id))
        .returning({ id: alertTypes.id });
      if (updated.length === 0) throw new DomainError('NOT_FOUND', ALERT_MSG.alertTypeNotFound);
      const [row] = (await select().where(eq(alertTypes.id, id))) as AlertTypeAdminDto[];
      return { message: ALERT_MSG.alertTypeUpdated(row!.name), data: row! };
    },

    /** PATCH /alerts/alert-types/notification-status: the switch of every type of a category (or of ALL). */
    async setCategoryNotifications(
      category: AlertCategory | 'ALL',
      enabled: boolean,
    ): Promise<{ message: string; data: AlertTypeAdminDto[] }> {
      if (category === 'ALL') {
        await db.update(alertTypes).set({ isNotificationEnabled: enabled });
      } else {
        const ids = db
          .select({ id: alertCategories.id })
          .from(alertCategories)
          .where(eq(alertCategories.name, category));
        await db.update(alertTypes).set({ isNotificationEnabled: enabled }).where(inArray(alertTypes.categoryId, ids));
      }
      return { message: ALERT_MSG.notificationStatusChanged(category, enabled), data: await list() };
    },
  };
}
export type AlertTypesAdminService = ReturnType<typeof createAlertTypesAdminService>;
