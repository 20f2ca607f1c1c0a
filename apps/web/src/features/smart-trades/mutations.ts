import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import useApp from 'antd/es/app/useApp';
import type { BasicTradeInput, TradeTemplateBody, TradeTemplateDto } from '@drat/contracts';
import {
  archiveLiveTrade,
  cancelDemoTrade,
  cancelLiveTrade,
  createAdvancedTrade,
  createDemoTrade,
  createLiveTrade,
  createTradeTemplate,
  deleteDraftTrade,
  deleteTradeTemplate,
  editTradeConditions,
  editTradePrices,
  editTradeRange,
  replayTrade,
  saveAdvancedDraft,
  saveDraftTrade,
  shareTradeOrBot,
  unarchiveLiveTrade,
  updateTradeTemplate,
} from '../../api/trading';
import type { MutationHandlers } from '../../lib/mutationHandlers';
import { sharingKeys, templateKeys, tradeKeys } from './queries';
import { shareFormData, type ShareFormValues, type SharedRef } from './sharing';

/**
 * Smart trades' writes, each with what it reads again (the keys are in queries.ts). A form's own
 * reaction (its toasts, field errors, closing) comes in as MutationHandlers; the cache is handled here.
 */

/**
 * A change of one trade or template that answers `{ message }`: the message is shown, `refetch` is
 * read again. A failure says the server's words, unless `quiet` (§8: archive failures only stop
 * the loader).
 */
function useChange<A, R extends { message: string }>(
  change: (arg: A) => Promise<R>,
  refetch: QueryKey = tradeKeys.all,
  quiet = false,
) {
  const queryClient = useQueryClient();
  const { message } = useApp();
  return useMutation({
    mutationFn: change,
    onSuccess: (reply) => {
      void message.success(reply.message);
      void queryClient.invalidateQueries({ queryKey: refetch });
    },
    onError: (error) => {
      if (!quiet) void message.error(error.message);
    },
  });
}

export const useCancelDemoTrade = () => useChange(cancelDemoTrade);
export const useCancelLiveTrade = () => useChange(cancelLiveTrade);
export const useArchiveTrade = () => useChange(archiveLiveTrade, tradeKeys.all, true);
export const useUnarchiveTrade = () => useChange(unarchiveLiveTrade, tradeKeys.all, true);
/** Deletes a draft, named by its order_id. */
export const useDeleteDraft = () => useChange(deleteDraftTrade);
/** Deletes a template (asked Yes / No first); the list and the drawer's picker read it again. */
export const useDeleteTemplate = () => useChange(deleteTradeTemplate, templateKeys.all);

/** A write whose success reads `refetch` again, then does what the form does (`handlers`). */
function useWrite<R, V>(write: (body: V) => Promise<R>, refetch: QueryKey, handlers: MutationHandlers<R, V>) {
  const queryClient = useQueryClient();
  return useMutation<R, Error, V>({
    mutationFn: write,
    ...handlers,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: refetch });
      return handlers.onSuccess?.(...args);
    },
  });
}

/** Places a basic trade: a live trader's on the brokerage account `account`, others' on the demo account. */
export const usePlaceTrade = (
  live: boolean,
  account: string | undefined,
  handlers: MutationHandlers<Awaited<ReturnType<typeof createDemoTrade | typeof createLiveTrade>>, BasicTradeInput>,
) =>
  useWrite(
    (body: BasicTradeInput) => (live ? createLiveTrade({ ...body, account_id: account ?? '' }) : createDemoTrade(body)),
    tradeKeys.all,
    handlers,
  );

type Handlers<W extends (body: never) => Promise<unknown>> = MutationHandlers<Awaited<ReturnType<W>>, Parameters<W>[0]>;

/** Saves a basic trade as a draft (live traders). */
export const useSaveDraftTrade = (handlers: Handlers<typeof saveDraftTrade>) =>
  useWrite(saveDraftTrade, tradeKeys.all, handlers);
/** A running basic trade's prices, stop loss, trailing percents and notes (the trade's details). */
export const useEditTradePrices = (handlers: Handlers<typeof editTradePrices>) =>
  useWrite(editTradePrices, tradeKeys.all, handlers);
/** One range of a running advanced trade (the trade's details). */
export const useEditTradeRange = (handlers: Handlers<typeof editTradeRange>) =>
  useWrite(editTradeRange, tradeKeys.all, handlers);
/** Places an advanced trade (super users). */
export const usePlaceAdvancedTrade = (handlers: Handlers<typeof createAdvancedTrade>) =>
  useWrite(createAdvancedTrade, tradeKeys.all, handlers);
/** Saves an advanced trade as a draft. */
export const useSaveAdvancedDraft = (handlers: Handlers<typeof saveAdvancedDraft>) =>
  useWrite(saveAdvancedDraft, tradeKeys.all, handlers);
/** Replaces the condition rows of a running advanced trade. */
export const useEditTradeConditions = (handlers: Handlers<typeof editTradeConditions>) =>
  useWrite(editTradeConditions, tradeKeys.all, handlers);

/** Creates a template, or saves `existing`; the list and the drawer's picker read it again. */
export const useSaveTemplate = (existing: TradeTemplateDto | null, handlers: Handlers<typeof createTradeTemplate>) =>
  useWrite(
    (body: TradeTemplateBody) => (existing ? updateTradeTemplate(existing.id, body) : createTradeTemplate(body)),
    templateKeys.all,
    handlers,
  );

/** Runs a trade being entered over recent bars (nothing is stored, nothing read again). */
export const useReplayTrade = (handlers: Handlers<typeof replayTrade>) =>
  useMutation({ mutationFn: replayTrade, ...handlers });

/**
 * Sends the share form of a trade or a bot (one call for both, as multipart/form-data). A trade's
 * share reads Shared Trades' lists again; a bot's lists are the bots feature's, which refreshes them
 * itself (the modal's onShared).
 */
export function useShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, item }: { values: ShareFormValues; item: SharedRef }) =>
      shareTradeOrBot(shareFormData(values, item)),
    onSuccess: (_reply, { item }) => {
      if (item.kind === 'trade') void queryClient.invalidateQueries({ queryKey: sharingKeys.all });
    },
  });
}
