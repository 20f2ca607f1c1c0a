import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DraftBody, NotificationDraft } from '@drat/contracts';
import {
  addDraft,
  deleteDraft,
  sendNotification,
  updateDraft,
  type DraftDeleted,
  type DraftReply,
  type Drafts,
  type NotifySent,
} from '../../api/adminNotifications';
import type { MutationHandlers } from '../../lib/mutationHandlers';
import { notifyFormData, type NotifyFormValues } from './notifyForm';
import { notifyKeys } from './queries';

/**
 * Super users' notifications (3-bots-admin-public §2.8): the writes and what they refresh. A send
 * makes the sent table stale; a draft's change puts the server's draft in the list held.
 */

export interface NotifySend {
  values: NotifyFormValues;
  files: File[];
}

/** Sends a notification as multipart/form-data: the sent table is read again. */
export function useSendNotification(handlers: MutationHandlers<NotifySent, NotifySend>) {
  const queryClient = useQueryClient();
  return useMutation<NotifySent, Error, NotifySend>({
    mutationFn: ({ values, files }) => sendNotification(notifyFormData(values, files)),
    ...handlers,
    onSuccess: (reply, ...rest) => {
      void queryClient.invalidateQueries({ queryKey: notifyKeys.sent() });
      return handlers.onSuccess?.(reply, ...rest);
    },
  });
}

/** Puts `draft` first in the drafts held (last changed first), in place of its old self. */
function putFirst(old: Drafts | undefined, draft: NotificationDraft): Drafts | undefined {
  return old ? { data: [draft, ...old.data.filter((d) => d.id !== draft.id)] } : old;
}

/** Saves the form's title and message as a draft. */
export function useAddDraft(handlers: MutationHandlers<DraftReply, DraftBody>) {
  const queryClient = useQueryClient();
  return useMutation<DraftReply, Error, DraftBody>({
    mutationFn: addDraft,
    ...handlers,
    onSuccess: (reply, ...rest) => {
      queryClient.setQueryData<Drafts>(notifyKeys.drafts(), (old) => putFirst(old, reply.data));
      void queryClient.invalidateQueries({ queryKey: notifyKeys.drafts() });
      return handlers.onSuccess?.(reply, ...rest);
    },
  });
}

export interface DraftChange {
  id: number;
  body: DraftBody;
}

/** Changes a draft: the draft answered takes its place, first. */
export function useUpdateDraft(handlers: MutationHandlers<DraftReply, DraftChange>) {
  const queryClient = useQueryClient();
  return useMutation<DraftReply, Error, DraftChange>({
    mutationFn: ({ id, body }) => updateDraft(id, body),
    ...handlers,
    onSuccess: (reply, ...rest) => {
      queryClient.setQueryData<Drafts>(notifyKeys.drafts(), (old) => putFirst(old, reply.data));
      void queryClient.invalidateQueries({ queryKey: notifyKeys.drafts() });
      return handlers.onSuccess?.(reply, ...rest);
    },
  });
}

/** Deletes a draft: it leaves the list. */
export function useDeleteDraft(handlers: MutationHandlers<DraftDeleted, number>) {
  const queryClient = useQueryClient();
  return useMutation<DraftDeleted, Error, number>({
    mutationFn: deleteDraft,
    ...handlers,
    onSuccess: (reply, draftId, ...rest) => {
      queryClient.setQueryData<Drafts>(notifyKeys.drafts(), (old) =>
        old ? { data: old.data.filter((d) => d.id !== draftId) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: notifyKeys.drafts() });
      return handlers.onSuccess?.(reply, draftId, ...rest);
    },
  });
}
