import { useEffect, useState } from 'react';
import { Button, Empty, Modal, Spin, Typography, theme } from 'antd';
import { INBOX_LIMIT, INBOX_MSG } from '@drat/contracts';
import { NotificationItem } from './NotificationItem';
import { useMarkAllAsRead, useMarkSingleAsRead, useNotifications } from './queries';
import styles from './inbox.module.css';

/** The time of the last render, moved on every 30 s while the inbox is open ('Just now' becomes '1 min ago'). */
function useMinuteClock(active: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(new Date());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 30_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [active]);
  return now;
}

/**
 * The inbox (2-trading §2.9): a modal of width 1000, not a route, listing the unread notifications
 * (title, content, timestamp) newest first, with an empty state and 'Mark all as read' or one by
 * one. Marking replaces the list with the server's answer.
 */
export function InboxModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { token } = theme.useToken();
  const query = useNotifications();
  const markOne = useMarkSingleAsRead();
  const markAll = useMarkAllAsRead();
  const now = useMinuteClock(open);
  const data = query.data;
  const items = data?.notifications ?? [];
  const unread = data?.unread ?? 0;

  let body: React.ReactNode;
  if (!data && query.isPending) {
    body = (
      <div className={styles.state}>
        <Spin />
      </div>
    );
  } else if (!data && query.isError) {
    body = (
      <div className={styles.state}>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              {INBOX_MSG.loadFailed} <Typography.Link onClick={() => void query.refetch()}>Try again</Typography.Link>
            </>
          }
        />
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <div className={styles.state}>
        <Empty description={INBOX_MSG.empty} />
      </div>
    );
  } else {
    body = (
      <div className={styles.scroll}>
        <ul
          className={styles.list}
          aria-label="Unread notifications"
          style={
            {
              '--inbox-border': token.colorBorderSecondary,
              '--inbox-hover': token.colorFillQuaternary,
            } as React.CSSProperties
          }
        >
          {items.map((item) => (
            <NotificationItem
              key={item.id}
              item={item}
              now={now}
              marking={markOne.isPending && markOne.variables === item.id}
              onMarkRead={(id) => markOne.mutate(id)}
            />
          ))}
        </ul>
      </div>
    );
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={INBOX_MSG.title}
      width={1000}
      footer={
        <div className={styles.footer}>
          <Typography.Text type="secondary" className={styles.count}>
            {unread === 0
              ? ''
              : unread > INBOX_LIMIT
                ? `The newest ${INBOX_LIMIT} of ${unread} unread`
                : `${unread} unread`}
          </Typography.Text>
          <Button onClick={onClose}>Close</Button>
          <Button
            type="primary"
            disabled={items.length === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {INBOX_MSG.markAll}
          </Button>
        </div>
      }
    >
      {body}
    </Modal>
  );
}
