/**
 * Every user's smart trades for super users (3-bots-admin-public §2.4 smart-trader analysis, §2.5
 * all smart trades, §3 "Smart trade (admin view)", "Smart-trader statistics", §7 "Admin bots and
 * smart trades").
 */
import { z } from 'zod';
import { TRADE_STATUSES } from './smart-trades';
import { smartTradeSchema, tradeLogsResponseSchema } from './smart-trades-answers';
import { queryIdField } from './smart-trades-fields';
import { tradeLogsQuery } from './smart-trades-requests';
import { operation } from './operation';

/** A trade as the admin lists show it: the trade and its owner's e-mail and name. */
export const adminSmartTradeSchema = smartTradeSchema.extend({ email: z.string(), name: z.string() });
export type AdminSmartTrade = z.infer<typeof adminSmartTradeSchema>;
export const adminSmartTradesSchema = z.object({ data: z.array(adminSmartTradeSchema) });
export const adminSmartTradeReplySchema = z.object({ data: adminSmartTradeSchema });

/** How many trades are in each status, for equity and for options (§2.4). */
export const smartTraderStatsSchema = z.object({
  data: z.object({
    equity: z.array(z.object({ status: z.enum(TRADE_STATUSES), count: z.number() })),
    options: z.array(z.object({ status: z.enum(TRADE_STATUSES), count: z.number() })),
  }),
});
export type SmartTraderStats = z.infer<typeof smartTraderStatsSchema>;
export const usersWithTradesSchema = z.object({ data: z.array(z.object({ email: z.string(), trades: z.number() })) });

const userEmailQuery = z.object({ user_email: z.string().trim().max(254).optional() });
const TAG = 'Admin: smart trades';

export const ADMIN_TRADES_API = {
  smartTrades: operation({
    method: 'GET',
    path: '/management/smart-trades',
    operationId: 'adminListSmartTrades',
    summary: "Every user's smart trades not archived (or one user's, by e-mail), newest first (super users)",
    tag: TAG,
    query: userEmailQuery,
    response: adminSmartTradesSchema,
    errors: [400, 401, 403],
  }),
  archivedSmartTrades: operation({
    method: 'GET',
    path: '/management/archived-smart-trades',
    operationId: 'adminListArchivedSmartTrades',
    summary: "Every user's archived smart trades (or one user's, by e-mail), newest first (super users)",
    tag: TAG,
    query: userEmailQuery,
    response: adminSmartTradesSchema,
    errors: [400, 401, 403],
  }),
  smartTrade: operation({
    method: 'GET',
    path: '/management/smart-trades/:order_id',
    operationId: 'adminGetSmartTrade',
    summary: 'One smart trade of any user (super users)',
    tag: TAG,
    params: z.object({ order_id: queryIdField('Order ID') }),
    response: adminSmartTradeReplySchema,
    errors: [400, 401, 403, 404],
  }),
  smartTradeLogs: operation({
    method: 'GET',
    path: '/management/smart-trade-logs',
    operationId: 'adminSmartTradeLogs',
    summary: 'What happened to one smart trade of any user, oldest first (super users)',
    tag: TAG,
    query: tradeLogsQuery,
    response: tradeLogsResponseSchema,
    errors: [400, 401, 403, 404],
  }),
  usersWithSmartTrades: operation({
    method: 'GET',
    path: '/management/users-with-smart-trades',
    operationId: 'adminUsersWithSmartTrades',
    summary: 'The users who have smart trades, by e-mail, with how many (super users)',
    tag: TAG,
    response: usersWithTradesSchema,
    errors: [401, 403],
  }),
  stats: operation({
    method: 'GET',
    path: '/management/smart-trader',
    operationId: 'adminSmartTraderStats',
    summary: 'How many smart trades are in each status, for equity and for options (super users)',
    tag: TAG,
    response: smartTraderStatsSchema,
    errors: [401, 403],
  }),
} as const;
