import type { z } from 'zod';
import type {
  adminSmartTradeReplySchema,
  adminSmartTradesSchema,
  SmartTraderStats,
  TradeLogsResponse,
  usersWithTradesSchema,
} from '@drat/contracts';

import { api } from './client';

/**
 * Every user's smart trades for super users (3-bots-admin-public §2.4, §2.5, §7 "Admin bots and
 * smart trades", ADMIN_TRADES_API): one function per endpoint. A super user cancels, archives and
 * un-archives another user's trade with the trader's own calls (api/trading.ts).
 */

export type AdminSmartTrades = z.infer<typeof adminSmartTradesSchema>;
export type AdminSmartTradeReply = z.infer<typeof adminSmartTradeReplySchema>;
export type UsersWithSmartTrades = z.infer<typeof usersWithTradesSchema>;

/** Every user's trades that are not archived, or one user's by e-mail, newest first (ADMIN_TRADES_API.smartTrades). */
export const fetchAdminSmartTrades = (userEmail?: string) =>
  api.get<AdminSmartTrades>('/management/smart-trades', { user_email: userEmail || undefined });
/** Every user's archived trades, or one user's by e-mail, newest first (ADMIN_TRADES_API.archivedSmartTrades). */
export const fetchAdminArchivedSmartTrades = (userEmail?: string) =>
  api.get<AdminSmartTrades>('/management/archived-smart-trades', { user_email: userEmail || undefined });
/** One trade of any user, with its owner (ADMIN_TRADES_API.smartTrade). */
export const fetchAdminSmartTrade = (orderId: string) =>
  api.get<AdminSmartTradeReply>(`/management/smart-trades/${encodeURIComponent(orderId)}`);
/** What happened to one trade of any user, oldest first (ADMIN_TRADES_API.smartTradeLogs). */
export const fetchAdminSmartTradeLogs = (tradeId: number) =>
  api.get<TradeLogsResponse>('/management/smart-trade-logs', { trade_id: tradeId });
/** The users who have smart trades, by e-mail, with how many (ADMIN_TRADES_API.usersWithSmartTrades). */
export const fetchUsersWithSmartTrades = () => api.get<UsersWithSmartTrades>('/management/users-with-smart-trades');
/** How many trades are in each status, for equity and for options (ADMIN_TRADES_API.stats). */
export const fetchSmartTraderStats = () => api.get<SmartTraderStats>('/management/smart-trader');
