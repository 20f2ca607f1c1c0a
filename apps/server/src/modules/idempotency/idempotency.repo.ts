import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runnerOf, type Tx } from '../../db/transaction';
import { idempotencyKeys } from '../../db/schema/index';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;
export interface IdempotencyRef {
  userId: number;
  operationId: string;
  key: string;
}

const keyOf = (ref: IdempotencyRef) =>
  and(
    eq(idempotencyKeys.userId, ref.userId),
    eq(idempotencyKeys.operationId, ref.operationId),
    eq(idempotencyKeys.key, ref.key),
  );

/** The claim made at `claimedAt` still holds the key (no retry took it over since). */
const heldSince = (claimedAt: Date) => eq(idempotencyKeys.lockedAt, claimedAt);

/** The key of `ref`, still held by the claim made at `claimedAt`, and nothing recorded as made yet. */
const heldUnmade = (ref: IdempotencyRef, claimedAt: Date) =>
  and(keyOf(ref), eq(idempotencyKeys.state, 'IN_PROGRESS'), isNull(idempotencyKeys.resultId), heldSince(claimedAt));

/** Idempotency keys and the answers they keep (the `idempotency_keys` table). */
export function idempotencyRepo(db: Db) {
  return {
    /** Claims the key for this request; false when it exists already (claimed by an earlier request). */
    async claim(ref: IdempotencyRef, requestHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(idempotencyKeys)
        .values({ ...ref, requestHash, state: 'IN_PROGRESS', createdAt: now, lockedAt: now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return rows.length === 1;
    },

    async find(ref: IdempotencyRef): Promise<IdempotencyRow | undefined> {
      const [row] = await db.select().from(idempotencyKeys).where(keyOf(ref));
      return row;
    },

    /** Keeps the answer of the request that claimed the key (at `claimedAt`: a taken-over claim is not its). */
    async complete(ref: IdempotencyRef, claimedAt: Date, statusCode: number, response: unknown): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ state: 'DONE', statusCode, response: sql`${JSON.stringify(response)}::jsonb` })
        .where(and(keyOf(ref), eq(idempotencyKeys.state, 'IN_PROGRESS'), heldSince(claimedAt)));
    },

    /**
     * Takes over a claim whose request made nothing and whose lock is older than `staleBefore` (its
     * process died): false when it is fresh, made something meanwhile, or another retry took it.
     */
    async takeOver(ref: IdempotencyRef, now: Date, staleBefore: Date): Promise<boolean> {
      const rows = await db
        .update(idempotencyKeys)
        .set({ lockedAt: now })
        .where(
          and(
            keyOf(ref),
            eq(idempotencyKeys.state, 'IN_PROGRESS'),
            isNull(idempotencyKeys.resultId),
            lt(idempotencyKeys.lockedAt, staleBefore),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      return rows.length === 1;
    },

    /**
     * Records, in the transaction `tx` that made it, what the request holding the key (since
     * `claimedAt`) made; false when it no longer holds it (a retry took it over), and then the
     * transaction must not commit.
     */
    async recordResult(tx: Tx, ref: IdempotencyRef, claimedAt: Date, resultId: number): Promise<boolean> {
      const rows = await runnerOf(db, tx)
        .update(idempotencyKeys)
        .set({ resultId })
        .where(heldUnmade(ref, claimedAt))
        .returning({ key: idempotencyKeys.key });
      return rows.length === 1;
    },

    /** Frees a key whose request failed before acting, so that a retry is carried out. */
    async release(ref: IdempotencyRef, claimedAt: Date): Promise<void> {
      await db.delete(idempotencyKeys).where(heldUnmade(ref, claimedAt));
    },

    /** Forgets keys made before `before`; returns how many. */
    async purge(before: Date): Promise<number> {
      const rows = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, before))
        .returning({ key: idempotencyKeys.key });
      return rows.length;
    },
  };
}
export type IdempotencyRepo = ReturnType<typeof idempotencyRepo>;
