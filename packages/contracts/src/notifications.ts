import { z } from 'zod';
import { textIdField } from './amounts';
import type { NotificationDto } from './alerts';
import { operation } from './operation';

/** What a notification is about; with its `ref` (alert or trigger id) one per user. */
export const NOTIFICATION_KINDS = [
  'NEW_ALERT',
  'TRIGGER',
  'TRACKER',
  'ADMIN',
  'TRADE_FAILED',
  'ORDER_REFUSED',
  'LATE_FILL',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Delivery state of a notification's e-mail and SMS copies (3-bots §3 "Notification"). */
export const DELIVERY_STATUSES = ['SUCCESS', 'PENDING', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One notification of the inbox (NotificationDto); `timestamp` is an ISO time. */
export const inboxNotificationSchema = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  timestamp: z.string(),
  seen: z.boolean(),
  kind: z.string(),
}) satisfies z.ZodType<NotificationDto>;

/**
 * GET /notifications and both mark-as-read calls (2-trading §7): the unread list, newest first.
 * `unread` is the number of unread notifications (the list stops at INBOX_LIMIT).
 */
export const notificationsResponseSchema = z.object({
  notifications: z.array(inboxNotificationSchema),
  empty: z.boolean(),
  unread: z.number(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** POST /notifications/mark-single-as-read/ */
export const markSingleAsReadBody = z.object({
  id: textIdField('A notification id is required.'),
});
export type MarkSingleAsReadBody = z.input<typeof markSingleAsReadBody>;

/** Payload of a `notification` user event: the notification itself, its content cut short. */
export interface NotificationEventPayload {
  id: number;
  kind: NotificationKind;
  title: string;
  content: string;
  timestamp: string;
}
/** Content longer than this is cut in the event (NOTIFY payloads are small); the inbox has it whole. */
export const NOTIFICATION_EVENT_CONTENT_MAX = 280;

/* ---- Operations ------------------------------------------------------------------------------- */

/** The inbox (2-trading §7): each user reads and marks their own notifications. Signed-in only. */
export const NOTIFICATIONS_API = {
  list: operation({
    method: 'GET',
    path: '/notifications',
    operationId: 'listNotifications',
    summary: 'The unread notifications, newest first, and how many there are',
    tag: 'notifications',
    response: notificationsResponseSchema,
    errors: [401],
  }),
  markSingleAsRead: operation({
    method: 'POST',
    path: '/notifications/mark-single-as-read/',
    operationId: 'markNotificationAsRead',
    summary: 'Mark one notification as read; answers the unread list',
    tag: 'notifications',
    body: markSingleAsReadBody,
    response: notificationsResponseSchema,
    errors: [400, 401, 404],
  }),
  markAllAsRead: operation({
    method: 'POST',
    path: '/notifications/mark-all-as-read/',
    operationId: 'markAllNotificationsAsRead',
    summary: 'Mark every notification as read; answers the (empty) unread list',
    tag: 'notifications',
    response: notificationsResponseSchema,
    errors: [401],
  }),
} as const;
