/**
 * Notifications sent by super users (3-bots-admin-public §2.8, §3 "Notification" and "Notification
 * send", §4, §5 "Notification send", §7 "Notifications and resources", §8): the send form (in-app
 * always, e-mail and SMS as chosen; one user, several, the users on plans, or everyone; with
 * files), the sent table with each person's seen and e-mail status, and the drafts, shared by the
 * super users (any of them may use, change or delete one).
 */
import { z } from 'zod';
import { fromDecimalText, textIdField } from './amounts';
import { DELIVERY_STATUSES } from './notifications';
import { operation } from './operation';

export const NOTIFICATION_MESSAGE_MAX = 3000;

export const DRAFT_MSG = {
  titleRequired: 'Please enter a title',
  messageRequired: 'Please enter a message',
  messageTooLong: `The message has at most ${NOTIFICATION_MESSAGE_MAX} characters.`,
  titleTooLong: 'The title has at most 200 characters.',
  added: 'Draft added successfully',
  updated: 'Draft updated successfully',
  deleted: 'Draft deleted successfully',
  notFound: 'No draft has this id.',
  fetchFailed: 'Failed to fetch drafts',
  addFailed: 'Failed to add draft',
  updateFailed: 'Failed to update draft',
  deleteFailed: 'Failed to delete draft',
  copied: 'Copied to clipboard!',
  copyFailed: 'Failed to copy text',
} as const;

/** POST /notifications/drafts/ and PUT /notifications/drafts/{id}/. */
export const draftBody = z.object({
  title: z
    .string({ error: DRAFT_MSG.titleRequired })
    .trim()
    .min(1, { error: DRAFT_MSG.titleRequired })
    .max(200, { error: DRAFT_MSG.titleTooLong }),
  message: z
    .string({ error: DRAFT_MSG.messageRequired })
    .trim()
    .min(1, { error: DRAFT_MSG.messageRequired })
    .max(NOTIFICATION_MESSAGE_MAX, { error: DRAFT_MSG.messageTooLong }),
});
export type DraftBody = z.infer<typeof draftBody>;

export const draftSchema = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  /** The super user who saved it last. */
  author_email: z.string(),
  created: z.string(),
  updated: z.string(),
});
export type NotificationDraft = z.infer<typeof draftSchema>;
export const draftsSchema = z.object({ data: z.array(draftSchema) });
export const draftReplySchema = z.object({ message: z.string(), data: draftSchema });
export const draftDeletedSchema = z.object({ message: z.string() });

const draftIdParams = z.object({ id: textIdField(DRAFT_MSG.notFound) });
const TAG = 'Admin: notifications';

/* ---- Sending (§2.8, §3 "Notification send", §5, §7) -------------------------------------------- */

/** Besides the inbox (always): the copies a notification may go out as. */
export const NOTIFY_CHANNELS = ['EMAIL', 'SMS'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];
/** Whom a notification goes to (§3 notification_type). */
export const NOTIFY_AUDIENCES = ['single', 'multiple', 'users-on-plan', 'all'] as const;
export type NotifyAudience = (typeof NOTIFY_AUDIENCES)[number];
export const NOTIFY_AUDIENCE_LABELS: Record<NotifyAudience, string> = {
  single: 'One user',
  multiple: 'Several users',
  'users-on-plan': 'Users on plans',
  all: 'Everyone',
};
/** Files a notification may carry, and how big each may be. */
export const NOTIFY_FILES_MAX = 5;
export const NOTIFY_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** The most people one `multiple` send names. */
export const NOTIFY_USERS_MAX = 1000;
/** The sent table's page sizes. */
export const NOTIFY_PAGE_SIZES = [25, 50, 100] as const;

