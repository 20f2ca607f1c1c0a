import { describe, expect, it } from 'vitest';
import { closeJson, createAlertJsonCache, openJson } from './json-cache';

describe('openJson / closeJson', () => {
  it.each([
    ['a plain object', { id: 1, ticker: 'AAPL' }],
    [
      'values that look like the tracked key',
      { id: 2, notes: '"tracked":false}', modal: [{ label: '}', value: '{"tracked":true' }] },
    ],
    ['an empty object', {}],
  ])('%s: closed with the flag it parses back to the object plus tracked', (_label, dto) => {
    for (const tracked of [true, false]) {
      expect(JSON.parse(closeJson(openJson(dto), tracked))).toEqual({ ...dto, tracked });
    }
  });
});

describe('createAlertJsonCache', () => {
  it('answers only for the same row version', () => {
    const cache = createAlertJsonCache(10);
    cache.set(1, '100', '{"id":1');
    expect(cache.get(1, '100')).toBe('{"id":1');
    expect(cache.get(1, '101')).toBeUndefined();
    expect(cache.get(2, '100')).toBeUndefined();
    cache.set(1, '101', '{"id":1,"v":2');
    expect(cache.get(1, '100')).toBeUndefined();
    expect(cache.get(1, '101')).toBe('{"id":1,"v":2');
    expect(cache.size).toBe(1);
  });

  it('keeps at most `max` alerts, dropping the oldest written', () => {
    const cache = createAlertJsonCache(3);
    for (const id of [1, 2, 3, 4]) cache.set(id, 'v', `{"id":${id}`);
    expect(cache.size).toBe(3);
    expect(cache.get(1, 'v')).toBeUndefined();
    expect(cache.get(4, 'v')).toBe('{"id":4');
    cache.set(2, 'v', '{"id":2'); // written again: now the newest
    cache.set(5, 'v', '{"id":5');
    expect(cache.get(3, 'v')).toBeUndefined();
    expect(cache.get(2, 'v')).toBe('{"id":2');
  });
});
