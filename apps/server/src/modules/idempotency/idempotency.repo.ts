import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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

/** Idempotency keys and the answers they keep (the `idempotency_keys` table). */
export function idempotencyRepo(db: Db) {
  return {
    /** Claims the key for this request; false when it exists already (claimed by an earlier request). */
    async claim(ref: IdempotencyRef, requestHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(idempotencyKeys)
        .values({ ...ref, requestHash, state: 'IN_PROGRESS', createdAt: now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return rows.length === 1;
    },

    async find(ref: IdempotencyRef): Promise<IdempotencyRow | undefined> {
      const [row] = await db.select().from(idempotencyKeys).where(keyOf(ref));
      return row;
    },

    /** Keeps the answer of the request that claimed the key. */
    async complete(ref: IdempotencyRef, statusCode: number, response: unknown): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ state: 'DONE', statusCode, response: sql`${JSON.stringify(response)}::jsonb` })
        .where(and(keyOf(ref), eq(idempotencyKeys.state, 'IN_PROGRESS')));
    },

    /** Frees a key whose request failed before acting, so that a retry is carried out. */
    async release(ref: IdempotencyRef): Promise<void> {
      await db.delete(idempotencyKeys).where(and(keyOf(ref), eq(idempotencyKeys.state, 'IN_PROGRESS')));
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
