/**
 * Signed-in principals remembered for a few seconds by their session token, so a busy session does
 * not read its session and user, nor hash its token, on every request. The tokens are kept in this
 * process's memory only, for those seconds, as the requests carrying them are; the database holds
 * only their hashes. Writes through the users repo and session deletions on this node forget the
 * entry at once; another node sees a change within the TTL.
 */
export interface CachedPrincipal<P> {
  principal: P;
  userId: number;
  lastSeenAt: Date;
}

export function createPrincipalCache<P>(ttlMs: number, maxEntries: number) {
  const entries = new Map<string, CachedPrincipal<P> & { until: number }>();
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
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(token, { ...value, until: nowMs + ttlMs });
    },
    forgetToken(token: string): void {
      entries.delete(token);
    },
    forgetUser(userId: number): void {
      for (const [token, entry] of entries) if (entry.userId === userId) entries.delete(token);
    },
  };
}
