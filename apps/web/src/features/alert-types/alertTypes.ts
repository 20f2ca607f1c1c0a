import { ALERT_CATEGORIES, type AlertCategory, type AlertTypeAdminDto } from '@drat/contracts';

/**
 * The pure rules of the alert-types screen (3-bots-admin-public §2.7, §5 "Alert type note"): the
 * category filters, the note's emptiness and the check before Save.
 */

export type CategoryFilter = AlertCategory | 'ALL';

/** 3-bots-admin-public §5: an alert type must be chosen before its note is saved. */
export const NOTE_TYPE_REQUIRED = 'Please select an alert type.';
/** 3-bots-admin-public §8: a save that failed without the server's words. */
export const NOTE_LOCAL_FAILURE = 'An error occurred while updating the note locally.';

/** The categories that have at least one type, in the contracts' order. */
export function categoriesOf(types: readonly AlertTypeAdminDto[]): AlertCategory[] {
  const present = new Set(types.map((t) => t.category));
  return ALERT_CATEGORIES.filter((c) => present.has(c));
}

/** The types of `category` (every type for ALL), by name. */
export function typesOf(types: readonly AlertTypeAdminDto[], category: CategoryFilter): AlertTypeAdminDto[] {
  return types
    .filter((t) => category === 'ALL' || t.category === category)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** How many types of a list have their notifications on. */
export const enabledCount = (types: readonly AlertTypeAdminDto[]) =>
  types.filter((t) => t.is_notification_enabled).length;

/**
 * The editor's HTML as the note to store: an editor left with empty paragraphs only (`<p></p>`)
 * means no note at all.
 */
export function noteToSave(html: string): string {
  const bare = html.replace(/<p>(\s|<br\s*\/?>)*<\/p>/g, '').trim();
  return bare === '' ? '' : html;
}

/** The check of §5 before Save: the message to show, or null when the note may be saved. */
export const noteSaveError = (typeId: number | null | undefined): string | null =>
  typeId === null || typeId === undefined ? NOTE_TYPE_REQUIRED : null;

/** A link typed by the super user, made absolute (https:// added to a bare host); null when empty. */
export function normalizeLink(input: string): string | null {
  const url = input.trim();
  if (url === '') return null;
  if (/^(https?:|mailto:)/i.test(url)) return url;
  return `https://${url.replace(/^\/+/, '')}`;
}
