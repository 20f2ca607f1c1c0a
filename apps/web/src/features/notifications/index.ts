export { NotificationItem } from './NotificationItem';
export {
  notificationKeys,
  useMarkAllAsRead,
  useMarkSingleAsRead,
  useNotificationEvents,
  useNotifications,
  useUnreadCount,
} from './queries';