export const NOTIFY_MSG = {
  channelsRequired: 'Please provide the channel to use',
  channelInvalid: `Choose the channels among ${NOTIFY_CHANNELS.join(' and ')}.`,
  titleRequired: 'Please provide a Title/Header for the notification',
  titleTooLong: DRAFT_MSG.titleTooLong,
  messageRequired: 'Please provide the message.',
  messageTooLong: DRAFT_MSG.messageTooLong,
  audienceInvalid: `Choose whom to send to: ${NOTIFY_AUDIENCES.join(', ')}.`,
  userRequired: "Please provide the user's email.",
  usersRequired: 'Please provide the users to send to',
  usersTooMany: `Send to at most ${NOTIFY_USERS_MAX.toLocaleString('en-US')} users at once, or to a plan or everyone.`,
  emailInvalid: 'Enter a valid e-mail address.',
  planRequired: 'Select a plan.',
  unknownEmails: (emails: string[]) =>
    `No user has the e-mail ${emails.slice(0, 5).join(', ')}${emails.length > 5 ? ` and ${emails.length - 5} more` : ''}.`,
  unknownPlans: (ids: number[]) => `No plan has the id ${ids.join(', ')}.`,
  nobody: 'Nobody is reached: no active user is among those chosen.',
  notMultipart: 'Send the notification as multipart/form-data.',
  tooManyFiles: `Attach at most ${NOTIFY_FILES_MAX} files.`,
  fileTooLarge: (name: string) => `${name} is larger than ${NOTIFY_FILE_MAX_BYTES / 1024 / 1024} MB.`,
  fileType: (name: string) =>
    `${name} is not a PDF, an image (PNG, JPEG, GIF, WebP) or a spreadsheet (CSV, XLS, XLSX).`,
  sent: 'Notification sent successfully',
  failed: 'Failed to send notification',
} as const;

/** A text field of the form: empty counts as absent. */
const formText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);
/** A list field: a JSON list, a comma-separated text, or the field repeated (read as a list). */
const formList = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.flatMap((x) => (typeof x === 'string' ? (formList(x) as unknown[]) : [x]));
  if (typeof v !== 'string') return v;
  const text = v.trim();
  if (text === '') return undefined;
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return v;
    }
  }
  return text
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
};
const notifyEmail = z
  .string({ error: NOTIFY_MSG.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, { error: NOTIFY_MSG.emailInvalid })
  .pipe(z.email({ error: NOTIFY_MSG.emailInvalid }));

/**
 * The text fields of POST /management/create-notification/ (multipart/form-data, §7): `channels`
 * (EMAIL, SMS: at least one; the inbox always), `title`, `message`, `notification_type`, and by it
 * `user` (an e-mail), `users` (a JSON list of {email} or of e-mails) or `plans` (plan ids); the
 * files are `file` parts. Lists may also come as the field repeated or comma-separated.
 */
export const notifyFields = z
  .object({
    channels: z.preprocess(
      formList,
      z
        .array(z.enum(NOTIFY_CHANNELS, { error: NOTIFY_MSG.channelInvalid }), { error: NOTIFY_MSG.channelsRequired })
        .min(1, { error: NOTIFY_MSG.channelsRequired })
        .max(NOTIFY_CHANNELS.length, { error: NOTIFY_MSG.channelInvalid })
        .transform((list) => [...new Set(list)]),
    ),
    title: z
      .string({ error: NOTIFY_MSG.titleRequired })
      .trim()
      .min(1, { error: NOTIFY_MSG.titleRequired })
      .max(200, { error: NOTIFY_MSG.titleTooLong }),
    message: z
      .string({ error: NOTIFY_MSG.messageRequired })
      .trim()
      .min(1, { error: NOTIFY_MSG.messageRequired })
      .max(NOTIFICATION_MESSAGE_MAX, { error: NOTIFY_MSG.messageTooLong }),
    notification_type: z.enum(NOTIFY_AUDIENCES, { error: NOTIFY_MSG.audienceInvalid }),
    user: formText(notifyEmail.optional()),
    users: z.preprocess(
      formList,
      z
        .array(z.union([notifyEmail, z.object({ email: notifyEmail }).transform((u) => u.email)]), {
          error: NOTIFY_MSG.usersRequired,
        })
        .max(NOTIFY_USERS_MAX, { error: NOTIFY_MSG.usersTooMany })
        .optional(),
    ),
    plans: z.preprocess(
      formList,
      z
        .array(
          z.preprocess(
            (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v) : v),
            z.number({ error: NOTIFY_MSG.planRequired }).int({ error: NOTIFY_MSG.planRequired }).positive({
              error: NOTIFY_MSG.planRequired,
            }),
          ),
          { error: NOTIFY_MSG.planRequired },
        )
        .max(50, { error: NOTIFY_MSG.planRequired })
        .optional(),
    ),
  })
  .superRefine((f, ctx) => {
    if (f.notification_type === 'single' && !f.user)
      ctx.addIssue({ code: 'custom', path: ['user'], message: NOTIFY_MSG.userRequired });
    if (f.notification_type === 'multiple' && (f.users ?? []).length === 0)
      ctx.addIssue({ code: 'custom', path: ['users'], message: NOTIFY_MSG.usersRequired });
    if (f.notification_type === 'users-on-plan' && (f.plans ?? []).length === 0)
      ctx.addIssue({ code: 'custom', path: ['plans'], message: NOTIFY_MSG.planRequired });
  });
