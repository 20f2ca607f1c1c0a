/**
 * User data (3-bots-admin-public §2.10, §3 "Uploaded user" and "Pending change", §4, §5 "User
 * upload" and "User search", §6, §7 "User data", §8): the contact list the business keeps apart
 * from the accounts. A file (CSV, XLS or XLSX) adds people row by row with a report of what was added,
 * skipped and why; a row that changes a person already there becomes pending changes, accepted or
 * rejected one by one or in bulk. Search with every filter of §5 in pages of 25, 50, 100 or 500;
 * a CSV export safe for spreadsheets; delete in batches of 1000. Only the staff account named by
 * configuration uploads, exports everything, deletes in bulk and decides pending changes; every
 * other super user has view-only access (and exports the rows they select).
 */
import { z } from 'zod';
import { bodyIdField, fromDecimalText, textIdField } from './amounts';
import { operation } from './operation';
import { isCalendarDay } from './days';

export const USER_DATA_PAGE_SIZES = [25, 50, 100, 500] as const;
export const USER_DATA_DELETE_BATCH = 1000;
/** The largest file an upload takes (about a million rows of contacts). */
export const USER_DATA_FILE_MAX_BYTES = 100 * 1024 * 1024;
/**
 * The most rows exported by their ids (a GET's query: 1,000 ids stay well inside a request line
 * servers take, about 8 KB); more: export the search.
 */
export const USER_DATA_EXPORT_IDS_MAX = 1000;
/** An XLS file is read whole (the format cannot be streamed), so it has a smaller cap. */
export const USER_DATA_XLS_MAX_BYTES = 64 * 1024 * 1024;
/** An XLSX file's texts (its shared strings), unpacked, are kept while its rows stream: this much at most. */
export const USER_DATA_XLSX_STRINGS_MAX_BYTES = 256 * 1024 * 1024;
/** The upload report lists at most this many skipped rows with their reasons (it counts them all). */
export const USER_DATA_REPORT_ROWS = 100;
export const USER_DATA_SEARCH_TYPES = [
  'email',
  'first_name',
  'last_name',
  'twitter_handle',
  'instagram_handle',
  'phone_number',
  'tag',
] as const;
export type UserDataSearchType = (typeof USER_DATA_SEARCH_TYPES)[number];
/** The fields of a person a pending change may change. */
export const USER_DATA_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'twitter_handle',
  'instagram_handle',
  'phone_number',
  'tags',
] as const;
export type UserDataField = (typeof USER_DATA_FIELDS)[number];
export const USER_DATA_FIELD_LABELS: Record<UserDataField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'E-mail',
  twitter_handle: 'Twitter',
  instagram_handle: 'Instagram',
  phone_number: 'Phone number',
  tags: 'Tags',
};

