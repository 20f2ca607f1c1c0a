/** Notification drafts (3-bots-admin-public §2.8, §8 "Drafts"): shared by the super users. */
import { DRAFT_MSG, type DraftBody, type NotificationDraft } from '@drat/contracts';
import { DomainError } from '../../core/errors';
import type { Admin } from './audit.service';
import type { DraftRow, DraftsRepo } from './drafts.repo';

const dto = (d: DraftRow): NotificationDraft => ({
  id: d.id,
  title: d.title,
  message: d.message,
  author_email: d.authorEmail,
  created: d.createdAt.toISOString(),
  updated: d.updatedAt.toISOString(),
});

export function createDrafts(repo: DraftsRepo, now: () => Date) {
  return {
    list: async () => ({ data: (await repo.all()).map(dto) }),
    async add(admin: Admin, body: DraftBody) {
      const row = await repo.insert({ ...body, authorEmail: admin.email, at: now() });
      return { message: DRAFT_MSG.added, data: dto(row) };
    },
    async update(admin: Admin, id: number, body: DraftBody) {
      const row = await repo.update(id, { ...body, authorEmail: admin.email, at: now() });
      if (!row) throw new DomainError('NOT_FOUND', DRAFT_MSG.notFound);
      return { message: DRAFT_MSG.updated, data: dto(row) };
    },
    async remove(id: number) {
      if (!(await repo.remove(id))) throw new DomainError('NOT_FOUND', DRAFT_MSG.notFound);
      return { message: DRAFT_MSG.deleted };
    },
  };
}
export type DraftsService = ReturnType<typeof createDrafts>;
