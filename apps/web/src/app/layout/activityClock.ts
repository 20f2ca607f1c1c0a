/**
 * When this browser was last used, across its tabs (1-core §4: logged out after 120 idle minutes).
 * Each tab keeps one: its own activity counts, and so does activity another tab tells it about.
 * Pure: the time comes from `now`, the telling is the caller's (useIdleLogout, over BroadcastChannel).
 */
export interface ActivityClock {
  /** This tab was used now; answers the time to tell the other tabs, or null when told recently. */
  used(): number | null;
  /** Another tab was used at `at`. */
  heard(at: number): void;
  /** No activity in any tab for the whole limit. */
  idle(): boolean;
}

export function createActivityClock(
  limitMs: number,
  { now = Date.now, tellEveryMs = 10_000 }: { now?: () => number; tellEveryMs?: number } = {},
): ActivityClock {
  let last = now();
  let told = Number.NEGATIVE_INFINITY;
  return {
    used() {
      last = now();
      if (last - told < tellEveryMs) return null;
      told = last;
      return last;
    },
    heard(at) {
      last = Math.max(last, at);
    },
    idle: () => now() - last >= limitMs,
  };
}
