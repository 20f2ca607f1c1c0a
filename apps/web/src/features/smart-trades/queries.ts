import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TRADE_EVENT, type SmartTradeDto } from '@drat/contracts';
import { fetchStockPrice } from '../../api/market';
import {
  fetchArchivedTrades,
  fetchDemoTrades,
  fetchLiveTrades,
  fetchPlanGroups,
  fetchShareableUsers,
  fetchSharedItems,
  fetchTechnical,
  fetchTradeAlert,
  fetchTradeDetail,
  fetchTradeLogs,
  fetchTradeTemplates,
} from '../../api/trading';
import { useUserEvents } from '../../lib/live';
import { indicatorKey, type Indicator } from './conditionRows';

/**
 * Smart trades' server data: the reads and the query keys (the writes, and what they read again,
 * are in mutations.ts). Components call the hooks below, never React Query itself.
 */

export const tradeKeys = {
  all: ['trading'] as const,
  demoTrades: () => [...tradeKeys.all, 'demo-trades'] as const,
  liveTrades: (archived: boolean) => [...tradeKeys.all, 'live-trades', archived] as const,
  logs: (id: number) => [...tradeKeys.all, 'logs', id] as const,
  detail: (id: number) => [...tradeKeys.all, 'detail', id] as const,
  alert: (mode: 'live' | 'demo', id: number) => [...tradeKeys.all, 'alert', mode, id] as const,
};

/** Sharing (2-trading §2.1 "Shared Trades", §7): the shared lists and the share form's choices. */
export const sharingKeys = {
  all: [...tradeKeys.all, 'shared'] as const,
  list: (direction: 'received' | 'sent') => [...sharingKeys.all, direction] as const,
  // The choices are not trades: a trade's change does not read them again.
  users: () => ['shareable-users'] as const,
  plans: () => ['plan-groups'] as const,
};

/**
 * The trade templates (super users): the SMT Templates list and the basic trade drawer's template
 * picker read the same query. Not under `tradeKeys.all`: a trade's change does not read them again.
 */
export const templateKeys = {
  all: ['trade-templates'] as const,
};

/**
 * Market data the drawers look up, under the market area's root key ('market', as its queries.ts
 * and lib/live name theirs): a live price, an indicator's value now.
 */
const marketLookupKeys = {
  price: (symbol: string) => ['market', 'price', symbol] as const,
  technical: (ticker: string, indicator: Indicator) => ['market', 'ta', ticker, indicatorKey(indicator)] as const,
};

/** The trade lists are read again when one of the user's trades changes (user event 'trade'). */
function useTradeEvents() {
  const queryClient = useQueryClient();
  useUserEvents(TRADE_EVENT, () => void queryClient.invalidateQueries({ queryKey: tradeKeys.all }));
}

/** The demo trades (2-trading §2.2). */
export function useDemoTrades() {
  useTradeEvents();
  return useQuery({ queryKey: tradeKeys.demoTrades(), queryFn: fetchDemoTrades });
}

/** The live trades (2-trading §2.2), or the archived ones ('View Archived Trades'). */
export function useLiveTrades(archived: boolean) {
  useTradeEvents();
  return useQuery({
    queryKey: tradeKeys.liveTrades(archived),
    queryFn: archived ? fetchArchivedTrades : fetchLiveTrades,
  });
}

export const useTradeLogs = (id: number | null) =>
  useQuery({ queryKey: tradeKeys.logs(id ?? 0), queryFn: () => fetchTradeLogs(id!), enabled: id !== null });

export const useTradeDetail = (id: number | null) =>
  useQuery({ queryKey: tradeKeys.detail(id ?? 0), queryFn: () => fetchTradeDetail(String(id)), enabled: id !== null });

/** What the alert call needs of a trade: its id and kind. */
export type AlertTrade = Pick<SmartTradeDto, 'id' | 'trade_type'>;

/**
 * The alert a trade was made from (2-trading §2.1), while `trade` is shown. The call takes the
 * trade's id and kind, not the alert's id: the server finds the alert from the caller's own trade
 * (a smart trade of the lists, or a bot's trade: kind MB).
 */
export const useTradeAlert = (mode: 'live' | 'demo', trade: AlertTrade | null) =>
  useQuery({
    queryKey: tradeKeys.alert(mode, trade?.id ?? 0),
    queryFn: () => fetchTradeAlert(mode, trade!.id, trade!.trade_type),
    enabled: trade !== null,
    retry: false,
  });

/** The trades shared with the caller (received) or by the caller (sent). */
export const useSharedTrades = (direction: 'received' | 'sent') =>
  useQuery({ queryKey: sharingKeys.list(direction), queryFn: () => fetchSharedItems(direction, 'TRADE') });

/** Every user's e-mail (super users' single and multiple modes), while `enabled`. */
export const useShareableUsers = (enabled: boolean) =>
  useQuery({ queryKey: sharingKeys.users(), queryFn: fetchShareableUsers, enabled });

/** The plans by group (super users' users-on-plan mode), while `enabled`. */
export const usePlanGroups = (enabled: boolean) =>
  useQuery({ queryKey: sharingKeys.plans(), queryFn: fetchPlanGroups, enabled });

/** The trade templates (super users), while `enabled`. */
export const useTradeTemplates = (enabled = true) =>
  useQuery({ queryKey: templateKeys.all, queryFn: fetchTradeTemplates, enabled });

/** §4 "Live price fields": a symbol's price and name, while `enabled`; a failure is not retried. */
export const useLivePrice = (symbol: string, enabled: boolean) =>
  useQuery({
    queryKey: marketLookupKeys.price(symbol),
    queryFn: () => fetchStockPrice(symbol),
    enabled,
    staleTime: 60_000,
    retry: false,
  });

/** An indicator's value now for a condition row (§4: one look-up per distinct indicator). */
export const useIndicatorValue = (ticker: string, indicator: Indicator) =>
  useQuery({
    queryKey: marketLookupKeys.technical(ticker, indicator),
    queryFn: () => fetchTechnical({ ticker, ...indicator }),
    staleTime: 60_000,
    retry: false,
  });
