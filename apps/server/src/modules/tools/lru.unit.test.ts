import { describe, expect, it } from 'vitest';
import { Lru } from './lru';

describe('Lru', () => {
  it('drops the least recently used entry past its capacity', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the newest
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([1, undefined, 3]);
    expect(lru.size).toBe(2);
  });

  it('setting a key again replaces it without growing', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('a', 2);
    expect([lru.get('a'), lru.size]).toEqual([2, 1]);
  });

  it('deletes, and refuses a capacity below one', () => {
    const lru = new Lru<string, number>(1);
    lru.set('a', 1);
    lru.delete('a');
    expect(lru.get('a')).toBeUndefined();
    expect(() => new Lru(0)).toThrow(RangeError);
  });
});
