import type { ReactNode } from 'react';
import { Button, Dropdown, Flex, Table, Tag, Typography, type MenuProps } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import {
  BarChartOutlined,
  CopyOutlined,
  DownOutlined,
  EditOutlined,
  FileTextOutlined,
  InboxOutlined,
  ProfileOutlined,
  ShareAltOutlined,
  StopOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { BotDto } from '@drat/contracts';
import { formatMoney } from '../../lib/format';
import { accountText, formatDay, formatMoment, statusText } from './botWords';
import type { BotAction } from './rowActions';
import { usePhone } from './usePhone';

/** What a row's action does; an action without one is not offered. */
export type BotActionHandlers = Partial<Record<BotAction, (bot: BotDto) => void>>;

const ICONS: Record<BotAction, ReactNode> = {
  details: <ProfileOutlined />,
  performance: <BarChartOutlined />,
  logs: <FileTextOutlined />,
  update: <EditOutlined />,
  copy: <CopyOutlined />,
  share: <ShareAltOutlined />,
  deactivate: <StopOutlined />,
  archive: <InboxOutlined />,
  unarchive: <UndoOutlined />,
};

/** The words of each action: the owner's (§2.1) and the super users' (§2.2 "View Details", "Edit"…). */
export const OWNER_LABELS: Record<BotAction, string> = {
  details: 'Details',
  performance: 'Performance',
  logs: 'Logs',
  update: 'Update',
  copy: 'Copy',
  share: 'Share',
  deactivate: 'Deactivate',
  archive: 'Archive',
  unarchive: 'Un-archive',
};
export const ADMIN_LABELS: Record<BotAction, string> = {
  ...OWNER_LABELS,
  details: 'View Details',
  performance: 'View Performance',
  logs: 'View Logs',
  update: 'Edit',
};

/** ACTIVE (green) or INACTIVE (§4), and Archived beside it where the list mixes both (§2.2). */
export function StatusTags({ bot, withArchived = false }: { bot: BotDto; withArchived?: boolean }) {
  return (
    <Flex gap={4} wrap>
      <Tag color={bot.active ? 'success' : 'default'}>{statusText(bot)}</Tag>
      {withArchived && bot.archived && <Tag>ARCHIVED</Tag>}
    </Flex>
  );
}

/** The Actions column: a menu of the row's actions (`actionsOf`) that have a handler. */
export function actionsColumn(
  actionsOf: (bot: BotDto) => BotAction[],
  handlers: BotActionHandlers,
  labels: Record<BotAction, string>,
): ColumnType<BotDto> {
  return {
    title: 'Actions',
    key: 'actions',
    width: 120,
    // Always in reach, should the columns be wider than the page.
    fixed: 'right',
    render: (_, bot) => {
      const items: MenuProps['items'] = actionsOf(bot)
        .filter((a) => handlers[a])
        .map((a) => ({ key: a, label: labels[a], icon: ICONS[a], danger: a === 'deactivate' }));
      return (
        <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => handlers[key as BotAction]?.(bot) }}>
          <Button size="small" aria-label={`Actions for bot ${bot.bot_name}`}>
            Actions <DownOutlined />
          </Button>
        </Dropdown>
      );
    },
  };
}

/**
 * The bot's name; on a phone, its owner's e-mail (`withOwner`), category, account and status under it
 * (their columns are hidden).
 */
export function nameColumn(
  phone: boolean,
  { withArchived = false, withOwner = false }: { withArchived?: boolean; withOwner?: boolean } = {},
): ColumnType<BotDto> {
  return {
    title: 'Bot name',
    dataIndex: 'bot_name',
    render: (name: string, bot) =>
      phone ? (
        <Flex vertical gap={4} align="start">
          <Typography.Text strong>{name}</Typography.Text>
          {withOwner && <Typography.Text style={{ fontSize: 12 }}>{bot.email}</Typography.Text>}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {bot.trade_category.name} · {accountText(bot.trade_account)}
          </Typography.Text>
          <StatusTags bot={bot} withArchived={withArchived} />
        </Flex>
      ) : (
        <Typography.Text strong>{name}</Typography.Text>
      ),
  };
}

/** Two lines in one cell: the main words, and a smaller secondary line under them. */
export function TwoLines({ main, sub }: { main: ReactNode; sub: ReactNode }) {
  return (
    <Flex vertical style={{ whiteSpace: 'nowrap' }}>
      <span>{main}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {sub}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The columns after the name (§2.1): category, account, alert dates, amount per trade, status and
 * created. `compact` (the super users' list, which adds the owner) leaves the dates and the amount
 * to the details.
 */
export function settingsColumns({
  withArchived = false,
  compact = false,
}: { withArchived?: boolean; compact?: boolean } = {}): ColumnsType<BotDto> {
  return [
    { title: 'Trade category', key: 'category', responsive: ['md'], render: (_, b) => b.trade_category.name },
    { title: 'Account', key: 'account', responsive: ['md'], render: (_, b) => accountText(b.trade_account) },
    ...(compact
      ? []
      : ([
          {
            title: 'Alert dates',
            key: 'dates',
            responsive: ['lg'],
            render: (_, b) => (
              <TwoLines main={formatDay(b.alerts_from_date)} sub={`to ${formatDay(b.alerts_to_date)}`} />
            ),
          },
          {
            title: 'Amount per trade',
            dataIndex: 'amount_invested_per_trade',
            align: 'right',
            responsive: ['lg'],
            // As narrow as its words: a right-aligned column given the table's spare width showed a
            // blank header cell before its title (between it and "Alert dates"); the others take it.
            width: 1,
            onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
            render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(v)}</span>,
          },
        ] satisfies ColumnsType<BotDto>)),
    {
      title: 'Status',
      key: 'status',
      responsive: ['md'],
      render: (_, b) => <StatusTags bot={b} withArchived={withArchived} />,
    },
    {
      title: 'Created',
      dataIndex: 'created',
      responsive: ['xl'],
      render: (v: string) => {
        const { day, time } = formatMoment(v);
        return <TwoLines main={day} sub={time} />;
      },
    },
  ];
}

/** A table of bots: 20 rows a page, tighter on a phone. */
export function BotTable({
  rows,
  loading,
  emptyText,
  columns,
}: {
  rows: BotDto[];
  loading: boolean;
  emptyText: ReactNode;
  columns: ColumnsType<BotDto>;
}) {
  const phone = usePhone();
  return (
    <section aria-label="Bots">
      <Table<BotDto>
        rowKey="id"
        size={phone ? 'small' : 'middle'}
        loading={loading}
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText }}
        columns={columns}
        scroll={{ x: 'max-content' }}
      />
    </section>
  );
}
