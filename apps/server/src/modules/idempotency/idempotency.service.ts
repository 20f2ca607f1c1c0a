import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_HOURS, IDEMPOTENCY_MSG } from '@drat/contracts';
import { DomainError } from '../../core/errors';
import type { Tx } from '../../db/transaction';
import type { IdempotencyRef, IdempotencyRepo } from './idempotency.repo';

/** What the request carries that makes it "the same request" again. */
export interface IdempotentRequest {
  method: string;
  /** The path with its query, as sent. */
  url: string;
  body: unknown;
}

/**
 * What to do with a request that came with a key: carry it out; send the earlier answer again; or
 * answer with what the earlier request made (`made`: it died after making it, before answering).
 */
export type IdempotencyStart =
  | { kind: 'proceed'; claimedAt: Date }
  | { kind: 'replay'; statusCode: number; body: unknown }
  | { kind: 'made'; resultId: number; claimedAt: Date };

/**
 * How long a claimed key is held by its request before a retry may take it over (the request's
 * process died before making anything). Longer than any request runs (statements stop at 30 s).
 */
export const IDEMPOTENCY_LOCK_SECONDS = 60;

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
 * Idempotency keys (contracts/src/idempotency.ts), in Stripe's atomic phases. `start` claims a key
 * or says what the earlier request with it answered; a request that makes something records it with
 * `recordResult` in the transaction that makes it; `finish` keeps a successful answer; `release`
 * frees the key of a request that was refused (a 4xx: it changed nothing, so a retry may run). A
 * request that died half-way (its process stopped) leaves its key claimed: a retry answers with what
 * it made, when its transaction committed; when nothing was made, the retry takes the key over once
 * the lock is IDEMPOTENCY_LOCK_SECONDS old and carries the request out (409 until then).
 */
export function createIdempotencyService(repo: IdempotencyRepo, now: () => Date) {
  return {
    /**
     * `recovers`: the call records what it makes (its route can answer for it); only such a call's
     * stale claim is taken over, since another (an Exit, a publish) may have acted before dying.
     */
    async start(ref: IdempotencyRef, request: IdempotentRequest, recovers = false): Promise<IdempotencyStart> {
      const hash = requestHashOf(request);
      // Twice at most: the earlier claim may be released between our insert and our read.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const claimedAt = now();
        if (await repo.claim(ref, hash, claimedAt)) return { kind: 'proceed', claimedAt };
        const earlier = await repo.find(ref);
        if (!earlier) continue;
        if (earlier.requestHash !== hash) throw new DomainError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MSG.keyReused);
        if (earlier.state === 'DONE')
          return { kind: 'replay', statusCode: earlier.statusCode!, body: earlier.response };
        if (earlier.resultId !== null) return { kind: 'made', resultId: earlier.resultId, claimedAt: earlier.lockedAt };
        if (!recovers) throw new DomainError('CONFLICT', IDEMPOTENCY_MSG.inProgress);
        const at = now();
        const stale = new Date(at.getTime() - IDEMPOTENCY_LOCK_SECONDS * 1000);
        if (await repo.takeOver(ref, at, stale)) return { kind: 'proceed', claimedAt: at };
        throw new DomainError('CONFLICT', IDEMPOTENCY_MSG.inProgress);
      }
      throw new DomainError('CONFLICT', IDEMPOTENCY_MSG.inProgress);
    },

    finish: (ref: IdempotencyRef, claimedAt: Date, statusCode: number, body: unknown) =>
      repo.complete(ref, claimedAt, statusCode, body),

    /** What the request holding `ref` made, recorded in the transaction `tx` that made it. */
    async recordResult(tx: Tx, ref: IdempotencyRef, claimedAt: Date, resultId: number): Promise<void> {
      // A request whose claim a retry took over (it ran past the lock) is refused here, so its
      // transaction rolls back and only one of the two makes the thing.
      if (!(await repo.recordResult(tx, ref, claimedAt, resultId))) {
        throw new DomainError('CONFLICT', IDEMPOTENCY_MSG.inProgress);
      }
    },

    release: (ref: IdempotencyRef, claimedAt: Date) => repo.release(ref, claimedAt),

    /** Forgets keys older than their time to live (the sessions.purge job's round). */
    purgeExpired: () => repo.purge(new Date(now().getTime() - IDEMPOTENCY_KEY_TTL_HOURS * 3600_000)),
  };
}
export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
