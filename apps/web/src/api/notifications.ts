import type { NotificationsResponse } from '@drat/contracts';
import { api } from './client';

/**
 * The inbox calls (2-trading §7, NOTIFICATIONS_API in packages/contracts). Each answers the unread
 * list, newest first; after marking one or all as read the inbox replaces its list with the answer.
 */
export const fetchNotifications = () => api.get<NotificationsResponse>('/notifications');

export const markSingleAsRead = (id: number) =>
  api.post<NotificationsResponse>('/notifications/mark-single-as-read/', { id });

export const markAllAsRead = () => api.post<NotificationsResponse>('/notifications/mark-all-as-read/');
