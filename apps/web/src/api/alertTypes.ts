import type { z } from 'zod';
import type {
  AlertCategory,
  alertTypePatchBody,
  AlertTypeUpdateReply,
  AlertTypesAdminResponse,
  AlertTypesNotificationReply,
} from '@drat/contracts';

import { api } from './client';

/**
 * Super users' alert-type settings (3-bots-admin-public §2.7, §7 "Alert types and completed
 * alerts"; ALERTS_API.alertTypes, .updateAlertType, .setNotificationStatus): one function per endpoint.
 */

/** Every alert type with its note and notification switch. */
export const fetchAlertTypesAdmin = () => api.get<AlertTypesAdminResponse>('/alerts/alert-types');

/** Changes one type's note (sanitized and stored by the server) or notification switch. */
export const updateAlertType = (id: number, body: z.input<typeof alertTypePatchBody>) =>
  api.patch<AlertTypeUpdateReply>(`/alerts/alert-types/${encodeURIComponent(id)}`, body);

/** Turns the notifications of every type of `category` (or ALL) on or off; answers every type after it. */
export const setCategoryNotifications = (category: AlertCategory | 'ALL', isEnabled: boolean) =>
  api.patch<AlertTypesNotificationReply>(
    `/alerts/alert-types/notification-status?category=${encodeURIComponent(category)}`,
    { is_notification_enabled: isEnabled },
  );