export const USER_DATA_MSG = {
  viewOnly: 'You have view-only access to this system.',
  fileType: 'You can only upload CSV, XLS, or XLSX files!',
  fileRequired: 'Please select a file before uploading.',
  oneFile: 'Upload one file at a time.',
  xlsNotRead:
    'This XLS file could not be read (it may be password-protected, from Excel 95 or older, or damaged): save it as XLSX or CSV and upload it again.',
  xlsxUnreadable:
    'This XLSX file could not be read (it may be damaged or password-protected): save it again as XLSX or CSV and upload it again.',
  xlsxTooLarge: `This XLSX file's texts come to more than ${USER_DATA_XLSX_STRINGS_MAX_BYTES / 1024 / 1024} MB unpacked: split it, or save it as CSV, and upload it again.`,
  csvUnreadable: (line: number) =>
    `The file could not be read at line ${line}: check that every quoted value's quotes are closed.`,
  csvRowTooLong: (line: number) => `Line ${line} of the file is longer than 64 KB: is it a CSV file?`,
  xlsTooLarge: `An XLS file can be at most ${USER_DATA_XLS_MAX_BYTES / 1024 / 1024} MB: save it as XLSX or CSV and upload it again.`,
  fileTooLarge: `The file is larger than ${USER_DATA_FILE_MAX_BYTES / 1024 / 1024} MB.`,
  noColumns:
    'The first row must name the columns: first_name, last_name, email, twitter_handle, instagram_handle, phone_number, tags.',
  notMultipart: 'Send the file as multipart/form-data.',
  uploaded: 'User data uploaded successfully',
  uploadFailed: 'Upload failed',
  downloaded: 'User data downloaded successfully',
  downloadFailed: 'Failed to download user data',
  pendingFailed: 'Failed to fetch pending changes',
  tagsBoth: 'Choose Has Tags or No Tags, not both.',
  searchTypeInvalid: `Search by ${USER_DATA_SEARCH_TYPES.join(', ')}.`,
  searchTermWithoutType: 'Choose what to search by.',
  dateInvalid: 'Enter a date such as 2026-12-01.',
  dateOrder: 'The end date must be on or after the start date.',
  pageSize: `Show ${USER_DATA_PAGE_SIZES.join(', ')} rows a page.`,
  idsRequired: 'Choose the rows to delete.',
  idsTooMany: `Delete at most ${USER_DATA_DELETE_BATCH.toLocaleString('en-US')} rows at a time.`,
  exportIdsTooMany: `Export at most ${USER_DATA_EXPORT_IDS_MAX.toLocaleString('en-US')} selected rows at a time, or export the search.`,
  deleted: 'User(s) deleted successfully',
  deleteFailed: 'Failed to delete user(s)',
  listFailed: 'Error fetching users',
  listEmpty: 'No users found',
  noPending: 'No pending changes',
  changeNotFound: 'No pending change has this id: it may have been decided already.',
  accepted: 'Change accepted',
  rejected: 'Change rejected',
  acceptedMany: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'change' : 'changes'} accepted`,
  rejectedMany: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'change' : 'changes'} rejected`,
  emailTakenByOther: 'Another person in the list already has this e-mail: the change cannot be accepted.',
  // Row reasons in the upload report.
  rowEmpty: 'The row names nobody (no name, e-mail, phone or handle).',
  rowEmail: (v: string) => `'${v}' is not a valid e-mail address.`,
  rowPhone: (v: string) => `'${v}' is not a phone number (7 to 15 digits, an optional leading +).`,
  rowHandle: (field: string, v: string) => `'${v}' is not a ${field} handle (letters, digits, dots and underscores).`,
  rowTooLong: (field: string) => `${field} is longer than 200 characters.`,
  rowDuplicate: (row: number) => `The same person as row ${row} of this file.`,
} as const;

/** A query flag: true when given as true (or 1); false or absent otherwise. */
const flag = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === true ? true : v === 'false' || v === '0' || v === false ? false : v),
  z.boolean({ error: 'Give true or false.' }).optional(),
);
const day = z
  .string({ error: USER_DATA_MSG.dateInvalid })
  .trim()
  .refine(isCalendarDay, { error: USER_DATA_MSG.dateInvalid })
  .optional();

/** The search of §5 "User search" (also the export's filters). */
const searchShape = {
  searchType: z.enum(USER_DATA_SEARCH_TYPES, { error: USER_DATA_MSG.searchTypeInvalid }).optional(),
  searchTerm: z.string().trim().max(254).optional(),
  has_tags: flag,
  no_tags: flag,
  has_phone_number: flag,
  has_first_name: flag,
  has_last_name: flag,
  has_email: flag,
  has_twitter: flag,
  has_instagram: flag,
  date_from: day,
  date_to: day,
};
const searchRules = (
  q: {
    has_tags?: boolean | undefined;
    no_tags?: boolean | undefined;
    date_from?: string | undefined;
    date_to?: string | undefined;
    searchTerm?: string | undefined;
    searchType?: string | undefined;
  },
  ctx: z.RefinementCtx,
) => {
  if (q.has_tags && q.no_tags) ctx.addIssue({ code: 'custom', path: ['no_tags'], message: USER_DATA_MSG.tagsBoth });
  if (q.date_from && q.date_to && q.date_to < q.date_from)
    ctx.addIssue({ code: 'custom', path: ['date_to'], message: USER_DATA_MSG.dateOrder });
  if (q.searchTerm && !q.searchType)
    ctx.addIssue({ code: 'custom', path: ['searchType'], message: USER_DATA_MSG.searchTermWithoutType });
};

