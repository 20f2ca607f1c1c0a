import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchDrafts, fetchSentNotifications, type SentNotifications } from '../../api/adminNotifications';
import { fetchPaymentPlans } from '../../api/adminUsers';
import { fetchShareableUsers } from '../../api/trading';
import { anyPending } from './notifyForm';

/**
 * Super users' notifications (3-bots-admin-public §2.8): the reads with their query keys. The
 * writes, and what they refresh, are in mutations.ts.
 */
export const notifyKeys = {
  all: ['admin-notifications'] as const,
  sent: () => [...notifyKeys.all, 'sent'] as const,
  sentPage: (search: string, page: number, pageSize: number) => [...notifyKeys.sent(), search, page, pageSize] as const,
  drafts: () => [...notifyKeys.all, 'drafts'] as const,
  users: () => [...notifyKeys.all, 'users'] as const,
  plans: () => [...notifyKeys.all, 'plans'] as const,
};

/** The users to pick from (GET /management/user-list), while `enabled`. */
export const useNotifyUsers = (enabled: boolean) =>
  useQuery({ queryKey: notifyKeys.users(), queryFn: fetchShareableUsers, enabled, staleTime: 60_000 });

/** The plans of the catalogue (GET /management/payment-plans), while `enabled`. */
export const useNotifyPlans = (enabled: boolean) =>
  useQuery({ queryKey: notifyKeys.plans(), queryFn: fetchPaymentPlans, enabled, staleTime: 5 * 60_000 });

/** The saved drafts, last changed first. */
export const useDrafts = () => useQuery({ queryKey: notifyKeys.drafts(), queryFn: fetchDrafts });

/**
 * A page of the sent table, newest first, of the people whose e-mail or name has `search`. While a
 * copy shown is still PENDING, the page is read again every 5 seconds, so its status changes by itself.
 */
export const useSentNotifications = (search: string, page: number, pageSize: number) =>
  useQuery({
    queryKey: notifyKeys.sentPage(search, page, pageSize),
    queryFn: () => fetchSentNotifications(search, page, pageSize),
    // The page shown stays while the next one loads (no jump to an empty table).
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const data: SentNotifications | undefined = query.state.data;
      return data && anyPending(data.data) ? 5_000 : false;
    },
  });
