/**
 * Constants and texts of the resources library, its alert-type modal and the manage-resources
 * form, written once for the server and the web app. Their own module, free of zod (first-download.test.ts), as screens.ts is:
 * the library's first download carries no schema, and the other screens' do not carry these.
 */

export const RESOURCE_TYPES = ['VIDEO', 'PDF', 'SHEET'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** Category-level access choices (3-bots-admin-public §5). ALL is everyone signed in, ADMIN super users only. */
export const RESOURCE_ACCESS = ['STOCKS', 'OPTIONS', 'ALL', 'OTC', 'ADMIN'] as const;
export type ResourceAccess = (typeof RESOURCE_ACCESS)[number];

/** How the create form gives access: to a category (`access`) or to alert types (`alert_types`). */
export const RESOURCE_ACCESS_LEVELS = ['category', 'alert_type'] as const;
export type ResourceAccessLevel = (typeof RESOURCE_ACCESS_LEVELS)[number];

const MB = 1024 * 1024;
/** Upload limits per kind of file, checked on the server as the bytes arrive. */
export const RESOURCE_MAX_BYTES: Record<ResourceType, number> = { PDF: 20 * MB, SHEET: 10 * MB, VIDEO: 100 * MB };
export const RESOURCE_THUMBNAIL_MAX_BYTES = 2 * MB;

/** What the file input of each type accepts (the server checks the bytes, not these). */
export const RESOURCE_FILE_ACCEPT: Record<ResourceType, string> = {
  PDF: '.pdf,application/pdf',
  SHEET:
    '.xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv',
  VIDEO: '.mp4,.webm,video/mp4,video/webm',
};
export const RESOURCE_THUMBNAIL_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,image/png,image/jpeg,image/gif,image/webp';

/** Tabs of the library and of the alert-type resources modal, with the response list each shows. */
export const RESOURCE_TABS = [
  { key: 'documents', label: 'Documents', list: 'pdfs' },
  { key: 'videos', label: 'Videos', list: 'videos' },
  { key: 'sheets', label: 'Sheets', list: 'sheets' },
] as const;

export const RESOURCE_NAME_MAX = 200;

/**
 * How long a link to a stored resource file lives, at least, from the answer that gave it (the
 * server rounds expiries up by a few minutes, so links stay the same, and cached, between reloads).
 * A document, sheet or thumbnail is opened at once from the page: 15 minutes is plenty, and a
 * forwarded link dies soon. A video keeps asking for byte ranges while it plays and whenever the
 * viewer seeks; its link must outlive a sitting of the longest library video, pauses included:
 * 3 hours, so a forwarded link still dies the same day.
 */
export const RESOURCE_LINK_SECONDS = { file: 15 * 60, video: 3 * 60 * 60 } as const;
export const RESOURCE_DESCRIPTION_MAX = 1000;
export const RESOURCE_DURATION_MAX = 32;

/** Texts of the resources screens and their server answers (3-bots-admin-public §5). */
export const RESOURCE_MSG = {
  notMultipart: 'Send the resource as multipart/form-data.',
  // 3-bots-admin-public §5
  nameRequired: 'Please provide a name/title for the resource',
  typeRequired: 'Please select the type of resource',
  accessRequired: 'Please select the category that has access.',
  alertTypeRequired: 'Please select the alert type.',
  durationRequired: 'Please provide time duration for the video',
  // 3-bots-admin-public §8, 1-core §2 and §8
  created: 'Resource created successfully',
  saveFailed: 'Failed to save resource',
  deleted: 'Resource has been deleted successfully',
  confirmDelete: 'Are you sure you want to delete this resource?',
  // Our own, where the spec gives no wording
  nameTooLong: `Keep the name under ${RESOURCE_NAME_MAX} characters.`,
  descriptionTooLong: `Keep the description under ${RESOURCE_DESCRIPTION_MAX} characters.`,
  durationTooLong: `Keep the duration short, for example 12:30 (at most ${RESOURCE_DURATION_MAX} characters).`,
  accessAndAlertTypes: 'Give access by category or by alert types, not both.',
  unknownAlertType: 'Select alert types from the list.',
  linkInvalid: 'Enter a full link starting with http:// or https://.',
  pdfRequired: 'Please attach the PDF file.',
  sheetRequired: 'Please attach the sheet (XLSX, XLS or CSV).',
  videoRequired: 'Please attach the video file or give a link to it.',
  notPdf: 'This file is not a PDF.',
  notSheet: 'This file is not a spreadsheet: upload an XLSX, XLS or CSV file.',
  notVideo: 'This file is not a video: upload an MP4 or WebM file.',
  notThumbnail: 'The thumbnail must be a PNG, JPEG, GIF or WebP image.',
  tooLarge: (what: string, bytes: number) => `The ${what} is larger than ${Math.round(bytes / (1024 * 1024))} MB.`,
  alertTypeDenied: 'You do not have access to the resources of this alert type.',
  loadFailed: 'The resources could not be loaded.',
  // Links to stored files (GET /media/resources/...)
  fileLinkMissing: 'This file opens only from the Resources page, for a signed-in user whose plan includes it.',
  fileLinkInvalid: 'This link is not valid. Open the file again from the Resources page.',
  fileLinkExpired: 'This link has expired. Open the file again from the Resources page.',
  fileLinkRefused: 'Your plans no longer include this resource.',
} as const;
