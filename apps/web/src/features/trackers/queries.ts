import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import useApp from 'antd/es/app/useApp';
import {
  fetchDioneTrackers,
  fetchTrackerAlert,
  fetchTrackers,
  removeDioneTracker,
  removeTracker,
  resetDioneTrackers,
  resetTrackers,
} from '../../api/alerts';
import { ApiError } from '../../api/client';
import { retryUnlessClientError } from '../../lib/errors';
import { trackerKeys } from '../../lib/queryKeys';

export function useAlertTrackers() {
  return useQuery({
    queryKey: trackerKeys.alerts(),
    queryFn: async () => (await fetchTrackers()).data,
    retry: retryUnlessClientError,
    refetchInterval: 60_000,
  });
}

/** The Dione tracker list; until the tools area serves it (404) it reads as empty. */
export function useDioneTrackers() {
  return useQuery({
    queryKey: trackerKeys.dione(),
    queryFn: async () => {
      try {
        return (await fetchDioneTrackers()).data ?? [];
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return [];
        throw err;
      }
    },
    retry: retryUnlessClientError,
  });
}

export function useTrackerAlert(id: number | null) {
  return useQuery({
    queryKey: trackerKeys.alert(id ?? 0),
    queryFn: async () => (await fetchTrackerAlert(id!)).data,
    enabled: id !== null,
    retry: retryUnlessClientError,
  });
}

/** A remove or reset call: the server's message on success, its error on failure, then a re-read. */
function useTrackerChange<V>(call: (v: V) => Promise<{ message?: string }>, key: QueryKey, done: string) {
  const queryClient = useQueryClient();
  const { message } = useApp();
  return useMutation({
    mutationFn: call,
    onSuccess: (reply) => {
      message.success(reply?.message ?? done);
    },
    onError: (err) => {
      message.error(err.message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useRemoveTracker = () => useTrackerChange(removeTracker, trackerKeys.alerts(), 'Tracker removed');
export const useResetTrackers = () => useTrackerChange(() => resetTrackers(), trackerKeys.alerts(), 'Trackers cleared');
export const useRemoveDioneTracker = () => useTrackerChange(removeDioneTracker, trackerKeys.dione(), 'Tracker removed');
export const useResetDioneTrackers = () =>
  useTrackerChange(() => resetDioneTrackers(), trackerKeys.dione(), 'Trackers cleared');
