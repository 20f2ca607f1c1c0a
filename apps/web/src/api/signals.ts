import type { MessageReply, SignalDto, WebhookCreated, WebhookDto } from '@drat/contracts';

import { api } from './client';

/**
 * Outside signals (SIGNALS_API; docs/bot-rules.md "Signals"): the caller's webhook, which hands
 * TradingView-style messages to one of their bots, and the signals it received. One function per
 * endpoint; the receiving address itself is called by the sender, never by the app.
 */

/** The caller's webhook (its bot, the end of its address, when made, the last signal), or null (SIGNALS_API.webhook). */
export const fetchWebhook = () => api.get<{ data: WebhookDto | null }>('/signals/webhook');

/**
 * Makes the caller's webhook for a bot, or a new one in place of the old (whose address then stops
 * working); answers the full address and the secret, this once (SIGNALS_API.createWebhook). Asks
 * the password again when it was not typed lately (the API client's step-up prompt, then a retry).
 */
export const createWebhook = (botId: number) => api.post<WebhookCreated>('/signals/webhook/', { bot_id: botId });

/** Sends the webhook's signals to another of the caller's bots (SIGNALS_API.webhookBot). */
export const setWebhookBot = (botId: number) =>
  api.post<MessageReply & { data: WebhookDto }>('/signals/webhook/bot/', { bot_id: botId });

/** Revokes the caller's webhook: what is sent to it from then on is refused (SIGNALS_API.revokeWebhook). */
export const revokeWebhook = () => api.post<MessageReply>('/signals/webhook/revoke/');

/** The signals the caller's webhooks received, newest first, with what each did and why (SIGNALS_API.signals). */
export const fetchSignals = () => api.get<{ data: SignalDto[] }>('/signals');
