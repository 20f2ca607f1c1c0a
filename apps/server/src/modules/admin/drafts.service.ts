/** Notification drafts (3-bots-admin-public §2.8, §8 "Drafts"): shared by the super users. */
import { DRAFT_MSG, type DraftBody, type NotificationDraft } from '@drat/contracts';
import { DomainError } from '../../core/errors';
import type { WithTransaction } from '../../db/transaction';
import type { Admin, AuditService } from './audit.service';
import type { DraftRow, DraftsRepo } from './drafts.repo';

const dto = (d: DraftRow): NotificationDraft => ({
  id: d.id,
  title: d.title,
  message: d.message,
  author_email: d.authorEmail,
  created: d.createdAt.toISOString(),
  updated: d.updatedAt.toISOString(),
});

/** What the audit log keeps of a draft. */
const kept = (d: DraftRow) => ({ title: d.title, message: d.message });

export function createDrafts(deps: {
  repo: DraftsRepo;
  audit: Pick<AuditService, 'record'>;
  withTransaction: WithTransaction;
  now: () => Date;
}) {
  const { repo, audit, withTransaction, now } = deps;
  return {
    list: async () => ({ data: (await repo.all()).map(dto) }),
    async add(admin: Admin, body: DraftBody) {
      const row = await withTransaction(async (tx) => {
        const added = await repo.insert({ ...body, authorEmail: admin.email, at: now() }, tx);
        const entry = { action: 'draft.add', subject: null, summary: `Saved the draft “${added.title}”` };
        await audit.record(admin, { ...entry, after: kept(added) }, tx);
        return added;
      });
      return { message: DRAFT_MSG.added, data: dto(row) };
    },
    async update(admin: Admin, id: number, body: DraftBody) {
      const row = await withTransaction(async (tx) => {
        const before = await repo.byId(id, tx);
        const changed = await repo.update(id, { ...body, authorEmail: admin.email, at: now() }, tx);
        if (!changed || !before) throw new DomainError('NOT_FOUND', DRAFT_MSG.notFound);
        const entry = { action: 'draft.update', subject: null, summary: `Changed the draft “${changed.title}”` };
        await audit.record(admin, { ...entry, before: kept(before), after: kept(changed) }, tx);
        return changed;
      });
      return { message: DRAFT_MSG.updated, data: dto(row) };
    },
    async remove(admin: Admin, id: number) {
      await withTransaction(async (tx) => {
        const gone = await repo.remove(id, tx);
        if (!gone) throw new DomainError('NOT_FOUND', DRAFT_MSG.notFound);
        const entry = { action: 'draft.delete', subject: null, summary: `Deleted the draft “${gone.title}”` };
        await audit.record(admin, { ...entry, before: kept(gone) }, tx);
      });
      return { message: DRAFT_MSG.deleted };
    },
  };
}
export type DraftsService = ReturnType<typeof createDrafts>;
