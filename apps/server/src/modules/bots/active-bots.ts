/**
 * The active bots of each alert type, kept in memory for the matcher: a published alert meets
 * thousands of bots, and reading and parsing their settings for every alert cost more than
 * deciding (bench/bots).
 *
 * Kept true by the change feed: a write to bots, by any process or by hand, names the bots it
 * changed (migration 0029, 'bots:12'), and the next alert reads those bots again, and only those.
 * A change too big to name (over 100 bots, a TRUNCATE), a change to the alert types, or the feed
 * lost and found again makes every type be read again whole. This process's own writes are known at
 * once (`forget`), without waiting for the feed. While the feed is not heard, every alert reads the
 * bots afresh. A type's copy is also read again whole after KEEP_MS, bounding what a missed
 * notification could cost.
 *
 * They are kept as sets of bots alike, with the same filters (copies, shares and the defaults are
 * many): an alert is screened once per set, not once per bot. The rows are shared between alerts:
 * nobody changes them.
 */
import type { BotFilters } from '@drat/engine';
import type { CacheDeps } from '../../db/read-cache';
import { filtersOf } from './bot.dto';
import type { BotRow, BotsRepo } from './bots.repo';

const KEEP_MS = 10 * 60_000;

/** Active bots with the same filters, oldest first. */
export interface BotsAlike {
  filters: BotFilters;
  bots: BotRow[];
}

/** A bot kept, with its filters and their text (bots alike have the same text). */
interface Kept {
  bot: BotRow;
  filters: BotFilters;
  key: string;
}

const kept = (bot: BotRow): Kept => {
  const filters = filtersOf(bot);
  return { bot, filters, key: JSON.stringify(filters) };
};

/** Bots in sets of the same filters, oldest first, by the sets' filters' text. */
function alike(bots: Iterable<Kept>): Map<string, BotsAlike> {
  const sets = new Map<string, BotsAlike>();
  for (const k of [...bots].sort((a, b) => a.bot.id - b.bot.id)) {
    const set = sets.get(k.key);
    if (set) set.bots.push(k.bot);
    else sets.set(k.key, { filters: k.filters, bots: [k.bot] });
  }
  return sets;
}

/**
 * One alert type's active bots, by id, and their sets. A change replaces the sets it touches with
 * new ones (never changes a set in place: an alert being matched keeps the sets it was given).
 */
interface Copy {
  bots: Map<number, Kept>;
  sets: Map<string, BotsAlike>;
  until: number;
}

/** The copy without bot `id` (a new set object for the set it leaves). */
function without(copy: Copy, id: number): void {
  const k = copy.bots.get(id);
  if (!k) return;
  copy.bots.delete(id);
  const set = copy.sets.get(k.key);
  if (!set) return;
  const bots = set.bots.filter((b) => b.id !== id);
  if (bots.length === 0) copy.sets.delete(k.key);
  else copy.sets.set(k.key, { filters: set.filters, bots });
}

/** The copy with `k` (a new set object for the set it joins, its bots oldest first). */
function withBot(copy: Copy, k: Kept): void {
  copy.bots.set(k.bot.id, k);
  const set = copy.sets.get(k.key);
  const bots = set ? [...set.bots, k.bot].sort((a, b) => a.id - b.id) : [k.bot];
  copy.sets.set(k.key, { filters: set?.filters ?? k.filters, bots });
}

export function createActiveBots(repo: Pick<BotsRepo, 'activeOfType' | 'byIds'>, caches: CacheDeps) {
  const { feed, now } = caches;
  const keepMs = caches.ttlMs > 0 ? Math.max(caches.ttlMs, KEEP_MS) : 0;
  const copies = new Map<number, Copy>();
  const loading = new Map<number, Promise<Copy>>();
  /** Bots changed since they were read: read again before the next alert is matched. */
  const stale = new Set<number>();
  /** The bots changed while each whole read was under way (it may hold them as they were). */
  const heardWhileLoading = new Set<Set<number>>();
  let refreshing: Promise<void> | null = null;
  // Bumped when everything is forgotten: a read begun before must not be kept after.
  let generation = 0;

  const changed = (botId: number) => {
    stale.add(botId);
    for (const heard of heardWhileLoading) heard.add(botId);
  };
  const clear = () => {
    generation += 1;
    copies.clear();
    loading.clear();
    stale.clear();
  };
  feed.on('bots', (key) => (key === undefined ? clear() : changed(Number(key))));
  feed.on('catalogue', () => clear());

  /** Reads the changed bots again into the copies (a bot moved, stopped or deleted leaves its old type's). */
  async function refresh(): Promise<void> {
    while (stale.size > 0) {
      const ids = [...stale];
      stale.clear();
      if (copies.size === 0) return;
      const startedAt = generation;
      let rows: BotRow[];
      try {
        rows = await repo.byIds(ids);
      } catch (err) {
        for (const id of ids) stale.add(id);
        throw err;
      }
      if (generation !== startedAt) return;
      for (const id of ids) for (const copy of copies.values()) without(copy, id);
      for (const row of rows) {
        const copy = copies.get(row.alertTypeId);
        if (copy && row.active) withBot(copy, kept(row));
      }
    }
  }

  /** An alert type's copy: kept, else read whole (once, for concurrent readers). */
  function copyOf(alertTypeId: number): Promise<Copy> {
    const copy = copies.get(alertTypeId);
    if (copy && copy.until > now().getTime()) return Promise.resolve(copy);
    const pending = loading.get(alertTypeId);
    if (pending) return pending;
    const startedAt = generation;
    const until = now().getTime() + keepMs;
    const heard = new Set<number>();
    heardWhileLoading.add(heard);
    const done = () => {
      heardWhileLoading.delete(heard);
      if (loading.get(alertTypeId) === load) loading.delete(alertTypeId);
    };
    const load = repo.activeOfType(alertTypeId).then(
      (rows) => {
        done();
        const all = rows.map(kept);
        const read: Copy = { bots: new Map(all.map((k) => [k.bot.id, k])), sets: alike(all), until };
        if (generation === startedAt && feed.live) {
          copies.set(alertTypeId, read);
          // What changed during the read is read again.
          for (const id of heard) stale.add(id);
        }
        return read;
      },
      (err: unknown) => {
        done();
        throw err;
      },
    );
    loading.set(alertTypeId, load);
    return load;
  }

  return {
    /** The active bots of an alert type whose alert dates hold `day` (New York), in sets alike. */
    async of(alertTypeId: number, day: string): Promise<BotsAlike[]> {
      let sets: Iterable<BotsAlike>;
      if (keepMs <= 0 || !feed.live) {
        sets = alike((await repo.activeOfType(alertTypeId)).map(kept)).values();
      } else {
        const copy = await copyOf(alertTypeId);
        while (stale.size > 0) {
          refreshing ??= refresh().finally(() => (refreshing = null));
          await refreshing;
        }
        sets = copy.sets.values();
      }
      return [...sets].filter((s) => s.filters.alertsFrom <= day && s.filters.alertsTo >= day);
    },
    /** A write of this process to a bot: read again at the next alert, without waiting for the feed. */
    forget: changed,
  };
}
export type ActiveBots = ReturnType<typeof createActiveBots>;
