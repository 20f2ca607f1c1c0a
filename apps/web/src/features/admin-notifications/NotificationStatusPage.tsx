import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Empty, Flex, Grid, Input, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { NotificationOutlined, ReloadOutlined } from '@ant-design/icons';
import { NOTIFY_PAGE_SIZES, type DeliveryStatus, type SentNotification } from '@drat/contracts';
import { formatDateTime } from '../../lib/format';
import { deliveryColor } from './notifyForm';
import { useSentNotifications } from './queries';

/** A copy's delivery status as a tag (SUCCESS green, PENDING gold, FAILED red), '—' when none was sent. */
function Delivery({ status, label }: { status: DeliveryStatus | null; label?: string }) {
  const color = deliveryColor(status);
  if (color === null)
    return label ? null : (
      <Typography.Text type="secondary" aria-label="Not sent">
        —
      </Typography.Text>
    );
  return (
    <Tag color={color} style={{ marginInlineEnd: 0 }}>
      {label ? `${label} ${status}` : status}
    </Tag>
  );
}

const Seen = ({ seen }: { seen: boolean }) => (
  <Tag color={seen ? 'blue' : undefined} style={{ marginInlineEnd: 0 }}>
    {seen ? 'Seen' : 'Not seen'}
  </Tag>
);

const Time = ({ iso }: { iso: string }) => (
  <time dateTime={iso} style={{ whiteSpace: 'nowrap' }}>
    {formatDateTime(iso)}
  </time>
);

/** The notification's title over the start of its content. */
const Content = ({ row }: { row: SentNotification }) => (
  <Flex vertical gap={2} style={{ minWidth: 0 }}>
    <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
      {row.title}
    </Typography.Text>
    <Typography.Paragraph
      type="secondary"
      ellipsis={{ rows: 2, tooltip: row.content }}
      style={{ marginBottom: 0, fontSize: 12, overflowWrap: 'anywhere' }}
    >
      {row.content}
    </Typography.Paragraph>
  </Flex>
);

const Person = ({ row }: { row: SentNotification }) => (
  <Flex vertical style={{ minWidth: 0 }}>
    <Typography.Text style={{ overflowWrap: 'anywhere' }}>{row.user_name || row.user_email}</Typography.Text>
    {row.user_name && (
      <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
        {row.user_email}
      </Typography.Text>
    )}
  </Flex>
);

function columns(phone: boolean): ColumnsType<SentNotification> {
  if (phone)
    return [
      {
        title: 'Notification',
        key: 'phone',
        // On a phone, one cell: who, what, and its statuses under it.
        render: (_, row) => (
          <Flex vertical gap={6} style={{ overflowWrap: 'anywhere' }}>
            <Flex justify="space-between" gap={8} align="start">
              <Person row={row} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <Time iso={row.timestamp} />
              </Typography.Text>
            </Flex>
            <Content row={row} />
            <Flex gap={4} wrap align="center">
              <Seen seen={row.seen} />
              <Delivery status={row.email_status} label="E-mail" />
              <Delivery status={row.sms_status} label="SMS" />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                by {row.sent_by}
              </Typography.Text>
            </Flex>
          </Flex>
        ),
      },
    ];
  return [
    { title: 'User', key: 'user', width: 210, render: (_, row) => <Person row={row} /> },
    { title: 'Notification', key: 'content', render: (_, row) => <Content row={row} /> },
    { title: 'Seen', dataIndex: 'seen', width: 96, render: (seen: boolean) => <Seen seen={seen} /> },
    {
      title: 'E-mail',
      dataIndex: 'email_status',
      width: 100,
      render: (s: DeliveryStatus | null) => <Delivery status={s} />,
    },
    {
      title: 'SMS',
      dataIndex: 'sms_status',
      width: 100,
      render: (s: DeliveryStatus | null) => <Delivery status={s} />,
    },
    {
      title: 'Sent',
      key: 'sent',
      width: 200,
      render: (_, row) => (
        <Flex vertical>
          <Time iso={row.timestamp} />
          <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
            by {row.sent_by}
          </Typography.Text>
        </Flex>
      ),
    },
  ];
}

/**
 * Notification Status (3-bots-admin-public §2.8, super users): every person a notification reached,
 * newest first, with whether they have seen it and how its e-mail and SMS copies went; searched by
 * person (name or e-mail), a page at a time. Copies still PENDING are read again until they settle.
 */
export function NotificationStatusPage() {
  const phone = Grid.useBreakpoint().md === false;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(NOTIFY_PAGE_SIZES[0]);
  const sent = useSentNotifications(search, page, pageSize);
  const total = sent.data?.total ?? 0;

  return (
    <Card
      title="Sent notifications"
      extra={
        <Link to="/notifications">
          <Button size="small" type="primary" icon={<NotificationOutlined />}>
            {phone ? 'New' : 'Create Notification'}
          </Button>
        </Link>
      }
      styles={phone ? { body: { padding: 12 } } : undefined}
    >
      <Flex vertical gap={12}>
        <Flex gap={8} justify="space-between" align="center">
          <Input.Search
            aria-label="Search by person"
            placeholder="Search by name or e-mail"
            allowClear
            enterButton="Search"
            onSearch={(v) => {
              setSearch(v.trim());
              setPage(1);
            }}
            style={{ flex: 1, maxWidth: phone ? undefined : 420 }}
          />
          <Tooltip title="Read again">
            <Button
              icon={<ReloadOutlined />}
              aria-label="Reload"
              onClick={() => void sent.refetch()}
              loading={sent.isFetching}
            />
          </Tooltip>
        </Flex>
        <Table<SentNotification>
          aria-label="Sent notifications"
          rowKey="id"
          size={phone ? 'small' : 'middle'}
          loading={sent.isLoading}
          dataSource={sent.data?.data ?? []}
          columns={columns(phone)}
          tableLayout={phone ? undefined : 'fixed'}
          locale={{
            emptyText: (
              <Empty
                description={
                  sent.isError
                    ? sent.error.message
                    : search
                      ? `Nothing sent to anyone matching "${search}".`
                      : 'No notifications sent yet.'
                }
              />
            ),
          }}
          pagination={{
            current: page,
            pageSize,
            total,
            showSizeChanger: true,
            pageSizeOptions: NOTIFY_PAGE_SIZES.map(String),
            showTotal: phone ? undefined : (n, [from, to]) => `${from}–${to} of ${n}`,
            size: phone ? 'small' : undefined,
            onChange: (next, size) => {
              setPage(size === pageSize ? next : 1);
              setPageSize(size);
            },
          }}
          scroll={phone ? undefined : { x: 860 }}
        />
      </Flex>
    </Card>
  );
}
