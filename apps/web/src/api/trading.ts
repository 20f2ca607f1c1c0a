import type {
  BasicTradeInput,
  DeauthorizeReply,
  DemoAccount,
  DemoTradeReply,
  DemoTradesResponse,
  LiveAccountsResponse,
  MessageReply,
  OptionPriceQuery,
  OptionPriceResponse,
  ResetDemoReply,
  TradeAlertResponse,
  TradeDetailResponse,
  TradeEntriesResponse,
  TradeLogsResponse,
  TradeReply,
  TradesResponse,
  TradeTemplatesResponse,
  TradeType,
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

/* ---- Live trading (2-trading §2.2, §7): SMART_TRADES_API ---- */

/** The live trades that are not archived, by status group, newest first (SMART_TRADES_API.trades). */
export const fetchLiveTrades = () => api.get<TradesResponse>('/livetrading/trades');
/** The archived live trades, newest first (SMART_TRADES_API.archivedTrades). */
export const fetchArchivedTrades = () => api.get<TradesResponse>('/livetrading/archived-trades');
export const cancelLiveTrade = (id: number) =>
  api.post<TradeReply>('/livetrading/cancel-live-trade/', { live_trade_id: id });
export const archiveLiveTrade = (id: number) =>
  api.post<TradeReply>('/livetrading/archive-live-trade/', { live_trade_id: id });
export const unarchiveLiveTrade = (id: number) =>
  api.post<TradeReply>('/livetrading/unarchive-live-trade/', { live_trade_id: id });
/** Deletes one of the caller's drafts (SMART_TRADES_API.deleteDraft); order_id is the trade's. */
export const deleteDraftTrade = (orderId: string) =>
  api.get<MessageReply>('/livetrading/delete-draft', { order_id: orderId });

/**
 * The alert a trade was made from, or `found: false` (SMART_TRADES_API.tradeAlert for a live trade,
 * demoTradeAlert for a demo one): `id` is the trade's id, `type` its trade_type.
 */
export const fetchTradeAlert = (mode: 'live' | 'demo', id: number, type: TradeType) =>
  api.get<TradeAlertResponse>(mode === 'live' ? '/livetrading/trade-alert' : '/demo-trading/trade-alert', { id, type });

/* ---- The basic trade drawer (2-trading §2.4, §7) ---- */

/** The caller's brokerage accounts; live trades go to the connected one (SMART_TRADES_API.accounts). */
export const fetchLiveAccounts = () => api.get<LiveAccountsResponse>('/livetrading/accounts');
/** Places a basic smart trade on a brokerage account (SMART_TRADES_API.createTrade). */
export const createLiveTrade = (body: BasicTradeInput & { account_id: string }) =>
  api.post<TradeReply>('/livetrading/create-trade/', body);
/** Saves a basic trade as a draft; with draft_id, that draft again (SMART_TRADES_API.draftTrade). */
export const saveDraftTrade = (body: BasicTradeInput) => api.post<TradeReply>('/livetrading/draft-trade/', body);
/** Each leg's premium of an options strategy (GET /livetrading/get-option-price/). */
export const fetchOptionPrice = (q: Omit<OptionPriceQuery, 'token'>) =>
  api.get<OptionPriceResponse>('/livetrading/get-option-price/', q);
/** The smart trade templates (super users; SMART_TRADES_API.templates). */
export const fetchTradeTemplates = () => api.get<TradeTemplatesResponse>('/livetrading/trade-templates');
/** A template's prices for a ticker now (SMART_TRADES_API.tradeEntries). */
export const fetchTemplateEntries = (ticker: string, template: number) =>
  api.get<TradeEntriesResponse>('/livetrading/trade-entries-parameter', { ticker, template });

/* ---- The advanced trade drawer (2-trading §2.4, §4, §7; super users) ---- */

// Types of this block only (the list above is edited by others).
import type { z } from 'zod';
import type {
  ConditionsEditBody,
  liveAdvancedTradeBody,
  OrderEditBody,
  RangeEditBody,
  ReplayResult,
  ReplayTradeInput,
  StockTaQuery,
  TechnicalResponse,
} from '@drat/contracts';

/** An advanced trade as the drawer sends it: the body before the schema's defaults. */
export type AdvancedTradeInput = z.input<typeof liveAdvancedTradeBody>;
/** Places an advanced smart trade on a brokerage account (SMART_TRADES_API.createAdvancedTrade). */
export const createAdvancedTrade = (body: AdvancedTradeInput) =>
  api.post<TradeReply>('/livetrading/create-advanced-trade/', body);
/** Saves an advanced trade as a draft; with draft_id, that draft again (SMART_TRADES_API.draftTrade). */
export const saveAdvancedDraft = (body: AdvancedTradeInput) => api.post<TradeReply>('/livetrading/draft-trade/', body);
/** Replaces the condition rows of a pending or open advanced trade (SMART_TRADES_API.conditionsEdit). */
export const editTradeConditions = (body: ConditionsEditBody) =>
  api.post<TradeReply>('/livetrading/trades/conditions/edit/', body);
/** One indicator's value now (GET /stock/ta; VALUE is the price): the conditions' look-up. */
export const fetchTechnical = (q: Omit<StockTaQuery, 'token'>) => api.get<TechnicalResponse>('/stock/ta', q);

/* ---- Templates and sharing (2-trading §2.1, §4, §5.4, §5.6, §7) ---- */

// Types of this block only (the lists above are edited by others).
import type {
  PlanGroupsResponse,
  ShareItemType,
  ShareReply,
  SharedItemDto,
  TradeTemplateBody,
  TradeTemplateDto,
} from '@drat/contracts';

/** A template's change answers its message (TRADE_MSG.templateCreated / templateUpdated) and the template. */
export type TradeTemplateReply = MessageReply & { data: TradeTemplateDto };
/** Creates a smart trade template (super users; SMART_TRADES_API.createTemplate). */
export const createTradeTemplate = (body: TradeTemplateBody) =>
  api.post<TradeTemplateReply>('/livetrading/trade-templates', body);
/** Changes a template's name and percentages (SMART_TRADES_API.updateTemplate). */
export const updateTradeTemplate = (id: number, body: TradeTemplateBody) =>
  api.patch<TradeTemplateReply>(`/livetrading/trade-templates/${encodeURIComponent(id)}`, body);
/** Deletes a template (SMART_TRADES_API.deleteTemplate). */
export const deleteTradeTemplate = (id: number) =>
  api.delete<MessageReply>(`/livetrading/trade-templates/${encodeURIComponent(id)}`);

/** The trades (or bots) shared with the caller, or by the caller (SMART_TRADES_API.sharedReceived / sharedSent). */
export const fetchSharedItems = (direction: 'received' | 'sent', type: ShareItemType = 'TRADE') =>
  api.get<{ data: SharedItemDto[] }>(`/livetrading/smart-trade-share/${direction}`, { type });
/** Shares a trade or a bot: the form's text fields as multipart/form-data (SMART_TRADES_API.share). */
export const shareTradeOrBot = (form: FormData) =>
  api.upload<ShareReply>('/livetrading/smart-trade-share/create/', form);
/** Every user's e-mail, to share with (super users; SMART_TRADES_API.shareableUsers). */
export const fetchShareableUsers = () => api.get<{ data: { email: string }[] }>('/management/user-list');
/** The plans by group, to share with the users on a plan (SMART_TRADES_API.planGroups). */
export const fetchPlanGroups = () => api.get<PlanGroupsResponse>('/payments/plans');

/* ---- Changes to a placed trade (2-trading §2.3, §5.5) ---- */

/** New prices, trailing percents or notes of a PENDING or OPEN trade (SMART_TRADES_API.orderEdit). */
export const editTradePrices = (body: OrderEditBody) => api.post<TradeReply>('/livetrading/order-edit/', body);
/** One range's buy and target (SMART_TRADES_API.rangeEdit). */
export const editTradeRange = (body: RangeEditBody) => api.post<TradeReply>('/livetrading/trades/range/edit/', body);

/** Runs a trade being entered over recent hourly bars (SMART_TRADES_API.replayTrade; nothing stored). */
export const replayTrade = (body: ReplayTradeInput) => api.post<ReplayResult>('/livetrading/replay-trade/', body);
