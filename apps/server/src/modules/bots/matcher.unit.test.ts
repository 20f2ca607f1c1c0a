import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { BOT_DEFAULTS, type AlertDto, type BotBody, type Rights } from '@drat/contracts';
import type { BotFilters } from '@drat/engine';
import { DomainError } from '../../core/errors';
import type { BotRow } from './bots.repo';
import { createMatcher, type MatcherDeps } from './matcher.service';

/**
 * The matcher's orchestration with its collaborators faked: a bot whose turn fails in a way worth
 * retrying gets a job of its own, keyed by bot and alert, while the alert's job completes; the
 * other bots are not asked twice.
 */
const alert = { id: 7, ticker: 'MSFT', alert_type_id: 3, created: '2026-11-27T15:00:00Z' } as AlertDto;
const bot = (id: number) =>
  ({
    id,
    userId: 1,
    alertTypeId: 3,
    active: true,
    alertsFrom: '2026-11-01',
    alertsTo: '2026-12-31',
    settings: { ...BOT_DEFAULTS } as unknown as BotBody,
  }) as BotRow;

function setup(
  failing: Set<number>,
  facts: () => Promise<object> = async () => ({}),
  sets: { filters: BotFilters; bots: BotRow[] }[] = [{ filters: {} as BotFilters, bots: [bot(1), bot(2), bot(3)] }],
) {
  const lines: { botId: number; text: string }[] = [];
  const queued: { data: unknown; key?: string }[] = [];
  const turned: number[] = [];
  const deps: MatcherDeps = {
    repo: {
      takenOfType: async () => new Map(),
      logLines: async (l) => void lines.push(...l.flatMap((x) => x.botIds.map((botId) => ({ botId, text: x.text })))),
      logMany: async (l) => void lines.push(...l),
      log: async (ids, text) => void lines.push(...ids.map((botId) => ({ botId, text }))),
      byId: async (id) => bot(id),
    },
    active: { of: async () => sets },
    turns: {
      readsOf: () => ({ facts, lastPrice: async () => null }),
      rightsOf: async () => ({ is_super: true }) as Rights,
      filtersSay: (filters) => {
        if ((filters as { broken?: boolean }).broken) throw new TypeError('filters unreadable');
        return null;
      },
      needsFacts: () => true,
      turn: async (b) => {
        turned.push(b.id);
        if (failing.has(b.id)) throw new DomainError('UNAVAILABLE', 'The market did not answer.');
        return { kind: 'TRADED', text: 'Took', tradeId: b.id };
      },
    },
    alerts: { published: async () => [alert] },
    queue: { sendMany: async (_name, jobs) => void queued.push(...jobs) },
    dayOf: () => '2026-11-27',
    marketNow: () => new Date('2026-11-27T15:00:00Z'),
    now: () => new Date('2026-11-27T15:00:00Z'),
    log: pino({ level: 'silent' }),
  };
  return { matcher: createMatcher(deps), lines, queued, turned };
}

describe('a bot whose turn fails', () => {
  it('a-failed-bot-is-retried-by-a-job-of-its-own-and-the-alerts-job-completes-without-asking-the-others-again', async () => {
    const failing = new Set([2]);
    const { matcher, lines, queued, turned } = setup(failing);
    expect(await matcher.alertPublished(7)).toEqual({ bots: 3, retried: 1 });
    expect(turned).toEqual([1, 2, 3]);
    expect(queued).toEqual([{ data: { botId: 2, alertId: 7 }, key: '2:7' }]);
    expect(lines).toEqual([
      { botId: 2, text: 'Could not act on MSFT (alert #7) yet: The market did not answer. It is tried again.' },
    ]);

    // Its own job: still failing, it fails (and is retried by the queue); then it takes its turn.
    await expect(matcher.botTurn(2, 7)).rejects.toThrow('The market did not answer.');
    expect(lines).toHaveLength(2);
    failing.clear();
    await matcher.botTurn(2, 7);
    expect(turned).toEqual([1, 2, 3, 2, 2]);
  });

  it('a-set-whose-filters-throw-sends-its-bots-to-jobs-of-their-own-and-the-other-sets-take-their-turn', async () => {
    const broken = { broken: true } as unknown as BotFilters;
    const { matcher, queued, turned } = setup(new Set(), undefined, [
      { filters: broken, bots: [bot(1), bot(2)] },
      { filters: {} as BotFilters, bots: [bot(3)] },
    ]);
    expect(await matcher.alertPublished(7)).toEqual({ bots: 3, retried: 2 });
    expect(turned).toEqual([3]);
    expect(queued.map((q) => q.key)).toEqual(['1:7', '2:7']);
  });

  it('a-bot-whose-own-row-throws-is-retried-alone-and-the-others-take-their-turn', async () => {
    const odd = { ...bot(2), settings: null } as unknown as BotRow;
    const { matcher, queued, turned } = setup(new Set(), undefined, [
      { filters: {} as BotFilters, bots: [bot(1), odd, bot(3)] },
    ]);
    expect(await matcher.alertPublished(7)).toEqual({ bots: 3, retried: 1 });
    expect(turned).toEqual([1, 3]);
    expect(queued.map((q) => q.key)).toEqual(['2:7']);
  });

  it('when-the-market-does-not-answer-for-the-facts-the-filters-need-the-alerts-job-fails-whole-before-writing-anything', async () => {
    const { matcher, lines, queued, turned } = setup(new Set(), async () => {
      throw new DomainError('UNAVAILABLE', 'The market did not answer.');
    });
    await expect(matcher.alertPublished(7)).rejects.toThrow('The market did not answer.');
    expect([lines, queued, turned]).toEqual([[], [], []]);
  });
});
