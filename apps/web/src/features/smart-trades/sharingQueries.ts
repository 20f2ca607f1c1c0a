import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchPlanGroups, fetchShareableUsers, fetchSharedItems, shareTradeOrBot } from '../../api/trading';
import { tradeKeys } from './queries';

/** Sharing's server data (2-trading §2.1 "Shared Trades", §7): the shared lists and the share form's choices. */
export const sharingKeys = {
  all: [...tradeKeys.all, 'shared'] as const,
  list: (direction: 'received' | 'sent') => [...sharingKeys.all, direction] as const,
  // The choices are not trades: a trade's change does not read them again.
  users: () => ['shareable-users'] as const,
  plans: () => ['plan-groups'] as const,
};

/** The trades shared with the caller (received) or by the caller (sent). */
export const useSharedTrades = (direction: 'received' | 'sent') =>
  useQuery({ queryKey: sharingKeys.list(direction), queryFn: () => fetchSharedItems(direction, 'TRADE') });

/** Every user's e-mail (super users' single and multiple modes), while `enabled`. */
export const useShareableUsers = (enabled: boolean) =>
  useQuery({ queryKey: sharingKeys.users(), queryFn: fetchShareableUsers, enabled });

/** The plans by group (super users' users-on-plan mode), while `enabled`. */
export const usePlanGroups = (enabled: boolean) =>
  useQuery({ queryKey: sharingKeys.plans(), queryFn: fetchPlanGroups, enabled });

/** Sends the share form; the Sent list is read again after it. */
export function useShareTrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareTradeOrBot,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sharingKeys.all }),
  });
}
