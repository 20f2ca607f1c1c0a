import { describe, expect, it } from 'vitest';
import { decodeUserEvent, encodeUserEvent, NOTIFY_MAX_BYTES } from './user-events';

describe('user event NOTIFY payloads', () => {
  const event = { kind: 'trade.filled', payload: { tradeId: 42 }, at: '2026-01-05T15:00:00.000Z' };

  it('round-trips a user id and an event', () => {
    expect(decodeUserEvent(encodeUserEvent(7, event))).toEqual({ u: 7, e: event });
  });

  it('refuses a payload PostgreSQL would refuse (8000 bytes or more), naming the event', () => {
    const big = { ...event, payload: { blob: 'x'.repeat(NOTIFY_MAX_BYTES) } };
    expect(() => encodeUserEvent(7, big)).toThrow(/trade\.filled.*send ids/);
  });

  it('counts bytes, not characters', () => {
    const euros = { ...event, payload: '€'.repeat(2700) }; // 2,700 characters, 8,100 bytes
    expect(() => encodeUserEvent(7, euros)).toThrow(/bytes/);
  });

  it.each([['not json'], ['{}'], ['{"u":"7","e":{"kind":"x"}}'], ['{"u":7,"e":{"kind":3}}'], ['null']])(
    'ignores an unreadable payload: %s',
    (text) => {
      expect(decodeUserEvent(text)).toBeUndefined();
    },
  );

  it('fills a missing payload with null and a missing time with now', () => {
    const decoded = decodeUserEvent('{"u":1,"e":{"kind":"ping"}}');
    expect(decoded?.e.payload).toBeNull();
    expect(Date.parse(decoded?.e.at ?? '')).not.toBeNaN();
  });
});
