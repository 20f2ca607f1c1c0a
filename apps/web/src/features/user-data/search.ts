import {
  USER_DATA_DELETE_BATCH,
  USER_DATA_FIELD_LABELS,
  USER_DATA_MSG,
  USER_DATA_PAGE_SIZES,
  USER_DATA_SEARCH_TYPES,
  type UploadReport,
  type UserDataSearch,
  type UserDataSearchType,
} from '@drat/contracts';

/**
 * The user-data screens' pure rules (3-bots-admin-public §2.10, §5 "User search" and "User
 * upload"): the search as the form holds it and as it is sent, ids in batches, the file check and
 * the upload report's words.
 */

/** The search types' labels, in the order of §5. */
export const SEARCH_TYPE_LABELS: Record<UserDataSearchType, string> = {
  email: 'E-mail',
  first_name: 'First name',
  last_name: 'Last name',
  twitter_handle: 'Twitter handle',
  instagram_handle: 'Instagram handle',
  phone_number: 'Phone number',
  tag: 'Tag',
};
export const SEARCH_TYPE_OPTIONS = USER_DATA_SEARCH_TYPES.map((value) => ({ value, label: SEARCH_TYPE_LABELS[value] }));

/** The "has …" filters of §5, with their labels. */
export const HAS_FILTERS = [
  ['has_phone_number', 'Has phone number'],
  ['has_first_name', 'Has first name'],
  ['has_last_name', 'Has last name'],
  ['has_email', 'Has e-mail'],
  ['has_twitter', 'Has Twitter'],
  ['has_instagram', 'Has Instagram'],
] as const;
export type HasFilter = (typeof HAS_FILTERS)[number][0];

/** Has Tags, No Tags, or neither (§5: the two are mutually exclusive). */
export type TagsFilter = 'has' | 'none' | null;

/** The search panel's values. */
export interface SearchForm {
  searchType: UserDataSearchType;
  searchTerm: string;
  tags: TagsFilter;
  has: readonly HasFilter[];
  /** The date range as YYYY-MM-DD, both ends or none. */
  dates: readonly [string, string] | null;
}

export const EMPTY_SEARCH: SearchForm = { searchType: 'email', searchTerm: '', tags: null, has: [], dates: null };

export const DEFAULT_PAGE_SIZE: (typeof USER_DATA_PAGE_SIZES)[number] = 25;

/**
 * The search as sent to the list and the export: the type only with a term, a flag only when it is
 * on, the dates only as a pair.
 */
export function searchQuery(form: SearchForm): UserDataSearch {
  const q: UserDataSearch = {};
  const term = form.searchTerm.trim();
  if (term) {
    q.searchType = form.searchType;
    q.searchTerm = term;
  }
  if (form.tags === 'has') q.has_tags = true;
  if (form.tags === 'none') q.no_tags = true;
  for (const name of form.has) q[name] = true;
  if (form.dates) {
    q.date_from = form.dates[0];
    q.date_to = form.dates[1];
  }
  return q;
}

/** Has Tags or No Tags after one of them was (un)ticked: ticking one unticks the other. */
export const toggleTags = (current: TagsFilter, clicked: 'has' | 'none', checked: boolean): TagsFilter =>
  checked ? clicked : current === clicked ? null : current;

/** `ids` in calls of at most `size` (the server deletes and decides up to 1000 at a time). */
export function batchesOf<T>(ids: readonly T[], size: number = USER_DATA_DELETE_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

/** CSV, XLS or XLSX by the file's name (§5 "User upload"). */
export const UPLOAD_ACCEPT = '.csv,.xls,.xlsx';
export const isUploadable = (name: string) => /\.(csv|xls|xlsx)$/i.test(name.trim());

/** What the upload form says about the file chosen before sending it, or null when it may go. */
export function fileProblem(file: { name: string } | null): string | null {
  if (!file) return USER_DATA_MSG.fileRequired;
  if (!isUploadable(file.name)) return USER_DATA_MSG.fileType;
  return null;
}

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The upload report in words: what was read, then what became of it. */
export function reportWords(report: UploadReport['data']): { summary: string; details: string[] } {
  const summary =
    report.rows === 0
      ? 'The file has no rows under its header.'
      : `${count(report.rows, 'row')} read: ${report.added.toLocaleString('en-US')} added, ` +
        `${report.pending.toLocaleString('en-US')} with changes pending, ` +
        `${report.unchanged.toLocaleString('en-US')} unchanged, ${report.skipped.toLocaleString('en-US')} skipped.`;
  const details: string[] = [];
  if (report.pending > 0)
    details.push(
      `${count(report.pending, 'person', 'people')} already in the list ${report.pending === 1 ? 'has' : 'have'} ` +
        'changes waiting in Pending User Changes.',
    );
  if (report.skipped > report.skipped_rows.length)
    details.push(
      `The first ${report.skipped_rows.length.toLocaleString('en-US')} of ${count(report.skipped, 'skipped row')} are listed below.`,
    );
  return { summary, details };
}

/** A pending change's field in words. */
export const fieldLabel = (field: keyof typeof USER_DATA_FIELD_LABELS) => USER_DATA_FIELD_LABELS[field];

/** The name to show for a person: first and last name, or '' when the row has neither. */
export const fullName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();
