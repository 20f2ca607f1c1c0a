import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { TRADE_EVENT, type SmartTradeDto } from '@drat/contracts';
import {
  archiveLiveTrade,
  cancelDemoTrade,
  cancelLiveTrade,
  deleteDraftTrade,
  fetchArchivedTrades,
  fetchDemoTrades,
  fetchLiveTrades,
  fetchTradeAlert,
  fetchTradeDetail,
  fetchTradeLogs,
  unarchiveLiveTrade,
} from '../../api/trading';
import { useUserEvents } from '../../lib/live';

export const tradeKeys = {
  all: ['trading'] as const,
  demoTrades: () => [...tradeKeys.all, 'demo-trades'] as const,
  liveTrades: (archived: boolean) => [...tradeKeys.all, 'live-trades', archived] as const,
  logs: (id: number) => [...tradeKeys.all, 'logs', id] as const,
  detail: (id: number) => [...tradeKeys.all, 'detail', id] as const,
  alert: (mode: 'live' | 'demo', id: number) => [...tradeKeys.all, 'alert', mode, id] as const,
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

/** The alert a trade was made from (2-trading §2.1), while `trade` is shown. */
export const useTradeAlert = (mode: 'live' | 'demo', trade: SmartTradeDto | null) =>
  useQuery({
    queryKey: tradeKeys.alert(mode, trade?.id ?? 0),
    queryFn: () => fetchTradeAlert(mode, trade!.id, trade!.trade_type),
    enabled: trade !== null,
    retry: false,
  });

/**
 * A change of one trade that answers `{ message }`: the message is shown, the lists are read again.
 * A failure says the server's words, unless `quiet` (§8: archive failures only stop the loader).
 */
function useTradeChange<A, R extends { message: string }>(change: (arg: A) => Promise<R>, quiet = false) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: change,
    onSuccess: (reply) => {
      void message.success(reply.message);
      void queryClient.invalidateQueries({ queryKey: tradeKeys.all });
    },
    onError: (error) => {
      if (!quiet) void message.error(error.message);
    },
  });
}

export const useCancelDemoTrade = () => useTradeChange(cancelDemoTrade);
export const useCancelLiveTrade = () => useTradeChange(cancelLiveTrade);
export const useArchiveTrade = () => useTradeChange(archiveLiveTrade, true);
export const useUnarchiveTrade = () => useTradeChange(unarchiveLiveTrade, true);
/** Deletes a draft, named by its order_id. */
export const useDeleteDraft = () => useTradeChange(deleteDraftTrade);
