import type {
  BotBodyIn,
  BotChange,
  BotList,
  BotLogs,
  BotOwners,
  BotReplayResult,
  SharedItemsResponse,
} from '@drat/contracts';

import { api } from './client';

/**
 * Money-management bots (3-bots-admin-public §7, BOTS_API): one function per endpoint. Every change
 * answers `{ message, data }`, `data` being the owner's bots as the screen shows them after it.
 */

const id = (botId: number) => encodeURIComponent(botId);

/* ---- The owner's bots (§2.1) ---- */

/** The caller's bots that are not archived, or the archived ones, newest first (BOTS_API.bots / archivedBots). */
export const fetchBots = (archived: boolean) =>
  api.get<BotList>(
    archived ? '/livetrading/money-management-bot/archived-bots' : '/livetrading/money-management-bot/bots',
  );
/** Creates a bot, active; answers the caller's bots (BOTS_API.create). */
export const createBot = (body: BotBodyIn) => api.post<BotChange>('/livetrading/money-management-bot/create', body);
/** Replaces every setting of a bot; answers its owner's bots (BOTS_API.update; super users: any bot). */
export const updateBot = (botId: number, body: BotBodyIn) =>
  api.post<BotChange>(`/livetrading/money-management-bot/update/${id(botId)}/`, body);
/** Stops a bot from taking alerts; answers its owner's bots (BOTS_API.deactivate; super users: any bot). */
export const deactivateBot = (botId: number) =>
  api.post<BotChange>(`/livetrading/money-management-bot/deactivate/${id(botId)}/`);
/** Archives an inactive bot; answers the bots left (BOTS_API.archive). */
export const archiveBot = (botId: number) =>
  api.post<BotChange>(`/livetrading/money-management-bot/archive/${id(botId)}/`);
/** Un-archives a bot; answers the archived bots left (BOTS_API.unarchive). */
export const unarchiveBot = (botId: number) =>
  api.post<BotChange>(`/livetrading/money-management-bot/unarchive/${id(botId)}/`);
/** What a replay sends: the bot's settings as the form holds them (saved or not) and how many days back. */
export type BotReplayBodyIn = { bot: BotBodyIn; days: number };
/**
 * Runs a bot's settings over the stock alerts of its category of the last `days` (BOTS_API.replay;
 * nothing stored, nothing traded): the trades it would have taken, those it skipped and why.
 */
export const replayBot = (body: BotReplayBodyIn) =>
  api.post<BotReplayResult>('/livetrading/money-management-bot/replay/', body);
/** A bot's log, newest first (BOTS_API.logs). */
export const fetchBotLogs = (botId: number) => api.get<BotLogs>('/logs/management-bot', { bot_id: botId });

/* ---- Super users (§2.2) ---- */

/** Every user's bots, or one user's by e-mail, with their owners (BOTS_API.adminBots). */
export const fetchAdminBots = (userEmail?: string) =>
  api.get<BotList>('/management/money-management-bots', { user_email: userEmail || undefined });
/** The users who have bots, with how many (BOTS_API.adminBotUsers). */
export const fetchBotOwners = () => api.get<BotOwners>('/management/users-with-mmbot');
/** Any bot's log, newest first (BOTS_API.adminLogs). */
export const fetchAdminBotLogs = (botId: number) =>
  api.get<BotLogs>('/management/money-management-bot-logs', { bot_id: botId });

/* ---- Shared bots (SMART_TRADES_API.sharedReceived, sharedSent; sharing itself is api/trading's shareTradeOrBot) ---- */

/** The bots shared with the caller (received) or by the caller (sent), each with its name and settings. */
export const fetchSharedBots = (direction: 'received' | 'sent') =>
  api.get<SharedItemsResponse>(`/livetrading/smart-trade-share/${direction}`, { type: 'BOT' });
