import { useEffect, useMemo } from 'react';
import type { useAppProps } from 'antd/es/app/context';
// The hooks antd's App uses, without App itself: App also holds the modal's, which is fetched apart (ModalHolder.tsx).
import useMessage from 'antd/es/message/useMessage';
import useNotification from 'antd/es/notification/useNotification';

/** Notification toasts shown at once: a burst of new alerts shows the newest three; the inbox has them all. */
const TOASTS_AT_ONCE = 3;

type Toasts = Pick<useAppProps, 'message' | 'notification'>;

/** antd's message and notification holders: hands their API to app/antApp.tsx. */
export function AntAppHolders({ onReady }: { onReady: (api: Toasts) => void }) {
  const [message, messageHolder] = useMessage();
  const [notification, notificationHolder] = useNotification({ maxCount: TOASTS_AT_ONCE });
  const api = useMemo(() => ({ message, notification }), [message, notification]);
  useEffect(() => onReady(api), [api, onReady]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}
