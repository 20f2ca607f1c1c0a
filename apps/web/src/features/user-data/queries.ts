import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchPendingChanges, fetchUserData, type UserDataFilters } from '../../api/userData';
import { retryUnlessClientError } from '../../lib/errors';

/**
 * User data (3-bots-admin-public §2.10): the reads and their keys (the writes, and what they read
 * again, are in mutations.ts).
 */

export const userDataKeys = {
  all: ['user-data'] as const,
  lists: () => [...userDataKeys.all, 'list'] as const,
  list: (filters: UserDataFilters, page: number, pageSize: number) =>
    [...userDataKeys.lists(), filters, page, pageSize] as const,
  pending: () => [...userDataKeys.all, 'pending'] as const,
};

/** One page of the people matching `filters`; the page shown stays while the next loads. */
export const useUserData = (filters: UserDataFilters, page: number, pageSize: number) =>
  useQuery({
    queryKey: userDataKeys.list(filters, page, pageSize),
    queryFn: () => fetchUserData(filters, page, pageSize),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

/** The pending changes, oldest first, with whether this super user may decide them. */
export const usePendingChanges = () =>
  useQuery({
    queryKey: userDataKeys.pending(),
    queryFn: fetchPendingChanges,
    staleTime: 0,
    retry: retryUnlessClientError,
  });
