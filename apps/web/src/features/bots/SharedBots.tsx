import { useState } from 'react';
import { Alert, Button, Flex, Segmented, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CopyOutlined } from '@ant-design/icons';
import { TRADE_MSG, type SharedItemDto } from '@drat/contracts';
import { formatDateTime } from '../../lib/format';
import { useSharedBots } from './queries';
import { usePhone } from './usePhone';

type Direction = 'received' | 'sent';

const DIRECTIONS: { value: Direction; label: string }[] = [
  { value: 'received', label: 'Received' },
  { value: 'sent', label: 'Sent' },
];

/** Whom a bot was shared with: the user, or the address of no user yet; null for a plan or all users. */
const sharedToOf = (s: SharedItemDto): string | null => s.shared_to ?? s.shared_to_unknown;

/** A shared bot, as the receiver makes a bot of their own from it. */
export interface SharedBot {
  name: string;
  settings: Record<string, unknown>;
  by: string;
}

/**
 * Shared Bots (3-bots-admin-public §2.1): the bots shared with the user (Received), each with "Use"
 * opening the create drawer with its settings (a bot of their own: nothing runs until they create
 * it), and the bots the user shared (Sent), newest first as the server gives them.
 */
export function SharedBots({ onUse }: { onUse: (bot: SharedBot) => void }) {
  const phone = usePhone();
  const [direction, setDirection] = useState<Direction>('received');
  const shared = useSharedBots(direction);
  const received = direction === 'received';
  const rows = (shared.data?.data ?? []).filter((s) => s.money_management_bot !== null);
  const columns: ColumnsType<SharedItemDto> = [
    {
      title: 'Bot',
      key: 'bot',
      render: (_, s) => (
        <Flex vertical>
          <Typography.Text strong>{s.money_management_bot?.bot_name}</Typography.Text>
          {phone && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {received ? `From ${s.shared_by}` : `To ${sharedToOf(s) ?? 'a group of users'}`}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    received
      ? { title: 'Shared by', dataIndex: 'shared_by', responsive: ['md'] }
      : {
          title: 'Shared to',
          key: 'shared_to',
          responsive: ['md'],
          render: (_, s) =>
            s.shared_to === null && s.shared_to_unknown !== null ? (
              <Flex vertical>
                {s.shared_to_unknown}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  No account yet
                </Typography.Text>
              </Flex>
            ) : (
              (sharedToOf(s) ?? '—')
            ),
        },
    { title: 'Date', dataIndex: 'shared_date', responsive: ['md'], render: (v: string) => formatDateTime(v) },
    ...(received
      ? [
          {
            title: '',
            key: 'use',
            align: 'right' as const,
            render: (_: unknown, s: SharedItemDto) => (
              <Button
                size="small"
                icon={<CopyOutlined />}
                aria-label={`Use ${s.money_management_bot!.bot_name}`}
                onClick={() =>
                  onUse({
                    name: s.money_management_bot!.bot_name,
                    settings: s.money_management_bot!.settings,
                    by: s.shared_by,
                  })
                }
              >
                Use
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={8} justify="space-between" align="center">
        <Typography.Text type="secondary">
          {received
            ? 'Bots other traders shared with you. Use one to make a bot of your own from its settings.'
            : 'Bots you shared: they received the settings, not your account.'}
        </Typography.Text>
        <Segmented<Direction> value={direction} options={DIRECTIONS} onChange={setDirection} />
      </Flex>
      {shared.isError && <Alert type="error" showIcon title={TRADE_MSG.sharedFetchFailed} />}
      <Table<SharedItemDto>
        rowKey="id"
        size={phone ? 'small' : 'middle'}
        loading={shared.isLoading}
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: received ? 'No bots shared with you yet.' : 'You have not shared a bot yet.' }}
        columns={columns}
      />
    </Flex>
  );
}
