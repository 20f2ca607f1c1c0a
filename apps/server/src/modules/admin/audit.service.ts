/**
 * The audit log: every admin action, with who did it, to whom, what, when, and the record before
 * and after (only the fields it changed). Written by the admin services after each action;
 * read by super users (GET /management/audit-log), filtered by person.
 */
import type { AuditEntry } from '@drat/contracts';
import type { Tx } from '../../db/transaction';
import type { AuditRepo } from './audit.repo';

/** Who acts in the admin screens: a super user. */
export interface Admin {
  userId: number;
  email: string;
}

export interface AuditRecord {
  action: string;
  subject: { id: number; email: string } | null;
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export function createAudit(repo: AuditRepo, now: () => Date) {
  return {
    /** Writes the entry; with `tx`, in the action's own transaction (both are kept, or neither). */
    async record(admin: Admin, r: AuditRecord, tx?: Tx): Promise<void> {
      await repo.insert(
        {
          actorId: admin.userId,
          actorEmail: admin.email,
          action: r.action,
          subjectId: r.subject?.id ?? null,
          subjectEmail: r.subject?.email ?? null,
          summary: r.summary,
          before: r.before ?? null,
          after: r.after ?? null,
          at: now(),
        },
        tx,
      );
    },

    async page(q: { user_email?: string | undefined; page: number; page_size: number }) {
      const { rows, total } = await repo.page({
        ...(q.user_email ? { email: q.user_email } : {}),
        offset: (q.page - 1) * q.page_size,
        limit: q.page_size,
      });
      const data: AuditEntry[] = rows.map((r) => ({
        id: r.id,
        actor_email: r.actorEmail,
        action: r.action,
        subject_email: r.subjectEmail,
        summary: r.summary,
        before: r.before,
        after: r.after,
        created: r.createdAt.toISOString(),
      }));
      return { data, total };
    },
  };
}
export type AuditService = ReturnType<typeof createAudit>;
