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
import { fetchAllAccounts } from '../../api/brokerage';
import { fetchSignals, fetchWebhook } from '../../api/signals';
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

/**
 * The signals webhook and the signals it received: under the bots' root key, so the trade events
 * that read the bots again (a signal that traded or closed) read them too.
 */
export const signalKeys = {
  all: [...botKeys.all, 'signals'] as const,
  webhook: () => [...signalKeys.all, 'webhook'] as const,
  list: () => [...signalKeys.all, 'list'] as const,
};

/** Every user's bots (super users, §2.2), their owners and logs. */
export const adminBotKeys = {
  all: ['admin-bots'] as const,
  list: (userEmail: string) => [...adminBotKeys.all, 'list', userEmail] as const,
  owners: () => [...adminBotKeys.all, 'owners'] as const,
  logs: (id: number) => [...adminBotKeys.all, 'logs', id] as const,
};

/** The bots shared with the user and by the user (Shared Bots; the share form is smart trades'). */
export const sharedBotKeys = {
  all: ['bot-shares'] as const,
  list: (direction: 'received' | 'sent') => [...sharedBotKeys.all, direction] as const,
};

/** A bot's log (botKeys.logs, adminBotKeys.logs): read by useBotLogs, which keeps the one shown live. */
const isLog = (key: readonly unknown[]) => key[1] === 'logs';

/**
 * A bot's trades and performance change when it places a trade, and its trades' statuses as they
 * run: the lists are read again on each of the user's trade events (the logs are useBotLogs').
 */
function useTradeEvents(root: readonly string[]) {
  const queryClient = useQueryClient();
  useUserEvents(
    TRADE_EVENT,
    () => void queryClient.invalidateQueries({ queryKey: root, predicate: (q) => !isLog(q.queryKey) }),
  );
}

/** The caller's bots that are not archived, or the archived ones ('View Archived Bots'), newest first. */
export function useBots(archived: boolean) {
  useTradeEvents(botKeys.all);
  return useQuery({ queryKey: botKeys.list(archived), queryFn: () => fetchBots(archived) });
}

/**
 * The caller's bots that are not archived, to choose one from (the webhook's bot), while `enabled`:
 * the page's own list, read without listening to trade events a second time.
 */
export const useBotChoices = (enabled: boolean) =>
  useQuery({ queryKey: botKeys.list(false), queryFn: () => fetchBots(false), enabled });

/** How often a log shown is read again: a skipped alert writes a line but makes no trade event. */
const BOT_LOG_REFRESH_MS = 10_000;

/**
 * A bot's log while `botId` is shown (the owner's call, or the super users' with `admin`): read
 * afresh each time it is shown, and kept live while it is: again on each of the user's trade events
 * (a trade placed or changed) and every BOT_LOG_REFRESH_MS (the lines of skipped alerts).
 */
export function useBotLogs(botId: number | null, admin: boolean) {
  const queryClient = useQueryClient();
  const queryKey = admin ? adminBotKeys.logs(botId ?? 0) : botKeys.logs(botId ?? 0);
  useUserEvents(TRADE_EVENT, () => {
    if (botId !== null) void queryClient.invalidateQueries({ queryKey, exact: true });
  });
  return useQuery({
    queryKey,
    queryFn: () => (admin ? fetchAdminBotLogs(botId!) : fetchBotLogs(botId!)),
    enabled: botId !== null,
    staleTime: 0,
    refetchInterval: botId !== null ? BOT_LOG_REFRESH_MS : false,
  });
}

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

/** The caller's signals webhook (null: none yet, or revoked), while `enabled`. */
export const useWebhook = (enabled: boolean) =>
  useQuery({ queryKey: signalKeys.webhook(), queryFn: fetchWebhook, enabled });

/** The signals the caller's webhooks received, newest first, while `enabled`. */
export const useSignals = (enabled: boolean) =>
  useQuery({ queryKey: signalKeys.list(), queryFn: fetchSignals, enabled });
