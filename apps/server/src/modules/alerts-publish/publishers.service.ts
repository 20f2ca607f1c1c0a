import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { ALERT_PUBLISH_MSG, type AlertPublisherDto, type CreatedPublisherDto } from '@drat/contracts';
import type { Db } from '../../db/client';
import { alertPublishers, alerts } from '../../db/schema/index';
import { DomainError } from '../../core/errors';

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
export function createPublishersService(db: Db, now: () => Date) {
  return {
    /** The publisher behind an API key, or null when the key is unknown or revoked. */
    async authenticate(key: string): Promise<Publisher | null> {
      if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
      const [row] = await db
        .select({ id: alertPublishers.id, name: alertPublishers.name })
        .from(alertPublishers)
        .where(and(eq(alertPublishers.keyHash, hashApiKey(key)), isNull(alertPublishers.revokedAt)));
      return row ?? null;
    },

    /** A new publisher; its key is in the answer and nowhere else. */
    async create(name: string, createdBy: number | null): Promise<CreatedPublisherDto> {
      const key = newApiKey();
      const keyPrefix = key.slice(0, SHOWN);
      const [row] = await db
        .insert(alertPublishers)
        .values({ name, keyHash: hashApiKey(key), keyPrefix, createdBy, createdAt: now() })
        .returning({ id: alertPublishers.id });
      return { id: row!.id, name, key, key_prefix: keyPrefix };
    },

    async list(): Promise<AlertPublisherDto[]> {
      const rows = await db
        .select({
          id: alertPublishers.id,
          name: alertPublishers.name,
          keyPrefix: alertPublishers.keyPrefix,
          createdAt: alertPublishers.createdAt,
          revokedAt: alertPublishers.revokedAt,
          alerts: count(alerts.id),
        })
        .from(alertPublishers)
        .leftJoin(alerts, eq(alerts.publisherId, alertPublishers.id))
        .groupBy(alertPublishers.id)
        .orderBy(asc(alertPublishers.id));
      return rows.map((r) => ({
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
      const [row] = await db
        .select({ name: alertPublishers.name })
        .from(alertPublishers)
        .where(eq(alertPublishers.id, id));
      if (!row) throw new DomainError('NOT_FOUND', ALERT_PUBLISH_MSG.publisherNotFound);
      await db
        .update(alertPublishers)
        .set({ revokedAt: now() })
        .where(and(eq(alertPublishers.id, id), isNull(alertPublishers.revokedAt)));
      return { message: ALERT_PUBLISH_MSG.publisherRevoked(row.name) };
    },

    /**
     * The publisher row of an internal tool (the demo scanner), made on first use. Its key is random
     * and never shown: the tool publishes in-process, not over HTTP. Revoking it turns the tool off.
     */
    async ensureInternal(name: string): Promise<Publisher & { revoked: boolean }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`alert_publishers:${name}`}))`);
        const [found] = await tx
          .select({
            id: alertPublishers.id,
            name: alertPublishers.name,
            revoked: sql<boolean>`${alertPublishers.revokedAt} is not null`,
          })
          .from(alertPublishers)
          .where(eq(alertPublishers.name, name))
          .orderBy(asc(alertPublishers.id))
          .limit(1);
        if (found) return found;
        const key = newApiKey();
        const [row] = await tx
          .insert(alertPublishers)
          .values({ name, keyHash: hashApiKey(key), keyPrefix: key.slice(0, SHOWN), createdAt: now() })
          .returning({ id: alertPublishers.id });
        return { id: row!.id, name, revoked: false };
      });
    },
  };
}
export type PublishersService = ReturnType<typeof createPublishersService>;
