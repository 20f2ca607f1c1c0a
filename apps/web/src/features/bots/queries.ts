import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TRADE_EVENT } from '@drat/contracts';
import {
  fetchAdminBotLogs,
  fetchAdminBots,
  fetchBotLogs,
  fetchBotOwners,
  fetchBots,
  fetchSharedBots,
} from '../../api/bots';
import { fetchPlanGroups, fetchShareableUsers } from '../../api/trading';
import { fetchAllAccounts } from '../../api/brokerage';
import { useUserEvents } from '../../lib/live';
import { brokerKeys } from '../../lib/queryKeys';

/**
 * Money-management bots' server data: the reads and their query keys (the writes, and what they
 * refresh, are in mutations.ts). Components call the hooks below, never React Query itself.
 */

/** The owner's bots (3-bots-admin-public §2.1) and their logs. */
export const botKeys = {
  all: ['bots'] as const,
  list: (archived: boolean) => [...botKeys.all, 'list', archived] as const,
  logs: (id: number) => [...botKeys.all, 'logs', id] as const,
};

/** Every user's bots (super users, §2.2), their owners and logs. */
export const adminBotKeys = {
  all: ['admin-bots'] as const,
  list: (userEmail: string) => [...adminBotKeys.all, 'list', userEmail] as const,
  owners: () => [...adminBotKeys.all, 'owners'] as const,
  logs: (id: number) => [...adminBotKeys.all, 'logs', id] as const,
};

/**
 * The bots shared with the user and by the user (Shared Bots), and the share form's choices. The
 * choices' keys are smart trades' too (the same calls): whichever screen reads them first fills both.
 */
export const sharedBotKeys = {
  all: ['bot-shares'] as const,
  list: (direction: 'received' | 'sent') => [...sharedBotKeys.all, direction] as const,
  users: () => ['shareable-users'] as const,
  plans: () => ['plan-groups'] as const,
};

/**
 * A bot's trades and performance change when it places a trade, and its trades' statuses as they
 * run: the lists are read again on each of the user's trade events.
 */
function useTradeEvents(root: readonly string[]) {
  const queryClient = useQueryClient();
  useUserEvents(TRADE_EVENT, () => void queryClient.invalidateQueries({ queryKey: root }));
}

/** The caller's bots that are not archived, or the archived ones ('View Archived Bots'), newest first. */
export function useBots(archived: boolean) {
  useTradeEvents(botKeys.all);
  return useQuery({ queryKey: botKeys.list(archived), queryFn: () => fetchBots(archived) });
}

/** A bot's log while `botId` is shown: the owner's call, or the super users' (`admin`). */
export const useBotLogs = (botId: number | null, admin: boolean) =>
  useQuery({
    queryKey: admin ? adminBotKeys.logs(botId ?? 0) : botKeys.logs(botId ?? 0),
    queryFn: () => (admin ? fetchAdminBotLogs(botId!) : fetchBotLogs(botId!)),
    enabled: botId !== null,
  });

/** Super users: every bot, or the bots of the user with e-mail `userEmail` ('' for everyone). */
export function useAdminBots(userEmail: string) {
  useTradeEvents(adminBotKeys.all);
  return useQuery({ queryKey: adminBotKeys.list(userEmail), queryFn: () => fetchAdminBots(userEmail) });
}

/** Super users: the users who have bots (the user picker). */
export const useBotOwners = () => useQuery({ queryKey: adminBotKeys.owners(), queryFn: fetchBotOwners });

/**
 * Super users: the brokerage accounts of the user with e-mail `ownerEmail`, while editing one of
 * their bots (a bot trades on its owner's accounts). The cache is Broker Settings' (brokerKeys).
 */
export const useOwnerAccounts = (ownerEmail: string | null) =>
  useQuery({
    queryKey: brokerKeys.allAccounts(),
    queryFn: fetchAllAccounts,
    enabled: ownerEmail !== null,
    select: (reply) => reply.data.accounts.filter((a) => a.email.toLowerCase() === ownerEmail?.toLowerCase()),
  });

/** The bots shared with the caller (received) or by the caller (sent), newest first. */
export const useSharedBots = (direction: 'received' | 'sent') =>
  useQuery({ queryKey: sharedBotKeys.list(direction), queryFn: () => fetchSharedBots(direction) });

/** Every user's e-mail (a super user's single and multiple modes), while `enabled`. */
export const useShareableUsers = (enabled: boolean) =>
  useQuery({ queryKey: sharedBotKeys.users(), queryFn: fetchShareableUsers, enabled });

/** The plans by group (a super user's users-on-plan mode), while `enabled`. */
export const usePlanGroups = (enabled: boolean) =>
  useQuery({ queryKey: sharedBotKeys.plans(), queryFn: fetchPlanGroups, enabled });
