import { useQuery } from '@tanstack/react-query';
import { fetchAlertTypesAdmin } from '../../api/alertTypes';
import { retryUnlessClientError } from '../../lib/errors';

/**
 * Super users' alert types (3-bots-admin-public §2.7): the read with its query key. The writes, and
 * what they put in the cache, are in mutations.ts.
 */
export const alertTypeAdminKeys = {
  all: ['alert-types-admin'] as const,
  list: () => [...alertTypeAdminKeys.all, 'list'] as const,
};

/** Every alert type with its note and notification switch. */
export const useAlertTypesAdmin = () =>
  useQuery({
    queryKey: alertTypeAdminKeys.list(),
    queryFn: fetchAlertTypesAdmin,
    select: (reply) => reply.data,
    retry: retryUnlessClientError,
  });
