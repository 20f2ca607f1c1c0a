/**
 * The active bots of each alert type, kept in memory for the matcher: a published alert meets
 * thousands of bots, and reading and parsing their settings for every alert cost more than
 * deciding. Kept true by the change feed (migration 0025: any write to bots, by any process or by
 * hand, makes every process read them again; so does a change to the alert types), and at once by
 * this process's own writes (`forget`). While the feed is not heard, every alert reads them afresh.
 * The rows are shared between alerts: nobody changes them.
 */
import { createReadCache, type CacheDeps } from '../../db/read-cache';
import type { BotRow, BotsRepo } from './bots.repo';

/** The feed keeps them true; the life only bounds what a missed notification could cost. */
const KEEP_MS = 10 * 60_000;

export function createActiveBots(repo: Pick<BotsRepo, 'activeOfType'>, caches: CacheDeps) {
  const cache = createReadCache<readonly BotRow[]>({
    ...caches,
    ttlMs: caches.ttlMs > 0 ? Math.max(caches.ttlMs, KEEP_MS) : 0,
    topics: ['bots', 'catalogue'],
    maxEntries: 500,
  });
  return {
    /** The active bots of an alert type whose alert dates hold `day` (New York), oldest first. */
    async of(alertTypeId: number, day: string): Promise<BotRow[]> {
      const all = await cache.read(String(alertTypeId), () => repo.activeOfType(alertTypeId));
      return all.filter((b) => b.alertsFrom <= day && b.alertsTo >= day);
    },
    /** A write of this process: read them again at the next alert, without waiting for the feed. */
    forget: () => cache.clear(),
  };
}
export type ActiveBots = ReturnType<typeof createActiveBots>;
