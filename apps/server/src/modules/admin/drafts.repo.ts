/** The notification drafts' queries (notification_drafts). */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runnerOf, type Tx } from '../../db/transaction';
import { notificationDrafts } from '../../db/schema/index';

export type DraftRow = typeof notificationDrafts.$inferSelect;

export function draftsRepo(db: Db) {
  return {
    all: (): Promise<DraftRow[]> =>
      db.select().from(notificationDrafts).orderBy(desc(notificationDrafts.updatedAt), desc(notificationDrafts.id)),
    byId: async (id: number, tx?: Tx): Promise<DraftRow | undefined> =>
      (await runnerOf(db, tx).select().from(notificationDrafts).where(eq(notificationDrafts.id, id)).for('update'))[0],
    async insert(w: { title: string; message: string; authorEmail: string; at: Date }, tx?: Tx): Promise<DraftRow> {
      const [row] = await runnerOf(db, tx)
        .insert(notificationDrafts)
        .values({ title: w.title, message: w.message, authorEmail: w.authorEmail, createdAt: w.at, updatedAt: w.at })
        .returning();
      return row!;
    },
    async update(
      id: number,
      w: { title: string; message: string; authorEmail: string; at: Date },
      tx?: Tx,
    ): Promise<DraftRow | undefined> {
      const [row] = await runnerOf(db, tx)
        .update(notificationDrafts)
        .set({ title: w.title, message: w.message, authorEmail: w.authorEmail, updatedAt: w.at })
        .where(eq(notificationDrafts.id, id))
        .returning();
      return row;
    },
    async remove(id: number, tx?: Tx): Promise<DraftRow | undefined> {
      const [row] = await runnerOf(db, tx).delete(notificationDrafts).where(eq(notificationDrafts.id, id)).returning();
      return row;
    },
  };
}
export type DraftsRepo = ReturnType<typeof draftsRepo>;
