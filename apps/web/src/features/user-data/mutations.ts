import { useMutation, useQueryClient } from '@tanstack/react-query';
import useApp from 'antd/es/app/useApp';
import { MSG, USER_DATA_MSG } from '@drat/contracts';
import {
  acceptPendingChange,
  decidePendingChanges,
  deleteUserData,
  downloadUserData,
  rejectPendingChange,
  uploadUserData,
  type UserDataFilters,
} from '../../api/userData';
import { downloadBlob } from '../../lib/download';
import type { MutationHandlers } from '../../lib/mutationHandlers';
import { failureText } from './errors';
import { userDataKeys } from './queries';
import { batchesOf } from './search';

/**
 * User data's writes (3-bots-admin-public §2.10, §8): each toasts its outcome and reads the list
 * and the pending changes again after.
 */

/** What to export: the whole search (the staff account) or the rows chosen. */
export type ExportWhat = UserDataFilters | { ids: readonly number[] };

/** Export: fetches the CSV with the session's token and saves it under the server's name. */
export function useExportUserData() {
  const { message } = useApp();
  return useMutation({
    mutationFn: async (what: ExportWhat) => {
      const file = await downloadUserData(what);
      downloadBlob(file.blob, file.filename ?? `user-data-${new Date().toISOString().slice(0, 10)}.csv`);
    },
    onSuccess: () => void message.success(USER_DATA_MSG.downloaded),
    onError: (err) => void message.error(failureText(err, USER_DATA_MSG.downloadFailed)),
  });
}

/** Deletes people in calls of USER_DATA_DELETE_BATCH ids (each answers 204); answers how many were asked for. */
export function useDeleteUserData(handlers: MutationHandlers<number, readonly number[]> = {}) {
  const queryClient = useQueryClient();
  const { message } = useApp();
  return useMutation({
    mutationFn: async (ids: readonly number[]) => {
      let deleted = 0;
      for (const batch of batchesOf(ids)) {
        await deleteUserData(batch);
        deleted += batch.length;
      }
      return deleted;
    },
    ...handlers,
    onSuccess: (deleted, ids, ...rest) => {
      void message.success(USER_DATA_MSG.deleted);
      return handlers.onSuccess?.(deleted, ids, ...rest);
    },
    onError: (err, ...rest) => {
      void message.error(failureText(err, USER_DATA_MSG.deleteFailed));
      return handlers.onError?.(err, ...rest);
    },
    // Some batches may have gone before one failed: read the list again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: userDataKeys.lists() }),
  });
}

/** Upload: one file; the report is the answer. */
export function useUploadUserData() {
  const queryClient = useQueryClient();
  const { message } = useApp();
  return useMutation({
    mutationFn: uploadUserData,
    onSuccess: (reply) => {
      void message.success(reply.message || USER_DATA_MSG.uploaded);
      void queryClient.invalidateQueries({ queryKey: userDataKeys.all });
    },
    onError: (err) => void message.error(failureText(err, USER_DATA_MSG.uploadFailed)),
  });
}

export type Decision = 'accept' | 'reject';

/** Accept or Reject one pending change; the server's message is shown. */
export function useDecideChange() {
  const queryClient = useQueryClient();
  const { message } = useApp();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: Decision }) =>
      action === 'accept' ? acceptPendingChange(id) : rejectPendingChange(id),
    onSuccess: (reply) => void message.success(reply.message),
    onError: (err) => void message.error(failureText(err, MSG.somethingWrong)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userDataKeys.all }),
  });
}

/** Accept or Reject the changes chosen, in calls of USER_DATA_DELETE_BATCH ids. */
export function useDecideChanges(
  handlers: MutationHandlers<number, { ids: readonly number[]; action: Decision }> = {},
) {
  const queryClient = useQueryClient();
  const { message } = useApp();
  return useMutation({
    mutationFn: async ({ ids, action }: { ids: readonly number[]; action: Decision }) => {
      let decided = 0;
      for (const batch of batchesOf(ids)) decided += (await decidePendingChanges(batch, action)).decided;
      return decided;
    },
    ...handlers,
    onSuccess: (decided, vars, ...rest) => {
      void message.success(
        vars.action === 'accept' ? USER_DATA_MSG.acceptedMany(decided) : USER_DATA_MSG.rejectedMany(decided),
      );
      return handlers.onSuccess?.(decided, vars, ...rest);
    },
    onError: (err, ...rest) => {
      void message.error(failureText(err, MSG.somethingWrong));
      return handlers.onError?.(err, ...rest);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userDataKeys.all }),
  });
}
