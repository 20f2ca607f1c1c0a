import { ALERT_MSG, type AlertCategory, type AlertTypeAdminDto } from '@drat/contracts';
import { DomainError } from '../../../core/errors';
import { richText } from '../../../core/stored-text';
import type { AlertTypesRepo } from './alert-types.repo';

/** Super users' alert-type administration (3-bots-admin-public §2.7, §7 "Alert types"). */
export function createAlertTypesAdminService(repo: AlertTypesRepo) {
  return {
    /** GET /alerts/alert-types: every type in category order. */
    async list(): Promise<{ data: AlertTypeAdminDto[] }> {
      return { data: await repo.adminList() };
    },

    /** PATCH /alerts/alert-types/{id}: the note (sanitized here) and/or the notification switch. */
    async update(
      id: number,
      patch: { raw_note?: string; is_notification_enabled?: boolean },
    ): Promise<{ message: string; data: AlertTypeAdminDto }> {
      const set: { rawNote?: string; isNotificationEnabled?: boolean } = {};
      if (patch.raw_note !== undefined) set.rawNote = richText(patch.raw_note);
      if (patch.is_notification_enabled !== undefined) set.isNotificationEnabled = patch.is_notification_enabled;
      const row = (await repo.update(id, set)) ? await repo.adminOne(id) : undefined;
      if (!row) throw new DomainError('NOT_FOUND', ALERT_MSG.alertTypeNotFound);
      return { message: ALERT_MSG.alertTypeUpdated(row.name), data: row };
    },

    /** PATCH /alerts/alert-types/notification-status: the switch of every type of a category (or of ALL). */
    async setCategoryNotifications(
      category: AlertCategory | 'ALL',
      enabled: boolean,
    ): Promise<{ message: string; data: AlertTypeAdminDto[] }> {
      await repo.setNotifications(category, enabled);
      return { message: ALERT_MSG.notificationStatusChanged(category, enabled), data: await repo.adminList() };
    },
  };
}
export type AlertTypesAdminService = ReturnType<typeof createAlertTypesAdminService>;
