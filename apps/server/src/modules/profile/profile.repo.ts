import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailChanges } from '../../db/schema/index';

/** New sign-in e-mails waiting for the link sent to them. */
export function profileRepo(db: Db) {
  return {
    /** A new pending change replaces the user's earlier ones. */
    async replaceEmailChange(userId: number, newEmail: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(emailChanges).where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
        await tx.insert(emailChanges).values({ userId, newEmail, tokenHash, expiresAt });
      });
    },
    /** The unused, unexpired change with this token. */
    async liveEmailChange(tokenHash: string, now: Date) {
      const [row] = await db
        .select()
        .from(emailChanges)
        .where(
          and(eq(emailChanges.tokenHash, tokenHash), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)),
        );
      return row;
    },
    /** Marks the change used; false when another request used it first. */
    async useEmailChange(id: number, at: Date): Promise<boolean> {
      const used = await db
        .update(emailChanges)
        .set({ usedAt: at })
        .where(and(eq(emailChanges.id, id), isNull(emailChanges.usedAt)))
        .returning({ id: emailChanges.id });
      return used.length > 0;
    },
  };
}
export type ProfileRepo = ReturnType<typeof profileRepo>;
