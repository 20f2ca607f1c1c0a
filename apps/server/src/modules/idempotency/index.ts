/**
 * Idempotency keys: calls whose operation is `idempotent` (packages/contracts) replay the first
 * answer to a retried request instead of acting twice. http/idempotency.ts applies it to every such
 * route; this area keeps the keys.
 */
import type { Db } from '../../db/client';
import type { Tx } from '../../db/transaction';
import { idempotencyRepo } from './idempotency.repo';
import { createIdempotencyService } from './idempotency.service';

export type { IdempotencyService, IdempotencyStart } from './idempotency.service';
export type { IdempotencyRef } from './idempotency.repo';
export { IDEMPOTENCY_LOCK_SECONDS } from './idempotency.service';

/** Records, in the transaction that makes it, what a request holding an Idempotency-Key made (its id). */
export type ResultRecorder = (tx: Tx, resultId: number) => Promise<void>;

export const createIdempotency = (db: Db, now: () => Date) => createIdempotencyService(idempotencyRepo(db), now);
