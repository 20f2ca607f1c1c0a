import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { TRADE_EVENT } from '@drat/contracts';
import { cancelDemoTrade, fetchDemoTrades, fetchTradeDetail, fetchTradeLogs } from '../../api/trading';
import { useUserEvents } from '../../lib/live';

export const tradeKeys = {
  all: ['trading'] as const,
  demoTrades: () => [...tradeKeys.all, 'demo-trades'] as const,
  logs: (id: number) => [...tradeKeys.all, 'logs', id] as const,
  detail: (id: number) => [...tradeKeys.all, 'detail', id] as const,
};

/** The demo trades (2-trading §2.2), read again when one of them changes (user event 'trade'). */
export function useDemoTrades() {
  const queryClient = useQueryClient();
  useUserEvents(TRADE_EVENT, () => void queryClient.invalidateQueries({ queryKey: tradeKeys.all }));
  return useQuery({ queryKey: tradeKeys.demoTrades(), queryFn: fetchDemoTrades });
}

export const useTradeLogs = (id: number | null) =>
  useQuery({ queryKey: tradeKeys.logs(id ?? 0), queryFn: () => fetchTradeLogs(id!), enabled: id !== null });

export const useTradeDetail = (id: number | null) =>
  useQuery({ queryKey: tradeKeys.detail(id ?? 0), queryFn: () => fetchTradeDetail(String(id)), enabled: id !== null });

export function useCancelDemoTrade() {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: cancelDemoTrade,
    onSuccess: (reply) => {
      void message.success(reply.message);
      void queryClient.invalidateQueries({ queryKey: tradeKeys.all });
    },
  });
}
