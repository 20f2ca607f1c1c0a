import { Button, Tooltip, Typography, theme } from 'antd';
import {
  AimOutlined,
  CheckOutlined,
  MessageOutlined,
  NotificationOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { INBOX_MSG, type NotificationDto } from '@drat/contracts';
import { formatTimestamp, formatWhen, linkParts } from './format';
import styles from './inbox.module.css';

const KIND_ICON: Record<string, React.ReactNode> = {
  NEW_ALERT: <NotificationOutlined />,
  TRIGGER: <ThunderboltOutlined />,
  TRACKER: <AimOutlined />,
  ADMIN: <MessageOutlined />,
};

const KIND_LABEL: Record<string, string> = {
  NEW_ALERT: 'New alert',
  TRIGGER: 'Trigger',
  TRACKER: 'Tracked alert',
  ADMIN: 'Message from DRAT',
};

/** One unread notification: title, content, timestamp and its own 'Mark as read'. */
export function NotificationItem({
  item,
  now,
  marking,
  onMarkRead,
}: {
  item: NotificationDto;
  now: Date;
  marking: boolean;
  onMarkRead: (id: number) => void;
}) {
  const { token } = theme.useToken();
  return (
    <li className={styles.item} data-testid="inbox-item" aria-label={item.title}>
      <span
        className={styles.icon}
        style={{ background: token.colorPrimaryBg, color: token.colorPrimary }}
        title={KIND_LABEL[item.kind] ?? item.kind}
        aria-hidden
      >
        {KIND_ICON[item.kind] ?? <NotificationOutlined />}
      </span>
      <div className={styles.body}>
        <div className={styles.head}>
          <Typography.Text strong className={styles.title}>
            {item.title}
          </Typography.Text>
          <Tooltip title={formatTimestamp(item.timestamp)}>
            <time dateTime={item.timestamp} className={styles.time} style={{ color: token.colorTextTertiary }}>
              {formatWhen(item.timestamp, now)}
            </time>
          </Tooltip>
        </div>
        <Typography.Paragraph type="secondary" className={styles.content}>
          {/* A super user's message may carry its files' links: they open in a new tab. */}
          {linkParts(item.content).map((part, i) =>
            part.href ? (
              <a key={i} href={part.href} target="_blank" rel="noopener noreferrer">
                {part.text}
              </a>
            ) : (
              <span key={i}>{part.text}</span>
            ),
          )}
        </Typography.Paragraph>
      </div>
      <Tooltip title={INBOX_MSG.markOne}>
        <Button
          type="text"
          shape="circle"
          icon={<CheckOutlined />}
          loading={marking}
          onClick={() => onMarkRead(item.id)}
          aria-label={`${INBOX_MSG.markOne}: ${item.title}`}
          className={styles.mark}
        />
      </Tooltip>
    </li>
  );
}
