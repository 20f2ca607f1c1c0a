/**
 * Read caches kept correct by the change feed (migration 0007): triggers on the tables behind a
 * cache NOTIFY `drat_changes` with `topic` or `topic:key` on commit, and every process forgets
 * the matching entries. A cache serves only while the process hears the feed; while the LISTEN
 * connection is down every read goes to the database, and on reconnect everything is forgotten.
 * Entries also expire after `ttlMs` on the app's clock (what time-bound data, such as a
 * subscription's end, needs), and a read that raced a change is never stored.
 */
export const CHANGES_CHANNEL = 'drat_changes';

/** What a cache needs to hear: the feed's changes and whether it hears them at all. */
export interface ChangeFeed {
  readonly live: boolean;
  /** `key` undefined: the whole topic changed (or the feed was lost: everything did). */
  on(topic: string, handler: (key: string | undefined) => void): void;
}

export interface ChangeSource {
  readonly connected: boolean;
  on(channel: string, handler: (payload: string) => void): void;
  onResync(handler: () => void): void;
}

/** The feed heard on a LISTEN connection (src/db/pg-listener.ts); `enabled: false` turns every cache off. */
export function createChangeFeed(source: ChangeSource | undefined, enabled: boolean): ChangeFeed {
  const handlers = new Map<string, ((key: string | undefined) => void)[]>();
  const notify = (topic: string, key: string | undefined) => {
    for (const handler of handlers.get(topic) ?? []) handler(key);
  };
  source?.on(CHANGES_CHANNEL, (payload) => {
    const colon = payload.indexOf(':');
    if (colon < 0) notify(payload, undefined);
    else notify(payload.slice(0, colon), payload.slice(colon + 1));
  });
  source?.onResync(() => {
    for (const topic of handlers.keys()) notify(topic, undefined);
  });
  return {
    get live() {
      return enabled && source?.connected === true;
    },
    on(topic, handler) {
      if (!handlers.has(topic)) handlers.set(topic, []);
      handlers.get(topic)!.push(handler);
    },
  };
}

/** What an area needs to keep read caches: the feed, the entries' longest life (0: off) and the clock. */
export interface CacheDeps {
  feed: ChangeFeed;
  ttlMs: number;
  now: () => Date;
}

/** No caching: every read goes to the database (services built outside an app, e.g. workers' own). */
export const NO_CACHES: CacheDeps = { feed: { live: false, on: () => {} }, ttlMs: 0, now: () => new Date() };

export interface ReadCache<V> {
  /** The cached value of `key`, or `load()`'s (shared by concurrent readers of the same key). */
  read(key: string, load: () => Promise<V>): Promise<V>;
  /** Forgets one key at once (a write of this process), without waiting for the feed. */
  forget(key: string): void;
  clear(): void;
}

export function createReadCache<V>(
  options: CacheDeps & {
    /** The feed topics whose changes this cache forgets: by key, or all of it. */
    topics: readonly string[];
    maxEntries: number;
  },
): ReadCache<V> {
  const { feed, ttlMs, maxEntries, now } = options;
  const entries = new Map<string, { value: V; until: number }>();
  const loading = new Map<string, Promise<V>>();
  // Bumped by every change heard: a load that began before a change must not be stored after it.
  let generation = 0;

  function forget(key: string): void {
    generation += 1;
    entries.delete(key);
    loading.delete(key);
  }
  function clear(): void {
    generation += 1;
    entries.clear();
    loading.clear();
  }
  for (const topic of options.topics) feed.on(topic, (key) => (key === undefined ? clear() : forget(key)));

  return {
    forget,
    clear,
    read(key, load) {
      if (ttlMs <= 0 || !feed.live) return load();
      const at = now().getTime();
      const hit = entries.get(key);
      if (hit && hit.until > at) return Promise.resolve(hit.value);
      const pending = loading.get(key);
      if (pending) return pending;
      const startedAt = generation;
      const promise = load().then(
        (value) => {
          if (loading.get(key) === promise) loading.delete(key);
          if (generation === startedAt && feed.live) {
            if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
            entries.delete(key);
            entries.set(key, { value, until: at + ttlMs });
          }
          return value;
        },
        (err: unknown) => {
          if (loading.get(key) === promise) loading.delete(key);
          throw err;
        },
      );
      loading.set(key, promise);
      return promise;
    },
  };
}
