import { describe, expect, it } from 'vitest';
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
});
