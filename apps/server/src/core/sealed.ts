/**
 * Secrets at rest (broker access tokens): AES-256-GCM with a key from configuration
 * (BROKER_TOKEN_KEY, 32 random bytes as base64 or hex). A sealed text is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url); opening one sealed under another key, or changed in any
 * byte, fails instead of answering garbage.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** The 32-byte key of a base64 or hex text; throws naming the variable when it is not one. */
export function sealingKey(text: string, name = 'BROKER_TOKEN_KEY'): Buffer {
  const t = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) {
    throw new Error(
      `Invalid configuration: ${name} must be 32 random bytes as base64 or hex (e.g. \`openssl rand -base64 32\`).`,
    );
  }
  return key;
}

export function createSealer(keyText: string, name = 'BROKER_TOKEN_KEY'): Sealer {
  const key = sealingKey(keyText, name);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined) {
        throw new Error('Not a sealed secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
