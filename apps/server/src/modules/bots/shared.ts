/**
 * What trading's sharing (smart-trade-share with money_mgt_bot_id) asks of bots: whether a bot is
 * the sharer's own, and the shared bots' names and settings. A shared bot carries no account: the
 * receiver copies it into their own create drawer and picks theirs.
 */
import type { BotsRepo } from './bots.repo';

export function createSharedBots(repo: Pick<BotsRepo, 'byId' | 'byIds'>) {
  return {
    /** The bot when it is the user's own, else null. */
    async owned(userId: number, botId: number) {
      const bot = await repo.byId(botId);
      return bot && bot.userId === userId ? { id: bot.id, name: bot.name } : null;
    },
    /** Bots' names and settings by id, without their accounts. */
    async byIds(ids: number[]) {
      const rows = await repo.byIds(ids);
      return new Map(
        rows.map((b) => {
          const { account_id: _account, ...settings } = b.settings;
          return [b.id, { name: b.name, settings: { ...settings, account_id: null } }];
        }),
      );
    },
  };
}
