/**
 * Signed-in principals remembered for a few seconds by their session token, so a busy session does
 * not read its session and user, nor hash its token, on every request. The tokens are kept in this
 * process's memory only for those seconds (an entry is dropped when its time runs out, whether or
 * not its session asks again); the database holds only their hashes. Writes through the users repo
 * and session deletions on this node forget the entry at once; another node sees a change within
 * the TTL.
 */
export interface CachedPrincipal<P> {
  principal: P;
  userId: number;
  lastSeenAt: Date;
}

export function createPrincipalCache<P>(ttlMs: number, maxEntries: number, clock: () => number = Date.now) {
  // In the order they run out: an entry set again moves to the end (every entry lives ttlMs).
  const entries = new Map<string, CachedPrincipal<P> & { until: number }>();
  let sweeper: NodeJS.Timeout | undefined;

  /** Drops the entries whose time ran out (they are at the head); stops the sweeper when none is left. */
  function sweep(nowMs: number): void {
    for (const [token, entry] of entries) {
      if (entry.until > nowMs) break;
      entries.delete(token);
    }
    if (entries.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  }

  return {
    get(token: string, nowMs: number): CachedPrincipal<P> | undefined {
      const hit = entries.get(token);
      if (!hit) return undefined;
      if (hit.until <= nowMs) {
        entries.delete(token);
        return undefined;
      }
      return hit;
    },
    set(token: string, value: CachedPrincipal<P>, nowMs: number): void {
      sweep(nowMs);
      entries.delete(token);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(token, { ...value, until: nowMs + ttlMs });
      // A quiet process forgets its tokens too: swept every TTL while any is kept.
      sweeper ??= setInterval(() => sweep(clock()), ttlMs).unref();
    },
    forgetToken(token: string): void {
      entries.delete(token);
    },
    forgetUser(userId: number): void {
      for (const [token, entry] of entries) if (entry.userId === userId) entries.delete(token);
    },
    /** How many tokens are kept (for tests). */
    get size(): number {
      return entries.size;
    },
  };
}
