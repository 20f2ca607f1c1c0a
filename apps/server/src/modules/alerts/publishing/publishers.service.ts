import { createHash, randomBytes } from 'node:crypto';
import { ALERT_PUBLISH_MSG, type AlertPublisherDto, type CreatedPublisherDto } from '@drat/contracts';
import { DomainError } from '../../../core/errors';
import type { PublishersRepo } from './publishers.repo';

/** Keys look like drat_pk_<32 random base64url characters>; the first 12 characters are shown. */
const KEY_PREFIX = 'drat_pk_';
const SHOWN = 12;

/** Keys are long random secrets, so one SHA-256 is enough to store them (a slow hash adds nothing). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function newApiKey(): string {
  return `${KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
}

export interface Publisher {
  id: number;
  name: string;
}

/** The analysts' tools allowed to publish, each with an API key a super user creates and revokes. */
export function createPublishersService(repo: PublishersRepo, now: () => Date) {
  return {
    /** The publisher behind an API key, or null when the key is unknown or revoked. */
    async authenticate(key: string): Promise<Publisher | null> {
      if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
      return (await repo.byKeyHash(hashApiKey(key))) ?? null;
    },

    /** A new publisher; its key is in the answer and nowhere else. */
    async create(name: string, createdBy: number | null): Promise<CreatedPublisherDto> {
      const key = newApiKey();
      const keyPrefix = key.slice(0, SHOWN);
      const id = await repo.insert({ name, keyHash: hashApiKey(key), keyPrefix, createdBy, createdAt: now() });
      return { id, name, key, key_prefix: keyPrefix };
    },

    async list(): Promise<AlertPublisherDto[]> {
      return (await repo.list()).map((r) => ({
        id: r.id,
        name: r.name,
        key_prefix: r.keyPrefix,
        created: r.createdAt.toISOString(),
        revoked: r.revokedAt ? r.revokedAt.toISOString() : null,
        alerts: r.alerts,
      }));
    },

    /** Revokes the key (at once: the next publish with it is refused). Revoking twice is fine. */
    async revoke(id: number): Promise<{ message: string }> {
      const name = await repo.nameOf(id);
      if (name === undefined) throw new DomainError('NOT_FOUND', ALERT_PUBLISH_MSG.publisherNotFound);
      await repo.revoke(id, now());
      return { message: ALERT_PUBLISH_MSG.publisherRevoked(name) };
    },

    /**
     * The publisher row of an internal tool (the demo scanner), made on first use. Its key is random
     * and never shown: the tool publishes in-process, not over HTTP. Revoking it turns the tool off.
     */
    ensureInternal: (name: string): Promise<Publisher & { revoked: boolean }> =>
      repo.ensureNamed(name, () => {
        const key = newApiKey();
        return { name, keyHash: hashApiKey(key), keyPrefix: key.slice(0, SHOWN), createdAt: now() };
      }),
  };
}
export type PublishersService = ReturnType<typeof createPublishersService>;
