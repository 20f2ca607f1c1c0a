/** The inbox (2-trading §2.9): the modal the top bar opens, the unread count and the live toasts of the signed-in shell. */
export { InboxModal } from './InboxModal';
export { useNotificationEvents, useUnreadCount } from './queries';
