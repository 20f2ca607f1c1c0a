/**
 * Super users' notifications (3-bots-admin-public §2.8): Create Notification with its drafts, and
 * Notification Status, each fetched when first opened.
 */
import { lazyPage } from '../../lib/lazyPage';

export const NotificationsPage = lazyPage(async () => (await import('./NotificationsPage')).NotificationsPage);
export const NotificationStatusPage = lazyPage(
  async () => (await import('./NotificationStatusPage')).NotificationStatusPage,
);
