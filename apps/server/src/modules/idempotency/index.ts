/**
 * Idempotency keys: calls whose operation is `idempotent` (packages/contracts) replay the first
 * answer to a retried request instead of acting twice. http/idempotency.ts applies it to every such
 * route; this area keeps the keys.
 */
import type { Db } from '../../db/client';
import { idempotencyRepo } from './idempotency.repo';
import { createIdempotencyService } from './idempotency.service';

export type { IdempotencyService, IdempotencyStart } from './idempotency.service';
export type { IdempotencyRef } from './idempotency.repo';

export const createIdempotency = (db: Db, now: () => Date) => createIdempotencyService(idempotencyRepo(db), now);
