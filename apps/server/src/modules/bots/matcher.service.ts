/**
 * A published alert meets the money-management bots (3-bots-admin-public §2.1, docs/bot-rules.md):
 * each active bot of the alert's type takes it or logs why not (bot-turn.ts). A bot whose turn
 * fails in a way worth retrying (the market or the database did not answer) gets a job of its own,
 * 'bots.turn', keyed by bot and alert and retried by itself: the alert's job completes, so the other
 * bots are neither held up nor asked twice (nor their skips logged twice).
 */
import type { AlertDto } from '@drat/contracts';
import type { Logger } from 'pino';
import { isDomainError } from '../../core/errors';
import type { JobQueue } from '../../jobs/queue';
import type { ActiveBots } from './active-bots';
import type { BotTurn, Opportunity } from './bot-turn';
import { BotChanged, contractOf, firstRefusal, skipLine } from './bot-turn';
import type { BotRow, BotsRepo, Taken } from './bots.repo';
import { refusalOf } from './owners';

export interface MatcherDeps {
  repo: Pick<BotsRepo, 'takenOfType' | 'logLines' | 'logMany' | 'log' | 'byId'>;
  /** The active bots of each alert type (kept in memory, active-bots.ts). */
  active: Pick<ActiveBots, 'of'>;
  turns: Pick<BotTurn, 'turn' | 'readsOf' | 'filtersSay' | 'rightsOf' | 'needsFacts'>;
  /** Published alerts by id (the alerts area). */
  alerts: { published(q: { ids: number[] }): Promise<AlertDto[]> };
  /** Queues a failed bot's own turn ('bots.turn'). */
  queue: Pick<JobQueue, 'sendMany'>;
  /** New York's date of a moment. */
  dayOf(at: Date): string;
  /** The market's clock (the daily limit's day is New York's today by it). */
  marketNow: () => Date;
  now: () => Date;
  log: Logger;
}

/** A published alert as a bot's opportunity. */
function opportunityOf(a: AlertDto, day: string): Opportunity {
  return { ...a, alertId: a.id, source: `alert:${a.id}`, label: `${a.ticker} (alert #${a.id})`, day };
}

/** Why a turn failed, for the bot's log. */
const failureWords = (err: unknown) =>
  err instanceof BotChanged
    ? 'the bot was changed meanwhile'
    : isDomainError(err)
      ? err.message.replace(/\.$/, '')
      : 'the market or the database did not answer';

/** Owners whose rights are read at once (the pool serves the app's requests too). */
const OWNERS_AT_ONCE = 16;

/** A bot that took nothing before. */
const NOTHING_TAKEN: Taken = { days: [], invested: '0', took: false };

