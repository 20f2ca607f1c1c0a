/**
 * Signed-in principals remembered for a few seconds by token hash, so a busy session does not
 * read its session and user on every request. Writes through the users repo and session
 * deletions on this node forget the entry at once; another node sees a change within the TTL.
 */
export interface CachedPrincipal<P> {
  principal: P;
  userId: number;
  lastSeenAt: Date;
}

export function createPrincipalCache<P>(ttlMs: number, maxEntries: number) {
  const entries = new Map<string, CachedPrincipal<P> & { until: number }>();
  return {
    get(tokenHash: string, nowMs: number): CachedPrincipal<P> | undefined {
      const hit = entries.get(tokenHash);
      if (!hit) return undefined;
      if (hit.until <= nowMs) {
        entries.delete(tokenHash);
        return undefined;
      }
      return hit;
    },
    set(tokenHash: string, value: CachedPrincipal<P>, nowMs: number): void {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, { ...value, until: nowMs + ttlMs });
    },
    forgetToken(tokenHash: string): void {
      entries.delete(tokenHash);
    },
    forgetUser(userId: number): void {
      for (const [hash, entry] of entries) if (entry.userId === userId) entries.delete(hash);
    },
  };
}
