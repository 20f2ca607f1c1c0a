import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import useApp from 'antd/es/app/useApp';
import {
  DIONE_HISTORY_LIMIT,
  DIONE_MSG,
  TRADE_IDEAS_HISTORY_LIMIT,
  TRADE_IDEAS_MSG,
  type DioneHistoryListResponse,
  type DioneResultDto,
  type DioneType,
  type TradeIdeasHistoryEntryDto,
  type TradeIdeasHistoryResponse,
} from '@drat/contracts';
import { ApiError } from '../../api/client';
import { toolErrorMessage } from './errors';
import {
  addDioneTicker,
  clearTradeIdeasHistory,
  fetchCompanyInfo,
  fetchDioneHistory,
  fetchTradeIdeasHistory,
  resetDioneHistory,
  searchDione,
  searchTradeIdeas,
} from '../../api/tools';
import { updateSession } from '../../app/session';
import { retryUnlessClientError } from '../../lib/errors';
import { trackerKeys } from '../../lib/queryKeys';

/** Query keys of the tools area. */
export const toolKeys = {
  all: ['tools'] as const,
  dioneHistory: () => [...toolKeys.all, 'dione-history'] as const,
  tradeIdeasHistory: () => [...toolKeys.all, 'trade-ideas-history'] as const,
};

/** The toast of a failed tool call, when there is one to show. Never returns antd's thenable. */
function useToolErrorToast() {
  const { message } = useApp();
  return (err: unknown) => {
    const text = toolErrorMessage(err);
    if (text) message.error(text);
  };
}

/** `list` with `entry` first (replacing an older copy of it), at most `limit` long. */
function prepend<T extends { id: number }>(list: readonly T[] | undefined, entry: T, limit: number): T[] {
  return [entry, ...(list ?? []).filter((e) => e.id !== entry.id)].slice(0, limit);
}

/* ---- Dione ------------------------------------------------------------------------------------ */

/** 'Recent Dione Searches'. A failed load is silent (1-core §8): the list just stays empty. */
export function useDioneHistory() {
  return useQuery({
    queryKey: toolKeys.dioneHistory(),
    queryFn: async () => (await fetchDioneHistory()).tickers,
    retry: retryUnlessClientError,
  });
}

/** A Dione search: the new balance replaces the shown one, the new entry heads the recent list (1-core §4). */
export function useDioneSearch() {
  const queryClient = useQueryClient();
  const toast = useToolErrorToast();
  return useMutation({
    mutationFn: searchDione,
    onSuccess: (reply) => {
      updateSession({ dione_credits: reply.new_dione_credits });
      queryClient.setQueryData<DioneResultDto[]>(toolKeys.dioneHistory(), (list) =>
        prepend(list, reply.new_dione_history_entry, DIONE_HISTORY_LIMIT),
      );
    },
    onError: (err) => {
      if (err instanceof ApiError && err.message === DIONE_MSG.noCredits) updateSession({ dione_credits: 0 });
      toast(err);
    },
  });
}

export function useClearDioneHistory() {
  const queryClient = useQueryClient();
  const { message } = useApp();
  const toast = useToolErrorToast();
  return useMutation({
    mutationFn: resetDioneHistory,
    onSuccess: (reply) => {
      queryClient.setQueryData<DioneHistoryListResponse['tickers']>(toolKeys.dioneHistory(), []);
      message.success(reply?.message ?? DIONE_MSG.historyCleared);
    },
    onError: toast,
  });
}

/** `entry` with its `type` term marked tracked. */
export function markTracked(entry: DioneResultDto, type: DioneType): DioneResultDto {
  return {
    ...entry,
    tracked: true,
    tracked_short: entry.tracked_short || type === 'SHORT',
    tracked_long: entry.tracked_long || type === 'LONG',
  };
}

export interface TrackDioneInput {
  entry: DioneResultDto;
  type: DioneType;
}

/** Track one term of a search: it then shows on the DIONE Tracker tab of My Trackers. */
export function useTrackDione() {
  const queryClient = useQueryClient();
  const { message } = useApp();
  const toast = useToolErrorToast();
  return useMutation({
    mutationFn: ({ entry, type }: TrackDioneInput) => {
      const term = type === 'SHORT' ? entry.short_term_history_data : entry.long_term_history_data;
      if (!term) throw new Error(DIONE_MSG.searchNotFound);
      return addDioneTicker({
        history_id: term.id,
        ticker: term.ticker,
        lastprice: term.alert_price,
        t1: term.target_range_one,
        t2: term.target_range_two,
      });
    },
    onSuccess: (reply, { entry, type }) => {
      queryClient.setQueryData<DioneResultDto[]>(toolKeys.dioneHistory(), (list) =>
        list?.map((e) => (e.id === entry.id ? markTracked(e, type) : e)),
      );
      message.success(reply?.message ?? DIONE_MSG.tracked);
    },
    onError: (err) => {
      if (err instanceof ApiError) toast(err);
      else message.error(err.message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: trackerKeys.dione() }),
  });
}

/* ---- Range Radar ------------------------------------------------------------------------------ */

/** 'Recent Trade Ideas Searches'. A failed load is silent (1-core §8). */
export function useTradeIdeasHistory() {
  return useQuery({
    queryKey: toolKeys.tradeIdeasHistory(),
    queryFn: async () => (await fetchTradeIdeasHistory()).data,
    retry: retryUnlessClientError,
  });
}

/** A Range Radar search: new balance, new history entry; an `error` field is a toast (1-core §8). */
export function useTradeIdeasSearch() {
  const queryClient = useQueryClient();
  const { message } = useApp();
  const toast = useToolErrorToast();
  return useMutation({
    mutationFn: async (ticker: string) => {
      const reply = await searchTradeIdeas(ticker);
      if (reply.error) throw new Error(reply.error);
      return reply;
    },
    onSuccess: (reply) => {
      updateSession({ trade_ideas_credits: reply.new_trade_ideas_credits });
      queryClient.setQueryData<TradeIdeasHistoryEntryDto[]>(toolKeys.tradeIdeasHistory(), (list) =>
        prepend(list, reply.new_trade_ideas_history_entry, TRADE_IDEAS_HISTORY_LIMIT),
      );
    },
    onError: (err) => {
      if (!(err instanceof ApiError)) {
        message.error(err.message);
        return;
      }
      if (err.message === TRADE_IDEAS_MSG.noCredits) updateSession({ trade_ideas_credits: 0 });
      toast(err);
    },
  });
}

export function useClearTradeIdeasHistory() {
  const queryClient = useQueryClient();
  const { message } = useApp();
  const toast = useToolErrorToast();
  return useMutation({
    mutationFn: clearTradeIdeasHistory,
    onSuccess: () => {
      queryClient.setQueryData<TradeIdeasHistoryResponse['data']>(toolKeys.tradeIdeasHistory(), []);
      message.success(TRADE_IDEAS_MSG.historyCleared);
    },
    onError: toast,
  });
}

/* ---- Ask DRAT --------------------------------------------------------------------------------- */

/** Look a company up. No credit is spent, so a search is a plain read; the view keeps the answer. */
export function useCompanySearch() {
  const toast = useToolErrorToast();
  return useMutation({ mutationFn: fetchCompanyInfo, onError: toast });
}
