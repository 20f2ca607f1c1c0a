import { createHmac } from 'node:crypto';
import path from 'node:path';
import { sameHash, secretInFile } from '../../core/secrets';

/**
 * Links to resource files this server serves itself (disk storage): `/media/<key>?u=<user id>&exp=<unix
 * seconds>&sig=<HMAC-SHA256>`, the HMAC taken over the key, the user and the expiry with a secret of
 * the server. A link is made for one user and lets whoever holds it read that one file, as that user,
 * until it expires; each use checks again that the user may still see the resource (http/media.ts
 * asks the service). Changing any part of it (another key, another user, a later expiry) breaks
 * the signature.
 */

/** Every stored file of a resource has a key under this folder. */
export const RESOURCE_KEY_PREFIX = 'resources/';
/** Where http/media.ts serves them: `/media/<key>`. */
export const RESOURCE_FILES_PATH = `/media/${RESOURCE_KEY_PREFIX}`;

/** The query of a link as it arrives: anything, until read. */
export type LinkQuery = Partial<Record<'u' | 'exp' | 'sig', unknown>>;

export interface FileLinks {
  /** The link to `key` (a `resources/…` key) for `userId`, good until `expires` (unix seconds). */
  sign(key: string, userId: number, expires: number): string;
  /** The user and expiry a link was signed for; null when a part is missing or the signature is not ours. */
  read(key: string, query: LinkQuery): { userId: number; expires: number } | null;
}

export function fileLinks(secret: string): FileLinks {
  const mac = (key: string, userId: number, expires: number) =>
    createHmac('sha256', secret).update(`resource-file\n${key}\n${userId}\n${expires}`, 'utf8').digest('base64url');
  const digits = (v: unknown) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : null);
  return {
    sign(key, userId, expires) {
      const pathPart = key.split('/').map(encodeURIComponent).join('/');
      return `/media/${pathPart}?u=${userId}&exp=${expires}&sig=${mac(key, userId, expires)}`;
    },
    read(key, query) {
      const userId = digits(query.u);
      const expires = digits(query.exp);
      if (userId === null || expires === null || typeof query.sig !== 'string') return null;
      return sameHash(query.sig, mac(key, userId, expires)) ? { userId, expires } : null;
    },
  };
}

/**
 * MEDIA_LINK_SECRET, or the secret kept in DATA_DIR (made on the first start): processes that share
 * the uploads (disk storage) share DATA_DIR, hence the secret, and a restart keeps the links valid.
 */
export const linkSecret = (configured: string | undefined, dataDir: string): string =>
  configured ?? secretInFile(path.join(dataDir, 'media-link.secret'), 48);
