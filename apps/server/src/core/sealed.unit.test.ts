import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSealer, sealingKey } from './sealed';

const key = randomBytes(32).toString('base64');

describe('sealed secrets (broker tokens at rest)', () => {
  it('a-sealed-token-opens-to-itself-and-does-not-contain-it', () => {
    const s = createSealer(key);
    const sealed = s.seal('tradier-access-token-123');
    expect(sealed).not.toContain('tradier-access-token-123');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(s.open(sealed)).toBe('tradier-access-token-123');
  });

  it('the-same-token-sealed-twice-differs', () => {
    const s = createSealer(key);
    expect(s.seal('t')).not.toBe(s.seal('t'));
  });

  it('another-key-cannot-open-it', () => {
    const sealed = createSealer(key).seal('secret');
    expect(() => createSealer(randomBytes(32).toString('hex')).open(sealed)).toThrow();
  });

  it('a-changed-byte-is-refused', () => {
    const s = createSealer(key);
    const [v, iv, tag, body] = s.seal('secret-token').split('.');
    const flipped = body!.startsWith('A') ? `B${body!.slice(1)}` : `A${body!.slice(1)}`;
    expect(() => s.open([v, iv, tag, flipped].join('.'))).toThrow();
  });

  it('a-key-that-is-not-32-bytes-is-refused-naming-the-variable', () => {
    expect(() => sealingKey('short')).toThrow(/BROKER_TOKEN_KEY must be 32 random bytes/);
    expect(sealingKey('ab'.repeat(32))).toHaveLength(32);
  });
});
