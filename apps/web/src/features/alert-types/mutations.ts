import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AlertTypeAdminDto,
  AlertTypeUpdateReply,
  AlertTypesAdminResponse,
  AlertTypesNotificationReply,
} from '@drat/contracts';
import { setCategoryNotifications, updateAlertType } from '../../api/alertTypes';
import type { MutationHandlers } from '../../lib/mutationHandlers';
import type { CategoryFilter } from './alertTypes';
import { alertTypeAdminKeys } from './queries';

/**
 * Super users' alert types (3-bots-admin-public §2.7): the writes. Each answer carries the types
 * after the change, which take their place in the list held; a failed switch is put back.
 */

const putType = (old: AlertTypesAdminResponse | undefined, type: AlertTypeAdminDto) =>
  old ? { data: old.data.map((t) => (t.id === type.id ? type : t)) } : old;

export interface NoteSave {
  id: number;
  raw_note: string;
}

/** Saves a type's note; the server's sanitized note is held. */
export function useSaveNote(handlers: MutationHandlers<AlertTypeUpdateReply, NoteSave>) {
  const queryClient = useQueryClient();
  return useMutation<AlertTypeUpdateReply, Error, NoteSave>({
    mutationFn: ({ id, raw_note }) => updateAlertType(id, { raw_note }),
    ...handlers,
    onSuccess: (reply, ...rest) => {
      queryClient.setQueryData<AlertTypesAdminResponse>(alertTypeAdminKeys.list(), (old) => putType(old, reply.data));
      return handlers.onSuccess?.(reply, ...rest);
    },
  });
}

export interface SwitchChange {
  id: number;
  on: boolean;
}

/** Turns one type's notifications on or off: shown at once, put back if the server refuses. */
export function useSwitchType(handlers: MutationHandlers<AlertTypeUpdateReply, SwitchChange>) {
  const queryClient = useQueryClient();
  const key = alertTypeAdminKeys.list();
  return useMutation<AlertTypeUpdateReply, Error, SwitchChange, { before?: AlertTypesAdminResponse }>({
    mutationFn: ({ id, on }) => updateAlertType(id, { is_notification_enabled: on }),
    onMutate: async ({ id, on }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<AlertTypesAdminResponse>(key);
      queryClient.setQueryData<AlertTypesAdminResponse>(key, (old) =>
        old ? { data: old.data.map((t) => (t.id === id ? { ...t, is_notification_enabled: on } : t)) } : old,
      );
      return { before };
    },
    onSuccess: (reply, ...rest) => {
      queryClient.setQueryData<AlertTypesAdminResponse>(key, (old) => putType(old, reply.data));
      return handlers.onSuccess?.(reply, ...rest);
    },
    onError: (err, change, saved, context) => {
      if (saved?.before) queryClient.setQueryData(key, saved.before);
      return handlers.onError?.(err, change, undefined, context);
    },
  });
}

export interface CategorySwitch {
  category: CategoryFilter;
  on: boolean;
}

/** Turns every type of a category (or ALL) on or off: the types answered replace the list. */
export function useSwitchCategory(handlers: MutationHandlers<AlertTypesNotificationReply, CategorySwitch>) {
  const queryClient = useQueryClient();
  return useMutation<AlertTypesNotificationReply, Error, CategorySwitch>({
    mutationFn: ({ category, on }) => setCategoryNotifications(category, on),
    ...handlers,
    onSuccess: (reply, ...rest) => {
      queryClient.setQueryData<AlertTypesAdminResponse>(alertTypeAdminKeys.list(), { data: reply.data });
      return handlers.onSuccess?.(reply, ...rest);
    },
  });
}
