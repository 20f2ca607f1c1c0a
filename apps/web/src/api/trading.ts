import type {
  BasicTradeInput,
  DeauthorizeReply,
  DemoAccount,
  DemoTradeReply,
  DemoTradesResponse,
  ResetDemoReply,
  TradeDetailResponse,
  TradeLogsResponse,
} from '@drat/contracts';

import { api } from './client';

/** Trading (2-trading §7): one function per endpoint. */

/** Withdraws broker access: the user trades on the demo account from now on. */
export const deauthorize = () => api.post<DeauthorizeReply>('/livetrading/deauthorize/', { broker: 'tradier' });

/* ---- Demo trading (1-core §4, 2-trading §7) ---- */

export const fetchDemoAccount = () => api.get<DemoAccount>('/demo-trading');
/** Puts the demo account back to 100,000 (running demo trades end). */
export const resetDemoAccount = () => api.post<ResetDemoReply>('/demo-trading/reset-demo-account/');
export const fetchDemoTrades = () => api.get<DemoTradesResponse>('/demo-trading/trades');
export const createDemoTrade = (body: BasicTradeInput) =>
  api.post<DemoTradeReply>('/demo-trading/create-demo-trade/', body);
export const cancelDemoTrade = (id: number) =>
  api.post<DemoTradeReply>('/demo-trading/cancel-demo-trade/', { demo_trade_id: id });
export const fetchTradeLogs = (tradeId: number) =>
  api.get<TradeLogsResponse>(`/logs/live-trades?trade_id=${encodeURIComponent(tradeId)}`);
export const fetchTradeDetail = (orderId: string) =>
  api.get<TradeDetailResponse>(`/livetrading/order-detail?order_id=${encodeURIComponent(orderId)}`);
