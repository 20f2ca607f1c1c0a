import type { ReactNode } from 'react';
import { Button, Dropdown, Empty, Flex, Grid, Table, Tag, Typography, type MenuProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  CheckCircleOutlined,
  DownOutlined,
  EditOutlined,
  KeyOutlined,
  ProfileOutlined,
  RiseOutlined,
  StopOutlined,
  TagsOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { AdminProfile } from '@drat/contracts';
import { formatDate } from '../../lib/format';
import { ACTION_LABELS, type UserAction } from './userWords';

/** What a row's action does; an action without one is not offered. */
export type UserActionHandlers = Partial<Record<UserAction, (user: AdminProfile) => void>>;

const ICONS: Record<UserAction, ReactNode> = {
  details: <ProfileOutlined />,
  profile: <EditOutlined />,
  password: <KeyOutlined />,
  plans: <TagsOutlined />,
  grantLive: <RiseOutlined />,
  revokeLive: <UndoOutlined />,
  deactivate: <StopOutlined />,
  activate: <CheckCircleOutlined />,
};
const DANGER: ReadonlySet<UserAction> = new Set(['deactivate', 'revokeLive']);

export function StatusTag({ user }: { user: AdminProfile }) {
  return <Tag color={user.active_status ? 'success' : 'default'}>{user.active_status ? 'Active' : 'Inactive'}</Tag>;
}

export function TraderTag({ user }: { user: AdminProfile }) {
  return <Tag color={user.is_live_trader ? 'processing' : 'default'}>{user.is_live_trader ? 'Live' : 'Demo'}</Tag>;
}

function PlanTags({ user }: { user: AdminProfile }) {
  if (user.current_plans.length === 0) return <Typography.Text type="secondary">None</Typography.Text>;
  return (
    <Flex wrap gap={4} style={{ maxWidth: 280 }}>
      {user.current_plans.map((p) => (
        <Tag key={p.id} style={{ marginInlineEnd: 0 }}>
          {p.name}
        </Tag>
      ))}
    </Flex>
  );
}

function columns(
  phone: boolean,
  actionsOf: (user: AdminProfile) => UserAction[],
  handlers: UserActionHandlers,
): ColumnsType<AdminProfile> {
  return [
    {
      title: 'Name',
      key: 'name',
      render: (_, u) =>
        phone ? (
          // On a phone the hidden columns' words go under the name.
          <Flex vertical gap={4} align="start">
            <Typography.Text strong>{u.name || '—'}</Typography.Text>
            <Typography.Text style={{ fontSize: 12 }}>{u.email}</Typography.Text>
            <Flex gap={4} wrap>
              <StatusTag user={u} />
              <TraderTag user={u} />
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {u.current_plans.map((p) => p.name).join(', ') || 'No plan'}
            </Typography.Text>
          </Flex>
        ) : (
          <Flex vertical>
            <Typography.Text strong>{u.name || '—'}</Typography.Text>
            {u.is_super && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Super user
              </Typography.Text>
            )}
          </Flex>
        ),
    },
    { title: 'Email', dataIndex: 'email', responsive: ['md'] },
    {
      title: 'Phone',
      dataIndex: 'phone_number',
      responsive: ['xl'],
      render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text>,
    },
    { title: 'Plans', key: 'plans', responsive: ['lg'], render: (_, u) => <PlanTags user={u} /> },
    { title: 'Trader', key: 'live', responsive: ['md'], render: (_, u) => <TraderTag user={u} /> },
    { title: 'Status', key: 'status', responsive: ['md'], render: (_, u) => <StatusTag user={u} /> },
    {
      title: 'Joined',
      dataIndex: 'joined_date',
      responsive: ['lg'],
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(v)}</span>,
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_, user) => {
        const items: MenuProps['items'] = actionsOf(user)
          .filter((a) => handlers[a])
          .map((a) => ({ key: a, label: ACTION_LABELS[a], icon: ICONS[a], danger: DANGER.has(a) }));
        return (
          <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => handlers[key as UserAction]?.(user) }}>
            <Button size="small" aria-label={`Actions for ${user.email}`}>
              Actions <DownOutlined />
            </Button>
          </Dropdown>
        );
      },
    },
  ];
}

/** The users table (§2.3): 20 rows a page, tighter on a phone, each row with its menu. */
export function UsersTable({
  rows,
  loading,
  error,
  actionsOf,
  handlers,
}: {
  rows: AdminProfile[];
  loading: boolean;
  error: string | null;
  actionsOf: (user: AdminProfile) => UserAction[];
  handlers: UserActionHandlers;
}) {
  const phone = Grid.useBreakpoint().md === false;
  return (
    <Table<AdminProfile>
      rowKey="id"
      size={phone ? 'small' : 'middle'}
      loading={loading}
      dataSource={rows}
      pagination={{
        pageSize: 20,
        hideOnSinglePage: true,
        showSizeChanger: false,
        showTotal: (total) => `${total} user${total === 1 ? '' : 's'}`,
      }}
      locale={{ emptyText: <Empty description={error ?? 'No users.'} /> }}
      columns={columns(phone, actionsOf, handlers)}
      scroll={{ x: 'max-content' }}
    />
  );
}