export function createMatcher({ repo, active, turns, alerts, queue, dayOf, marketNow, now, log }: MatcherDeps) {
  /** The bot's log line when its turn failed and is taken again. */
  const failedLine = (o: Opportunity, err: unknown) =>
    `Could not act on ${o.label} yet: ${failureWords(err)}. It is tried again.`;

  return {
    /** The 'bots.alert' job: every active bot of the alert's type has its turn. */
    async alertPublished(alertId: number): Promise<{ bots: number; retried: number }> {
      const [a] = await alerts.published({ ids: [alertId] });
      if (!a) return { bots: 0, retried: 0 };
      const day = dayOf(new Date(a.created));
      const sets = await active.of(a.alert_type_id, day);
      const count = sets.reduce((sum, set) => sum + set.bots.length, 0);
      if (count === 0) return { bots: 0, retried: 0 };
      const contract = contractOf(a);
      const reads = turns.readsOf(a, contract);
      const opportunity = opportunityOf(a, day);
      // What every bot took before, in one read.
      const taken = await repo.takenOfType(a.alert_type_id, opportunity.source);
      // Why each owner may not have their bots trade this type (read once per owner, the bots all
      // being of the alert's type).
      const type = { alertTypeId: a.alert_type_id, typeName: a.alert_type };
      const refusals = new Map<number, string | null>();
      const ownerIds = [...new Set(sets.flatMap((set) => set.bots.map((b) => b.userId)))];
      for (let i = 0; i < ownerIds.length; i += OWNERS_AT_ONCE) {
        const some = ownerIds.slice(i, i + OWNERS_AT_ONCE);
        const rights = await Promise.all(some.map((id) => turns.rightsOf(id)));
        some.forEach((id, k) => refusals.set(id, refusalOf(rights[k] ?? null, type)));
      }
      // The ticker's market facts, when any bot's filters need them, read before anything is
      // written: when the market does not answer, the alert's job fails and is retried whole.
      const facts = sets.some((set) => turns.needsFacts(set.filters, opportunity)) ? await reads.facts() : {};
      const today = dayOf(marketNow());
      const at = now();
      // The skips, by line: each distinct line is one row naming its bots (bots.repo.ts).
      const skips = new Map<string, number[]>();
      const skipped = (botId: number, text: string) => {
        const ids = skips.get(text);
        if (ids) ids.push(botId);
        else skips.set(text, [botId]);
      };
      const lines = new Map<string, string>();
      const lineOf = (why: string) => {
        let line = lines.get(why);
        if (line === undefined) lines.set(why, (line = skipLine(opportunity, why)));
        return line;
      };
      const retry: { bot: BotRow; err: unknown }[] = [];
      // The filters answer once per set of bots alike; each bot's owner and limits then decide,
      // and only the bots the alert passes take their turn (which checks them again, and places
      // the trade).
      // A set or a bot that throws (a bad filter, a bad row) fails alone: its bots are tried again
      // on their own, and the others carry on.
      const failed = (b: BotRow, err: unknown) => {
        log.warn({ err, botId: b.id, alertId }, 'bots: a bot could not take its turn; it is tried again on its own');
        retry.push({ bot: b, err });
      };
      for (const set of sets) {
        let filtersSay: ReturnType<typeof turns.filtersSay>;
        try {
          filtersSay = turns.filtersSay(set.filters, opportunity, facts);
        } catch (err) {
          for (const bot of set.bots) if (!taken.get(bot.id)?.took) failed(bot, err);
          continue;
        }
        for (const bot of set.bots) {
          const known = taken.get(bot.id) ?? NOTHING_TAKEN;
          if (known.took) continue;
          try {
            const why = firstRefusal(refusals.get(bot.userId) ?? null, filtersSay, bot, { known, today });
            if (why) {
              skipped(bot.id, lineOf(why));
              continue;
            }
            await turns.turn(bot, opportunity, reads, contract, { known, skipped });
          } catch (err) {
            failed(bot, err);
          }
        }
      }
      await repo.logLines(
        [...skips].map(([text, botIds]) => ({ text, botIds })),
        at,
      );
      if (retry.length > 0) {
        await repo.logMany(
          retry.map(({ bot, err }) => ({ botId: bot.id, text: failedLine(opportunity, err) })),
          now(),
        );
        await queue.sendMany(
          'bots.turn',
          retry.map(({ bot }) => ({ data: { botId: bot.id, alertId }, key: `${bot.id}:${alertId}` })),
        );
      }
      return { bots: count, retried: retry.length };
    },

    /**
     * The 'bots.turn' job: one bot's turn with an alert, after it failed with the others. Nothing
     * when the bot no longer takes the alert (deactivated, moved to another type or dates) or took
     * it already; a failure again fails the job, which is retried.
     */
    async botTurn(botId: number, alertId: number): Promise<void> {
      const [a] = await alerts.published({ ids: [alertId] });
      const bot = await repo.byId(botId);
      if (!a || !bot || !bot.active || bot.alertTypeId !== a.alert_type_id) return;
      const day = dayOf(new Date(a.created));
      if (day < bot.alertsFrom || day > bot.alertsTo) return;
      const contract = contractOf(a);
      const opportunity = opportunityOf(a, day);
      try {
        await turns.turn(bot, opportunity, turns.readsOf(a, contract), contract);
      } catch (err) {
        await repo.log([bot.id], failedLine(opportunity, err), now()).catch(() => undefined);
        throw err;
      }
    },
  };
}
export type Matcher = ReturnType<typeof createMatcher>;
