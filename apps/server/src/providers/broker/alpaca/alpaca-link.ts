/**
 * How a trader connects Alpaca (2-trading §2.7 and docs/alpaca.md): by OAuth, or with the API key
 * pair of their own account. Both are kept as one sealed "access token" per connection; a key pair
 * is written as `alpaca-key:` and its JSON, which no OAuth token begins with.
 */
import { ProviderError } from '../../provider-error';
import type { BrokerLink } from '../interface';
import type { AlpacaCredentials } from '../../alpaca/http';
import type { AlpacaBroker } from './alpaca-broker';

const KEY_PAIR = 'alpaca-key:';

/** The stored form of a key pair. */
export const keyPairToken = (keyId: string, secretKey: string) => `${KEY_PAIR}${JSON.stringify({ keyId, secretKey })}`;

/** What a stored token is: a key pair written by keyPairToken, else an OAuth access token. */
export function credentialsOfToken(token: string): AlpacaCredentials {
  if (!token.startsWith(KEY_PAIR)) return { kind: 'oauth', accessToken: token };
  const pair = JSON.parse(token.slice(KEY_PAIR.length)) as { keyId?: unknown; secretKey?: unknown };
  if (typeof pair.keyId !== 'string' || typeof pair.secretKey !== 'string') {
    throw new ProviderError('alpaca', 'UNAUTHORIZED', 'The stored Alpaca key pair is unreadable');
  }
  return { kind: 'key', keyId: pair.keyId, secretKey: pair.secretKey };
}

/** Alpaca's link: OAuth as the adapter speaks it, and key pairs checked by reading their account. */
export function alpacaLink(broker: AlpacaBroker): BrokerLink {
  return {
    ...broker.link,
    async accounts(credentials, userId) {
      const c = credentials.accessToken === null ? null : credentialsOfToken(credentials.accessToken);
      if (c?.kind === 'key') return [await broker.checkKeyPair(c.keyId, c.secretKey)];
      return broker.link.accounts(credentials, userId);
    },
    keyCredentials: (keyId, secretKey) => ({
      accessToken: keyPairToken(keyId, secretKey),
      refreshToken: null,
      expiresAt: null,
    }),
  };
}
