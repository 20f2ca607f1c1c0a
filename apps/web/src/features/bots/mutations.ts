import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import useApp from 'antd/es/app/useApp';
import type {
  BotBodyIn,
  BotChange,
  BotDto,
  BotReplayResult,
  MessageReply,
  WebhookCreated,
  WebhookDto,
} from '@drat/contracts';
import {
  archiveBot,
  createBot,
  deactivateBot,
  replayBot,
  unarchiveBot,
  updateBot,
  type BotReplayBodyIn,
} from '../../api/bots';
import { createWebhook, revokeWebhook, setWebhookBot } from '../../api/signals';
import type { MutationHandlers } from '../../lib/mutationHandlers';
import { adminBotKeys, botKeys, sharedBotKeys, signalKeys } from './queries';

/**
 * Money-management bots' writes, each with what it refreshes (the keys are in queries.ts). Every
 * change answers the owner's bots after it (3-bots-admin-public §4: "the bot list is replaced by the
 * server's list"): on the owner's page that list takes the place of the one it is, the others are
 * read again when next shown; on the super users' page (`admin`) their lists are read again.
 */

/** Puts a change's answer in place of the owner's list it is (`archived`: the archived bots'). */
function replaceList(queryClient: QueryClient, archived: boolean, reply: BotChange) {
  // The other list (and the logs) are stale: read again when next shown, not now.
  void queryClient.invalidateQueries({ queryKey: botKeys.all, refetchType: 'none' });
  queryClient.setQueryData(botKeys.list(archived), { data: reply.data });
}

function refresh(queryClient: QueryClient, admin: boolean, archived: boolean, reply: BotChange) {
  if (admin) {
    void queryClient.invalidateQueries({ queryKey: adminBotKeys.all });
    // A super user's own bots are on their own page too.
    void queryClient.invalidateQueries({ queryKey: botKeys.all });
  } else replaceList(queryClient, archived, reply);
}

/**
 * Creates a bot, or saves `existing` (Update; a super user's Edit with `admin`). The form's own
 * reaction (its toast, field errors, reset) comes in as `handlers`.
 */
export function useSaveBot(existing: BotDto | null, admin: boolean, handlers: MutationHandlers<BotChange, BotBodyIn>) {
  const queryClient = useQueryClient();
  return useMutation<BotChange, Error, BotBodyIn>({
    mutationFn: (body) => (existing ? updateBot(existing.id, body) : createBot(body)),
    ...handlers,
    onSuccess: (reply, ...rest) => {
      // A create answers the bots that are not archived; an update, the list the bot is in.
      refresh(queryClient, admin, existing?.archived ?? false, reply);
      return handlers.onSuccess?.(reply, ...rest);
    },
  });
}

type Change = 'deactivate' | 'archive' | 'unarchive';
const CHANGES: Record<Change, (id: number) => Promise<BotChange>> = {
  deactivate: deactivateBot,
  archive: archiveBot,
  unarchive: unarchiveBot,
};

/**
 * Deactivate, Archive or Un-archive a bot: the server's message is shown, or its words when it
 * refuses (a bot already inactive). Un-archiving answers the archived bots left; the others, the
 * bots that are not archived.
 */
export function useBotChange(change: Change, admin = false) {
  const queryClient = useQueryClient();
  const { message } = useApp();
  return useMutation<BotChange, Error, BotDto>({
    mutationFn: (bot) => CHANGES[change](bot.id),
    onSuccess: (reply) => {
      void message.success(reply.message);
      refresh(queryClient, admin, change === 'unarchive', reply);
    },
    onError: (error) => void message.error(error.message),
  });
}

/**
 * Replays a bot's settings on past alerts (docs/bot-rules.md "Replay"): nothing is stored, so
 * nothing is refreshed; the view shows the answer, or its error, from the mutation's state.
 */
export const useReplayBot = () => useMutation<BotReplayResult, Error, BotReplayBodyIn>({ mutationFn: replayBot });

/**
 * What a bot's share refreshes (the share form is smart trades', which sends it): the Shared Bots
 * lists are read again, the Sent list showing the new share.
 */
export function useBotShared() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: sharedBotKeys.all });
}

/* ---- The signals webhook (docs/bot-rules.md "Signals") ---- */

/** Puts the webhook a change answered in place, and reads the signals again. */
function webhookChanged(queryClient: QueryClient, data: WebhookDto | null) {
  queryClient.setQueryData(signalKeys.webhook(), { data });
  void queryClient.invalidateQueries({ queryKey: signalKeys.list() });
}

/**
 * Makes the webhook for a bot, or a new one in place of the old (a password prompt first when the
 * server asks for it: the API client's step-up). The screen shows the answer's address and secret,
 * once (`handlers`).
 */
export function useMakeWebhook(handlers: MutationHandlers<WebhookCreated, number>) {
  const queryClient = useQueryClient();
  return useMutation<WebhookCreated, Error, number>({
    mutationFn: createWebhook,
    ...handlers,
    onSuccess: (reply, ...rest) => {
      webhookChanged(queryClient, reply.data);
      return handlers.onSuccess?.(reply, ...rest);
    },
  });
}

/**
 * A change of the webhook that answers `{ message }`: the server's words are shown and the webhook
 * it leaves (`hookOf`) put in place. A refusal says the server's words, and the webhook is read
 * again (revoked or changed elsewhere, in another tab).
 */
function useWebhookChange<A, R extends MessageReply>(
  change: (arg: A) => Promise<R>,
  hookOf: (reply: R) => WebhookDto | null,
) {
  const queryClient = useQueryClient();
  const { message } = useApp();
  return useMutation<R, Error, A>({
    mutationFn: change,
    onSuccess: (reply) => {
      void message.success(reply.message);
      webhookChanged(queryClient, hookOf(reply));
    },
    onError: (error) => {
      void message.error(error.message);
      void queryClient.invalidateQueries({ queryKey: signalKeys.all });
    },
  });
}

/** Sends the webhook's signals to another bot. */
export const useWebhookBot = () => useWebhookChange(setWebhookBot, (reply) => reply.data);

/** Revokes the webhook (asked first by the screen): none is shown after it. */
export const useRevokeWebhook = () => useWebhookChange(revokeWebhook, () => null);
