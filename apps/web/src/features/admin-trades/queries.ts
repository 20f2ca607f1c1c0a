import { useQuery } from '@tanstack/react-query';
import type { AdminSmartTrade } from '@drat/contracts';
import {
  fetchAdminArchivedSmartTrades,
  fetchAdminSmartTrade,
  fetchAdminSmartTradeLogs,
  fetchAdminSmartTrades,
  fetchSmartTraderStats,
  fetchUsersWithSmartTrades,
} from '../../api/adminTrades';

/**
 * Every user's smart trades for super users (3-bots-admin-public §2.4, §2.5): the reads and their
 * keys (the writes, and what they read again, are in mutations.ts). Another user's trade changes
 * make no event of the super user's, so what runs is read again on a timer while it is shown.
 */

export const adminTradeKeys = {
  all: ['admin-trades'] as const,
  list: (archived: boolean, userEmail: string) => [...adminTradeKeys.all, 'list', archived, userEmail] as const,
  one: (orderId: string) => [...adminTradeKeys.all, 'one', orderId] as const,
  logs: (tradeId: number) => [...adminTradeKeys.all, 'logs', tradeId] as const,
  owners: () => [...adminTradeKeys.all, 'owners'] as const,
  stats: () => [...adminTradeKeys.all, 'stats'] as const,
};

/** How often a list holding a running trade, or a log shown, is read again. */
export const ADMIN_TRADES_REFRESH_MS = 5_000;
const running = (t: Pick<AdminSmartTrade, 'status'>) => t.status === 'PENDING' || t.status === 'OPEN';

/**
 * Every user's trades, or those of the user with e-mail `userEmail` ('' for everyone), archived or
 * not, newest first; read again every ADMIN_TRADES_REFRESH_MS while one of them runs.
 */
export const useAdminSmartTrades = (archived: boolean, userEmail: string) =>
  useQuery({
    queryKey: adminTradeKeys.list(archived, userEmail),
    queryFn: () => (archived ? fetchAdminArchivedSmartTrades(userEmail) : fetchAdminSmartTrades(userEmail)),
    refetchInterval: (query) => (query.state.data?.data.some(running) ? ADMIN_TRADES_REFRESH_MS : false),
  });

/** One trade with its owner, by its order_id, while `orderId` is shown (View Details). */
export const useAdminSmartTrade = (orderId: string | null) =>
  useQuery({
    queryKey: adminTradeKeys.one(orderId ?? ''),
    queryFn: () => fetchAdminSmartTrade(orderId!),
    enabled: orderId !== null,
    staleTime: 0,
  });

/** A trade's log, oldest first, while `tradeId` is shown (the logs panel): read afresh and kept live. */
export const useAdminTradeLogs = (tradeId: number | null) =>
  useQuery({
    queryKey: adminTradeKeys.logs(tradeId ?? 0),
    queryFn: () => fetchAdminSmartTradeLogs(tradeId!),
    enabled: tradeId !== null,
    staleTime: 0,
    refetchInterval: tradeId !== null ? ADMIN_TRADES_REFRESH_MS : false,
  });

/** The users who have smart trades (the user picker). */
export const useSmartTradeOwners = () =>
  useQuery({ queryKey: adminTradeKeys.owners(), queryFn: fetchUsersWithSmartTrades });

/** The counts by status for equity and options (§2.4). */
export const useSmartTraderStats = () =>
  useQuery({ queryKey: adminTradeKeys.stats(), queryFn: fetchSmartTraderStats, staleTime: 0 });
