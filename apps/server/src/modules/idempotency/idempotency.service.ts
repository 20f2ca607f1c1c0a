import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_HOURS, IDEMPOTENCY_MSG } from '@drat/contracts';
import { DomainError } from '../../core/errors';
import type { IdempotencyRef, IdempotencyRepo } from './idempotency.repo';

/** What the request carries that makes it "the same request" again. */
export interface IdempotentRequest {
  method: string;
  /** The path with its query, as sent. */
  url: string;
  body: unknown;
}

/** What to do with a request that came with a key. */
export type IdempotencyStart = { kind: 'proceed' } | { kind: 'replay'; statusCode: number; body: unknown };

/** JSON with object keys sorted, so the same body hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHashOf(request: IdempotentRequest): string {
  return createHash('sha256')
    .update(`${request.method.toUpperCase()} ${request.url}\n${canonical(request.body)}`)
    .digest('hex');
}

/**
 * Idempotency keys (contracts/src/idempotency.ts). `start` claims a key or says what the earlier
 * request with it answered; `finish` keeps a successful answer; `release` frees the key of a request
 * that was refused (a 4xx or an error: it changed nothing, so a retry may run). A request that died
 * half-way (the process stopped) keeps its key claimed until the purge: the retry is refused with
 * 409 rather than risk acting twice.
 */
export function createIdempotencyService(repo: IdempotencyRepo, now: () => Date) {
  return {
    async start(ref: IdempotencyRef, request: IdempotentRequest): Promise<IdempotencyStart> {
      const hash = requestHashOf(request);
      // Twice at most: the earlier claim may be released between our insert and our read.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        if (await repo.claim(ref, hash, now())) return { kind: 'proceed' };
        const earlier = await repo.find(ref);
        if (!earlier) continue;
        if (earlier.requestHash !== hash) throw new DomainError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MSG.keyReused);
        if (earlier.state === 'IN_PROGRESS') throw new DomainError('CONFLICT', IDEMPOTENCY_MSG.inProgress);
        return { kind: 'replay', statusCode: earlier.statusCode!, body: earlier.response };
      }
      throw new DomainError('CONFLICT', IDEMPOTENCY_MSG.inProgress);
    },

    finish: (ref: IdempotencyRef, statusCode: number, body: unknown) => repo.complete(ref, statusCode, body),

    release: (ref: IdempotencyRef) => repo.release(ref),

    /** Forgets keys older than their time to live (the sessions.purge job's round). */
    purgeExpired: () => repo.purge(new Date(now().getTime() - IDEMPOTENCY_KEY_TTL_HOURS * 3600_000)),
  };
}
export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
