/** The inbox (2-trading §2.9): the modal the top bar opens, the unread count and the live toasts of the signed-in shell. */
import { lazyDialog } from '../../lib/lazyPage';

/** The inbox modal, fetched the first time it opens. */
export const InboxModal = lazyDialog(
  async () => (await import('./InboxModal')).InboxModal,
  (props) => props.open,
);
export { useNotificationEvents, useUnreadCount } from './queries';
