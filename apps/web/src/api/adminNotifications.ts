import type { z } from 'zod';
import type {
  DraftBody,
  SentNotification,
  draftDeletedSchema,
  draftReplySchema,
  draftsSchema,
  notifySentSchema,
} from '@drat/contracts';

import { api } from './client';

/**
 * Super users' notifications (3-bots-admin-public §2.8, §7 "Notifications and resources"; NOTIFY_API
 * and DRAFTS_API): one function per endpoint.
 */

export type NotifySent = z.infer<typeof notifySentSchema>;
export type Drafts = z.infer<typeof draftsSchema>;
export type DraftReply = z.infer<typeof draftReplySchema>;
export type DraftDeleted = z.infer<typeof draftDeletedSchema>;
export interface SentNotifications {
  data: SentNotification[];
  total: number;
}

const id = (draftId: number) => encodeURIComponent(draftId);

/**
 * Sends a notification (NOTIFY_API.send): multipart/form-data with the text fields of notifyFields
 * and up to NOTIFY_FILES_MAX `file` parts; answered at once, the copies go out in the background.
 */
export const sendNotification = (form: FormData) => api.upload<NotifySent>('/management/create-notification/', form);

/** Every person reached by a sent notification, newest first, a page at a time (NOTIFY_API.sent). */
export const fetchSentNotifications = (search: string, page: number, pageSize: number) =>
  api.get<SentNotifications>('/management/notifications', { search: search || undefined, page, page_size: pageSize });

/** The saved drafts, last changed first (DRAFTS_API.list). */
export const fetchDrafts = () => api.get<Drafts>('/notifications/drafts/');

/** Saves a draft (DRAFTS_API.add). */
export const addDraft = (body: DraftBody) => api.post<DraftReply>('/notifications/drafts/', body);

/** Changes a draft (DRAFTS_API.update). */
export const updateDraft = (draftId: number, body: DraftBody) =>
  api.put<DraftReply>(`/notifications/drafts/${id(draftId)}/`, body);

/** Deletes a draft (DRAFTS_API.remove). */
export const deleteDraft = (draftId: number) => api.delete<DraftDeleted>(`/notifications/drafts/${id(draftId)}/`);
