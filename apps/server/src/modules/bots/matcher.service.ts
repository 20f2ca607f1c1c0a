/**
 * A published alert meets the money-management bots (3-bots-admin-public §2.1, docs/bot-rules.md):
 * each active bot of the alert's type, in turn, takes it or logs why not (bot-turn.ts). A failure
 * worth retrying fails the job after the other bots had their turn; the retry skips the bots that
 * took the alert already.
 */
import type { AlertDto } from '@drat/contracts';
import type { Logger } from 'pino';
import type { BotTurn } from './bot-turn';
import { contractOf } from './bot-turn';
import type { BotsRepo } from './bots.repo';

export interface MatcherDeps {
  repo: Pick<BotsRepo, 'activeFor' | 'takenOf' | 'logMany'>;
  turns: BotTurn;
  /** Published alerts by id (the alerts area). */
  alerts: { published(q: { ids: number[] }): Promise<AlertDto[]> };
  /** New York's date of a moment. */
  dayOf(at: Date): string;
  now: () => Date;
  log: Logger;
}

export function createMatcher({ repo, turns, alerts, dayOf, now, log }: MatcherDeps) {
  return {
    /** The 'bots.alert' job: every active bot of the alert's type has its turn. */
    async alertPublished(alertId: number): Promise<{ bots: number }> {
      const [a] = await alerts.published({ ids: [alertId] });
      if (!a) return { bots: 0 };
      const day = dayOf(new Date(a.created));
      const bots = await repo.activeFor(a.alert_type_id, day);
      if (bots.length === 0) return { bots: 0 };
      const contract = contractOf(a);
      const reads = turns.readsOf(a, contract);
      const source = `alert:${a.id}`;
      const opportunity = { ...a, alertId: a.id, source, label: `${a.ticker} (alert #${a.id})`, day };
      // What every bot took before, in one read; the skips' log lines, in one write.
      const taken = await repo.takenOf(
        bots.map((b) => b.id),
        source,
      );
      const skips: { botId: number; text: string }[] = [];
      const skipped = (botId: number, text: string) => void skips.push({ botId, text });
      let retry: unknown = null;
      for (const bot of bots) {
        try {
          const known = taken.get(bot.id) ?? { days: [], invested: '0', took: false };
          await turns.turn(bot, opportunity, reads, contract, { known, skipped });
        } catch (err) {
          log.warn({ err, botId: bot.id, alertId }, 'bots: a bot could not place its trade; the job will retry');
          retry ??= err;
        }
      }
      await repo.logMany(skips, now());
      if (retry) throw retry;
      return { bots: bots.length };
    },
  };
}
export type Matcher = ReturnType<typeof createMatcher>;
