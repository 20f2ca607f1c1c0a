/**
 * A published alert meets the money-management bots (3-bots-admin-public §2.1, docs/bot-rules.md):
 * each active bot of the alert's type, in turn, takes it or logs why not (bot-turn.ts). A failure
 * worth retrying fails the job after the other bots had their turn; the retry skips the bots that
 * took the alert already.
 */
import type { AlertDto } from '@drat/contracts';
import type { Logger } from 'pino';
import type { BotTurn } from './bot-turn';
import { contractOf, skipLine } from './bot-turn';
import type { ActiveBots } from './active-bots';
import type { BotsRepo } from './bots.repo';

/** Skip lines are written in batches of this many while the next bots have their turn. */
const LOG_BATCH = 2000;

export interface MatcherDeps {
  repo: Pick<BotsRepo, 'takenOf' | 'logMany'>;
  /** The active bots of each alert type (kept in memory, active-bots.ts). */
  active: Pick<ActiveBots, 'of'>;
  turns: BotTurn;
  /** Published alerts by id (the alerts area). */
  alerts: { published(q: { ids: number[] }): Promise<AlertDto[]> };
  /** New York's date of a moment. */
  dayOf(at: Date): string;
  /** The market's clock (the daily limit's day is New York's today by it). */
  marketNow: () => Date;
  now: () => Date;
  log: Logger;
}

export function createMatcher({ repo, active, turns, alerts, dayOf, marketNow, now, log }: MatcherDeps) {
  return {
    /** The 'bots.alert' job: every active bot of the alert's type has its turn. */
    async alertPublished(alertId: number): Promise<{ bots: number }> {
      const [a] = await alerts.published({ ids: [alertId] });
      if (!a) return { bots: 0 };
      const day = dayOf(new Date(a.created));
      const bots = await active.of(a.alert_type_id, day);
      if (bots.length === 0) return { bots: 0 };
      const contract = contractOf(a);
      const reads = turns.readsOf(a, contract);
      const source = `alert:${a.id}`;
      const opportunity = { ...a, alertId: a.id, source, label: `${a.ticker} (alert #${a.id})`, day };
      // What every bot took before, in one read. The skips' log lines go in batches, each written
      // while the next bots have their turn (the database works beside this process).
      const taken = await repo.takenOf(
        bots.map((b) => b.id),
        source,
      );
      const at = now();
      let skips: { botId: number; text: string }[] = [];
      const writes: Promise<void>[] = [];
      const flush = () => {
        if (skips.length === 0) return;
        const write = repo.logMany(skips, at);
        write.catch(() => undefined); // answered below, once every bot had its turn
        writes.push(write);
        skips = [];
      };
      const skipped = (botId: number, text: string) => {
        skips.push({ botId, text });
        if (skips.length >= LOG_BATCH) flush();
      };
      // Each owner's rights, read once; then most bots are screened out without waiting, and only
      // those the alert passes take their turn (which checks them again, and places the trade).
      const owners = new Map(
        await Promise.all(
          [...new Set(bots.map((b) => b.userId))].map(async (id) => [id, await turns.rightsOf(id)] as const),
        ),
      );
      const today = dayOf(marketNow());
      let retry: unknown = null;
      for (const bot of bots) {
        try {
          const known = taken.get(bot.id) ?? { days: [], invested: '0', took: false };
          if (known.took) continue;
          let why = turns.verdict(bot, opportunity, reads, { rights: owners.get(bot.userId) ?? null, known, today });
          if (why instanceof Promise) why = await why;
          if (why) {
            skipped(bot.id, skipLine(opportunity, why));
            continue;
          }
          await turns.turn(bot, opportunity, reads, contract, { known, skipped });
        } catch (err) {
          log.warn({ err, botId: bot.id, alertId }, 'bots: a bot could not place its trade; the job will retry');
          retry ??= err;
        }
      }
      flush();
      const written = await Promise.allSettled(writes);
      const failed = written.find((w) => w.status === 'rejected');
      if (failed) throw failed.reason;
      if (retry) throw retry;
      return { bots: bots.length };
    },
  };
}
export type Matcher = ReturnType<typeof createMatcher>;