export type NotifyFields = z.infer<typeof notifyFields>;

export const notifySentSchema = z.object({
  message: z.string(),
  data: z.object({
    /** The notification's id (its rows in the sent table name it). */
    id: z.number(),
    /** How many people it reaches (in the inbox); the copies go out in the background. */
    recipients: z.number(),
  }),
});

/** GET /management/notifications: newest first; by person (e-mail or name) and page. */
export const sentNotificationsQuery = z.object({
  search: z.string().trim().max(254).optional(),
  page: fromDecimalText(z.number().int().min(1).max(100_000)).default(1),
  page_size: fromDecimalText(z.number().int().min(1).max(100)).default(25),
});

/** One person's copy of a sent notification (§3 "Notification"). */
export const sentNotificationSchema = z.object({
  id: z.number(),
  /** The notification it belongs to (one send reaches many people). */
  notification_id: z.number(),
  user_email: z.string(),
  user_name: z.string(),
  title: z.string(),
  content: z.string(),
  seen: z.boolean(),
  /** SUCCESS, PENDING or FAILED; null when no e-mail copy was sent (not chosen, or the user opted out). */
  email_status: z.enum(DELIVERY_STATUSES).nullable(),
  sms_status: z.enum(DELIVERY_STATUSES).nullable(),
  /** The super user who sent it. */
  sent_by: z.string(),
  timestamp: z.string(),
});
export type SentNotification = z.infer<typeof sentNotificationSchema>;
export const sentNotificationsSchema = z.object({ data: z.array(sentNotificationSchema), total: z.number() });

export const NOTIFY_API = {
  send: operation({
    method: 'POST',
    path: '/management/create-notification/',
    operationId: 'sendNotification',
    summary:
      'Send a notification to one user, several, the users on plans or everyone: in the inbox, and by e-mail and SMS as chosen; ' +
      'multipart/form-data with the fields of notifyFields and up to 5 `file` parts (super users)',
    tag: TAG,
    // The server reads the body as multipart and parses its fields with notifyFields.
    consumes: ['multipart/form-data'],
    response: notifySentSchema,
    errors: [400, 401, 403, 413, 415],
  }),
  sent: operation({
    method: 'GET',
    path: '/management/notifications',
    operationId: 'listSentNotifications',
    summary: 'Every person reached by a sent notification, with seen and e-mail status, newest first (super users)',
    tag: TAG,
    query: sentNotificationsQuery,
    response: sentNotificationsSchema,
    errors: [400, 401, 403],
  }),
} as const;

export const DRAFTS_API = {
  list: operation({
    method: 'GET',
    path: '/notifications/drafts/',
    operationId: 'listNotificationDrafts',
    summary: 'The saved notification drafts, last changed first (super users)',
    tag: TAG,
    response: draftsSchema,
    errors: [401, 403],
  }),
  add: operation({
    method: 'POST',
    path: '/notifications/drafts/',
    operationId: 'addNotificationDraft',
    summary: 'Save a notification draft (super users)',
    tag: TAG,
    body: draftBody,
    response: draftReplySchema,
    errors: [400, 401, 403],
  }),
  update: operation({
    method: 'PUT',
    path: '/notifications/drafts/:id/',
    operationId: 'updateNotificationDraft',
    summary: 'Change a notification draft (super users)',
    tag: TAG,
    params: draftIdParams,
    body: draftBody,
    response: draftReplySchema,
    errors: [400, 401, 403, 404],
  }),
  remove: operation({
    method: 'DELETE',
    path: '/notifications/drafts/:id/',
    operationId: 'deleteNotificationDraft',
    summary: 'Delete a notification draft (super users)',
    tag: TAG,
    params: draftIdParams,
    response: draftDeletedSchema,
    errors: [400, 401, 403, 404],
  }),
} as const;
