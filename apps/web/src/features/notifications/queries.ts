import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import useApp from 'antd/es/app/useApp';
import {
  NOTIFICATION_EVENT,
  NOTIFICATIONS_READ_EVENT,
  type NotificationEventPayload,
  type NotificationsResponse,
} from '@drat/contracts';
import { fetchNotifications, markAllAsRead, markSingleAsRead } from '../../api/notifications';
import { useUserEvents } from '../../lib/live';

/** Query keys of the inbox. */
export const notificationKeys = {
  all: ['notifications'] as const,
  inbox: () => [...notificationKeys.all, 'inbox'] as const,
};

/**
 * The unread notifications (2-trading §2.9): the inbox list and the left navigation's badge read
 * the same query. Kept current by the WebSocket (useNotificationEvents); re-read when the window
 * regains focus, and every few minutes as a safety net.
 */
export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.inbox(),
    queryFn: fetchNotifications,
    staleTime: 30_000,
    refetchInterval: 5 * 60_000,
  });
}

/** The number on the Inbox badge. */
export function useUnreadCount(): number {
  const { data } = useNotifications();
  return data?.unread ?? 0;
}

/** Marking one or all as read replaces the list with the answer (2-trading §4); failures are only logged (§8). */
function useMarkAsRead<V>(call: (v: V) => Promise<NotificationsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (reply) => queryClient.setQueryData(notificationKeys.inbox(), reply),
    onError: (err) => {
      console.error('[inbox] marking as read failed', err);
    },
  });
}

export const useMarkSingleAsRead = () => useMarkAsRead((id: number) => markSingleAsRead(id));
export const useMarkAllAsRead = () => useMarkAsRead(() => markAllAsRead());

const TOAST_SECONDS = 6;

/**
 * Live inbox: a new notification (user event 'notification') refreshes the list and badge and,
 * unless the inbox is open, shows a toast that opens it; notifications read in another tab, or a
 * WebSocket that reconnected ('resync'), refresh the list.
 */
export function useNotificationEvents({ inboxOpen, openInbox }: { inboxOpen: boolean; openInbox: () => void }): void {
  const queryClient = useQueryClient();
  const { notification } = useApp();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    [queryClient],
  );

  useUserEvents(NOTIFICATION_EVENT, (event) => {
    refresh();
    if (inboxOpen) return;
    const n = event.payload as Partial<NotificationEventPayload> | null;
    if (!n?.title) return;
    const key = `notification-${n.id ?? n.title}`;
    // A trade that failed (the broker refused its orders) is an error the trader must see.
    const show = n.kind === 'TRADE_FAILED' || n.kind === 'ORDER_REFUSED' ? notification.error : notification.info;
    show({
      key,
      title: n.title,
      description: n.content,
      // Bottom right, apart from the top's action toasts and clear of the modals' controls.
      placement: 'bottomRight',
      duration: TOAST_SECONDS,
      className: 'drat-notification-toast',
      style: { cursor: 'pointer' },
      onClick: () => {
        notification.destroy(key);
        openInbox();
      },
    });
  });
  useUserEvents(NOTIFICATIONS_READ_EVENT, refresh);
  useUserEvents('resync', refresh);
}