export const userDataSearch = z.object(searchShape).superRefine(searchRules);
export type UserDataSearch = z.infer<typeof userDataSearch>;

/** GET /manage-data/users/: the search and the page. */
export const userDataQuery = z
  .object({
    ...searchShape,
    page: fromDecimalText(z.number().int().min(1).max(1_000_000)).default(1),
    page_size: fromDecimalText(
      z
        .number({ error: USER_DATA_MSG.pageSize })
        .int({ error: USER_DATA_MSG.pageSize })
        .refine((n) => (USER_DATA_PAGE_SIZES as readonly number[]).includes(n), { error: USER_DATA_MSG.pageSize }),
    ).default(25),
  })
  .superRefine(searchRules);
export type UserDataQuery = z.infer<typeof userDataQuery>;

/** GET /manage-data/users/download/: the search, or the rows chosen (`ids`, comma-separated). */
export const userDataExportQuery = z
  .object({
    ...searchShape,
    ids: z
      .string()
      .trim()
      .max(120_000)
      .regex(/^\d{1,10}(,\d{1,10})*$/, { error: 'Give the ids as numbers separated by commas.' })
      .transform((v) => [...new Set(v.split(',').map(Number))])
      .refine((ids) => ids.length <= USER_DATA_EXPORT_IDS_MAX, { error: USER_DATA_MSG.exportIdsTooMany })
      .optional(),
  })
  .superRefine(searchRules);
export type UserDataExportQuery = z.infer<typeof userDataExportQuery>;

/** DELETE /manage-data/users/delete/: up to 1000 ids at a time. */
export const userDataDeleteBody = z.object({
  user_ids: z
    .array(bodyIdField(USER_DATA_MSG.idsRequired), { error: USER_DATA_MSG.idsRequired })
    .min(1, { error: USER_DATA_MSG.idsRequired })
    .max(USER_DATA_DELETE_BATCH, { error: USER_DATA_MSG.idsTooMany }),
});

/** POST /manage-data/pending-changes/bulk/: decide many at once. */
export const pendingBulkBody = z.object({
  ids: z
    .array(bodyIdField(USER_DATA_MSG.changeNotFound), { error: USER_DATA_MSG.changeNotFound })
    .min(1, { error: USER_DATA_MSG.changeNotFound })
    .max(USER_DATA_DELETE_BATCH),
  action: z.enum(['accept', 'reject'], { error: 'Choose accept or reject.' }),
});

export const uploadedUserSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  twitter_handle: z.string(),
  instagram_handle: z.string(),
  phone_number: z.string(),
  tags: z.array(z.string()),
  date_added: z.string(),
});
export type UploadedUser = z.infer<typeof uploadedUserSchema>;
export const userDataPageSchema = z.object({
  data: z.array(uploadedUserSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  /** The caller may upload, export everything, delete in bulk and decide changes (the staff account). */
  can_edit: z.boolean(),
});
export type UserDataPage = z.infer<typeof userDataPageSchema>;

export const uploadReportSchema = z.object({
  message: z.string(),
  data: z.object({
    rows: z.number(),
    added: z.number(),
    /** People already there whose row changes them: their changes wait in the pending list. */
    pending: z.number(),
    unchanged: z.number(),
    skipped: z.number(),
    /** The first USER_DATA_REPORT_ROWS skipped rows (1 is the header row) and why. */
    skipped_rows: z.array(z.object({ row: z.number(), reason: z.string() })),
  }),
});
export type UploadReport = z.infer<typeof uploadReportSchema>;

export const pendingChangeSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  user_email: z.string(),
  field_name: z.enum(USER_DATA_FIELDS),
  current_value: z.string(),
  new_value: z.string(),
  created_at: z.string(),
});
export type PendingChange = z.infer<typeof pendingChangeSchema>;
export const pendingChangesSchema = z.object({ data: z.array(pendingChangeSchema), can_edit: z.boolean() });
export const decidedSchema = z.object({ message: z.string(), decided: z.number() });

