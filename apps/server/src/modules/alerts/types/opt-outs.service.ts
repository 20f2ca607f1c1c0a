import { MSG, type AlertTypeStatus } from '@drat/contracts';
import { DomainError } from '../../../core/errors';
import type { Principal } from '../../auth';
import type { RightsService } from '../../rights';
import type { OptOutsRepo } from './opt-outs.repo';

/** A user's per-alert-type opt-outs of new-alert notifications (1-core §2 Settings, Notifications). */
export function createOptOutsService(repo: OptOutsRepo, rights: RightsService) {
  async function status(principal: Principal): Promise<AlertTypeStatus[]> {
    const { alert_types } = await rights.rightsOf(principal.user);
    const exempted = await repo.exemptedIds(principal.user.id);
    return alert_types.map((t) => ({ id: t.id, name: t.name, category: t.category, exempted: exempted.has(t.id) }));
  }

  return {
    status,

    /** Only types the user's plans give can be switched; anything else is refused whole. */
    async exempt(principal: Principal, list: { id: number; exempted: boolean }[]) {
      const { alert_types } = await rights.rightsOf(principal.user);
      const allowed = new Set(alert_types.map((t) => t.id));
      const unknown = list.filter((t) => !allowed.has(t.id));
      if (unknown.length > 0) {
        throw new DomainError(
          'FORBIDDEN',
          `You do not have access to alert type ${unknown.map((t) => t.id).join(', ')}.`,
        );
      }
      await repo.setExemptions(
        principal.user.id,
        list.filter((t) => t.exempted).map((t) => t.id),
        list.filter((t) => !t.exempted).map((t) => t.id),
      );
      return { message: MSG.alertNotificationChanged, data: await status(principal) };
    },
  };
}
export type OptOutsService = ReturnType<typeof createOptOutsService>;
