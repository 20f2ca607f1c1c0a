import type { z } from 'zod';
import type { decidedSchema, pendingChangesSchema, UploadReport, UserDataPage, UserDataSearch } from '@drat/contracts';
import { api, type DownloadedFile } from './client';

/**
 * User data for super users (3-bots-admin-public §2.10, §7 "User data", USER_DATA_API): one
 * function per endpoint. Only the staff account uploads, exports the whole search, deletes more
 * than one row and decides pending changes; the server says so with `can_edit`.
 */

export type PendingChanges = z.infer<typeof pendingChangesSchema>;
export type Decided = z.infer<typeof decidedSchema>;
/** A search as sent: every filter of §5 "User search" (flags only when on). */
export type UserDataFilters = UserDataSearch;

/** One page of the people matching the search, newest first (USER_DATA_API.list). */
export const fetchUserData = (filters: UserDataFilters, page: number, pageSize: number) =>
  api.get<UserDataPage>('/manage-data/users/', { ...filters, page, page_size: pageSize });

/**
 * The CSV of the whole search (the staff account) or of the rows chosen (`ids`, anyone)
 * (USER_DATA_API.download), with the session's token like every call.
 */
export const downloadUserData = (what: UserDataFilters | { ids: readonly number[] }): Promise<DownloadedFile> =>
  api.download('/manage-data/users/download/', 'ids' in what ? { ids: what.ids.join(',') } : what);

/** Deletes up to USER_DATA_DELETE_BATCH people at once (USER_DATA_API.remove). */
export const deleteUserData = (ids: readonly number[]) =>
  api.delete<void>('/manage-data/users/delete/', undefined, { user_ids: ids });

/** Adds the people of one CSV or XLSX file, as the multipart field `file` (USER_DATA_API.upload). */
export const uploadUserData = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api.upload<UploadReport>('/manage-data/users/upload/', form);
};

/** The changes uploaded files propose, oldest first (USER_DATA_API.pending). */
export const fetchPendingChanges = () => api.get<PendingChanges>('/manage-data/pending-changes/');
/** Applies one pending change (USER_DATA_API.accept). */
export const acceptPendingChange = (id: number) => api.post<Decided>(`/manage-data/pending-changes/${id}/accept/`);
/** Drops one pending change (USER_DATA_API.reject). */
export const rejectPendingChange = (id: number) => api.post<Decided>(`/manage-data/pending-changes/${id}/reject/`);
/** Accepts or rejects up to USER_DATA_DELETE_BATCH pending changes at once (USER_DATA_API.bulk). */
export const decidePendingChanges = (ids: readonly number[], action: 'accept' | 'reject') =>
  api.post<Decided>('/manage-data/pending-changes/bulk/', { ids, action });
