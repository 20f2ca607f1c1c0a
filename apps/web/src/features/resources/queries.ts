import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import useApp from 'antd/es/app/useApp';
import { RESOURCE_MSG } from '@drat/contracts';
import {
  createResource,
  deleteResource,
  fetchAlertTypeResources,
  fetchResources,
  type ResourceCreateInput,
} from '../../api/resources';
import { LINKS_REFRESH_MS } from './links';

/** Query keys of the resources area. */
export const resourceKeys = {
  all: ['resources'] as const,
  library: () => [...resourceKeys.all, 'library'] as const,
  alertType: (id: number) => [...resourceKeys.all, 'alert-type', id] as const,
};

/**
 * The lists carry links to files that expire (RESOURCE_LINK_SECONDS): read again before they do,
 * while shown and when the window comes back, so thumbnails load and links open. A click on a link
 * that is old all the same gets a fresh one (useFileOpener).
 */
const freshLinks = { staleTime: LINKS_REFRESH_MS, refetchInterval: LINKS_REFRESH_MS, refetchOnWindowFocus: true };

export function useResources() {
  return useQuery({ queryKey: resourceKeys.library(), queryFn: fetchResources, ...freshLinks });
}

export function useAlertTypeResources(alertTypeId: number | null) {
  return useQuery({
    queryKey: resourceKeys.alertType(alertTypeId ?? 0),
    queryFn: () => fetchAlertTypeResources(alertTypeId!),
    enabled: alertTypeId !== null,
    ...freshLinks,
  });
}

// Toasts are statements, never returned: antd's message answers a thenable that would keep the
// mutation pending until the toast closes.

/** Delete (super users): the spec's success message, or the error's own text (1-core §8). */
export function useDeleteResource() {
  const queryClient = useQueryClient();
  const { message } = useApp();
  return useMutation({
    mutationFn: deleteResource,
    onSuccess: (reply) => {
      message.success(reply?.message ?? RESOURCE_MSG.deleted);
    },
    onError: (err) => {
      message.error(err.message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}

/** Create (super users). Field errors are the form's to show; the toast says it failed (3-bots §8). */
export function useCreateResource() {
  const queryClient = useQueryClient();
  const { message } = useApp();
  return useMutation({
    mutationFn: (input: ResourceCreateInput) => createResource(input),
    onSuccess: (reply) => {
      message.success(reply?.message ?? RESOURCE_MSG.created);
    },
    onError: () => {
      message.error(RESOURCE_MSG.saveFailed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}

/** Reads the lists again (their links expire): after a fresh link was asked for (useFileOpener). */
export function useRefreshResources() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: resourceKeys.all }), [queryClient]);
}
