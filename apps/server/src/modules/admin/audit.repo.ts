/** The audit log's queries (admin_audit). */
import { count, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runnerOf, type Tx } from '../../db/transaction';
import { adminAudit } from '../../db/schema/index';

export interface AuditWrite {
  actorId: number;
  actorEmail: string;
  action: string;
  subjectId: number | null;
  subjectEmail: string | null;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: Date;
}

export function auditRepo(db: Db) {
  return {
    async insert(w: AuditWrite, tx?: Tx): Promise<void> {
      const { at, ...values } = w;
      await runnerOf(db, tx)
        .insert(adminAudit)
        .values({ ...values, createdAt: at });
    },

    /** A page of entries, newest first; with `email`, those it did or that were done to it. */
    async page(q: { email?: string; offset: number; limit: number }) {
      const who = q.email
        ? or(
            eq(sql`lower(${adminAudit.actorEmail})`, q.email.toLowerCase()),
            eq(sql`lower(${adminAudit.subjectEmail})`, q.email.toLowerCase()),
          )
        : undefined;
      const [rows, [total]] = await Promise.all([
        db.select().from(adminAudit).where(who).orderBy(desc(adminAudit.id)).offset(q.offset).limit(q.limit),
        db.select({ n: count() }).from(adminAudit).where(who),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type AuditRepo = ReturnType<typeof auditRepo>;
