/**
 * Notifications sent by super users (3-bots-admin-public §2.8, §3 "Notification send", §5
 * "Notification send", §7 "Notifications and resources", §8 "Drafts"): so far the drafts, shared
 * by the super users (any of them may use, change or delete one).
 */
import { z } from 'zod';
import { textIdField } from './amounts';
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