const TAG = 'Admin: user data';
const changeParams = z.object({ id: textIdField(USER_DATA_MSG.changeNotFound) });

export const USER_DATA_API = {
  list: operation({
    method: 'GET',
    path: '/manage-data/users/',
    operationId: 'listUserData',
    summary: 'The uploaded people matching the search, newest first, a page at a time (super users)',
    tag: TAG,
    query: userDataQuery,
    response: userDataPageSchema,
    errors: [400, 401, 403],
  }),
  download: operation({
    method: 'GET',
    path: '/manage-data/users/download/',
    operationId: 'downloadUserData',
    summary:
      'A CSV of the people matching the search (the staff account) or of the rows chosen by `ids` (super users); ' +
      'cells a spreadsheet would run as formulas are written as text',
    tag: TAG,
    query: userDataExportQuery,
    response: { file: 'text/csv' },
    errors: [400, 401, 403],
  }),
  remove: operation({
    method: 'DELETE',
    path: '/manage-data/users/delete/',
    operationId: 'deleteUserData',
    summary: 'Delete up to 1000 people at a time (more than one: the staff account) (super users)',
    tag: TAG,
    body: userDataDeleteBody,
    // 3-bots-admin-public §7: 'status 204 means success'; the screen says USER_DATA_MSG.deleted.
    response: { empty: 'Deleted: those of the ids that were there are gone; nothing is answered.' },
    errors: [400, 401, 403],
  }),
  upload: operation({
    method: 'POST',
    path: '/manage-data/users/upload/',
    operationId: 'uploadUserData',
    summary:
      'Add people from a CSV, XLS or XLSX file (multipart field `file`), row by row, with a report; rows that change ' +
      'someone already there become pending changes (the staff account)',
    tag: TAG,
    consumes: ['multipart/form-data'],
    response: uploadReportSchema,
    errors: [400, 401, 403, 413, 415],
  }),
  pending: operation({
    method: 'GET',
    path: '/manage-data/pending-changes/',
    operationId: 'listPendingChanges',
    summary: 'The changes uploaded files propose to people already there, oldest first (super users)',
    tag: TAG,
    response: pendingChangesSchema,
    errors: [401, 403],
  }),
  accept: operation({
    method: 'POST',
    path: '/manage-data/pending-changes/:id/accept/',
    operationId: 'acceptPendingChange',
    summary: 'Apply one pending change (the staff account)',
    tag: TAG,
    params: changeParams,
    response: decidedSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  reject: operation({
    method: 'POST',
    path: '/manage-data/pending-changes/:id/reject/',
    operationId: 'rejectPendingChange',
    summary: 'Drop one pending change (the staff account)',
    tag: TAG,
    params: changeParams,
    response: decidedSchema,
    errors: [400, 401, 403, 404],
  }),
  bulk: operation({
    method: 'POST',
    path: '/manage-data/pending-changes/bulk/',
    operationId: 'decidePendingChanges',
    summary: 'Accept or reject many pending changes at once (the staff account)',
    tag: TAG,
    body: pendingBulkBody,
    response: decidedSchema,
    errors: [400, 401, 403],
  }),
} as const;
