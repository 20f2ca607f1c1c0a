import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPrincipalCache } from './principal-cache';

const entry = (userId: number) => ({ principal: { userId }, userId, lastSeenAt: new Date(0) });

describe('principal cache', () => {
  it('serves an entry until its time to live runs out', () => {
    const cache = createPrincipalCache<{ userId: number }>(3_000, 10);
    cache.set('a', entry(1), 1_000);
    expect(cache.get('a', 3_999)?.userId).toBe(1);
    expect(cache.get('a', 4_000)).toBeUndefined();
  });

  it('forgets every token of a user whose data changed, and only theirs', () => {
    const cache = createPrincipalCache<{ userId: number }>(3_000, 10);
    cache.set('a', entry(1), 0);
    cache.set('b', entry(1), 0);
    cache.set('c', entry(2), 0);
    cache.forgetUser(1);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.userId).toBe(2);
  });

  it('forgets a single token on logout', () => {
    const cache = createPrincipalCache<{ userId: number }>(3_000, 10);
    cache.set('a', entry(1), 0);
    cache.set('b', entry(1), 0);
    cache.forgetToken('a');
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)?.userId).toBe(1);
  });

  it('drops the oldest entry when full', () => {
    const cache = createPrincipalCache<{ userId: number }>(3_000, 2);
    cache.set('a', entry(1), 0);
    cache.set('b', entry(2), 0);
    cache.set('c', entry(3), 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.userId).toBe(3);
  });

  describe('keeps no token past its time', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('drops entries whose time ran out, even when their sessions never ask again', () => {
      vi.useFakeTimers();
      let now = 0;
      const cache = createPrincipalCache<{ userId: number }>(3_000, 10, () => now);
      cache.set('a', entry(1), now);
      now = 1_000;
      cache.set('b', entry(2), now);
      expect(cache.size).toBe(2);
      // 'a' runs out at 3,000 and 'b' at 4,000; the sweeper runs every 3,000.
      now = 3_000;
      vi.advanceTimersByTime(3_000);
      expect(cache.size).toBe(1);
      now = 6_000;
      vi.advanceTimersByTime(3_000);
      expect(cache.size).toBe(0);
      // With nothing kept the sweeper stops: no timer is left behind.
      expect(vi.getTimerCount()).toBe(0);
    });

    it('an entry set again lives from then, and moves behind the others', () => {
      const cache = createPrincipalCache<{ userId: number }>(3_000, 10);
      cache.set('a', entry(1), 0);
      cache.set('b', entry(2), 1_000);
      cache.set('a', entry(1), 2_000);
      // At 4,500 'b' (until 4,000) is gone and 'a' (until 5,000) is still there.
      cache.set('c', entry(3), 4_500);
      expect(cache.get('b', 4_500)).toBeUndefined();
      expect(cache.get('a', 4_500)?.userId).toBe(1);
      expect(cache.size).toBe(2);
    });
  });
});
