import sanitizeHtml from 'sanitize-html';
import { ALERT_MSG, type AlertCategory, type AlertTypeAdminDto } from '@drat/contracts';
import { DomainError } from '../../../core/errors';
import type { AlertTypesRepo } from './alert-types.repo';

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
export function createAlertTypesAdminService(repo: AlertTypesRepo) {
  return {
    /** GET /alerts/alert-types: every type in category order. */
    async list(): Promise<{ data: AlertTypeAdminDto[] }> {
      return { data: await repo.adminList() };
    },

    /** PATCH /alerts/alert-types/{id}: the note (sanitized here) and/or the notification switch. */
    async update(
      id: number,
      patch: { raw_note?: string; is_notification_enabled?: boolean },
    ): Promise<{ message: string; data: AlertTypeAdminDto }> {
      const set: { rawNote?: string; isNotificationEnabled?: boolean } = {};
      if (patch.raw_note !== undefined) set.rawNote = sanitizeNote(patch.raw_note);
      if (patch.is_notification_enabled !== undefined) set.isNotificationEnabled = patch.is_notification_enabled;
      const row = (await repo.update(id, set)) ? await repo.adminOne(id) : undefined;
      if (!row) throw new DomainError('NOT_FOUND', ALERT_MSG.alertTypeNotFound);
      return { message: ALERT_MSG.alertTypeUpdated(row.name), data: row };
    },

    /** PATCH /alerts/alert-types/notification-status: the switch of every type of a category (or of ALL). */
    async setCategoryNotifications(
      category: AlertCategory | 'ALL',
      enabled: boolean,
    ): Promise<{ message: string; data: AlertTypeAdminDto[] }> {
      await repo.setNotifications(category, enabled);
      return { message: ALERT_MSG.notificationStatusChanged(category, enabled), data: await repo.adminList() };
    },
  };
}
export type AlertTypesAdminService = ReturnType<typeof createAlertTypesAdminService>;
