/** The notification drafts' queries (notification_drafts). */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationDrafts } from '../../db/schema/index';

export type DraftRow = typeof notificationDrafts.$inferSelect;

export function draftsRepo(db: Db) {
  return {
    all: (): Promise<DraftRow[]> =>
      db.select().from(notificationDrafts).orderBy(desc(notificationDrafts.updatedAt), desc(notificationDrafts.id)),
    async insert(w: { title: string; message: string; authorEmail: string; at: Date }): Promise<DraftRow> {
      const [row] = await db
        .insert(notificationDrafts)
        .values({ title: w.title, message: w.message, authorEmail: w.authorEmail, createdAt: w.at, updatedAt: w.at })
        .returning();
      return row!;
    },
    async update(
      id: number,
      w: { title: string; message: string; authorEmail: string; at: Date },
    ): Promise<DraftRow | undefined> {
      const [row] = await db
        .update(notificationDrafts)
        .set({ title: w.title, message: w.message, authorEmail: w.authorEmail, updatedAt: w.at })
        .where(eq(notificationDrafts.id, id))
        .returning();
      return row;
    },
    async remove(id: number): Promise<boolean> {
      const rows = await db
        .delete(notificationDrafts)
        .where(eq(notificationDrafts.id, id))
        .returning({ id: notificationDrafts.id });
      return rows.length > 0;
    },
  };
}
export type DraftsRepo = ReturnType<typeof draftsRepo>;
