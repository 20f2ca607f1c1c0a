import { useState, type ReactNode } from 'react';
import { Button, Card, Flex, Grid, Popconfirm, Select, Table, Tag, Tooltip, Typography } from 'antd';
import useApp from 'antd/es/app/useApp';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import {
  ControlOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  FileTextOutlined,
  InboxOutlined,
  NotificationOutlined,
  ProfileOutlined,
  RedoOutlined,
  ShareAltOutlined,
  StopOutlined,
  ThunderboltOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { SmartTradeDto, TradeStatus } from '@drat/contracts';
import { downloadTradesSheet } from './exportTrades';
import type { TradeAction } from './rowActions';
import { statusColor } from './status';
import type { TypeFilter, TypeOption } from './tradeTypes';

/** Below tablet width: the lists show fewer columns, in tighter cells. */
export const usePhone = () => Grid.useBreakpoint().md === false;

/** A trade table: 20 rows a page; on a phone its cells are tighter, so the actions stay on one line. */
export function TradeTable<T extends SmartTradeDto>(props: {
  rows: T[];
  loading: boolean;
  emptyText: string;
  columns: ColumnsType<T>;
}) {
  const phone = usePhone();
  return (
    <Table<T>
      rowKey="id"
      size={phone ? 'small' : undefined}
      loading={props.loading}
      dataSource={props.rows}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: props.emptyText }}
      columns={props.columns}
    />
  );
}

/** The list's title and its controls, wrapping on a phone. */
export function TradeListHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <Flex wrap gap={12} justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Flex wrap gap={8}>
          {children}
        </Flex>
      </Flex>
    </Card>
  );
}

/** The trade-type dropdown (2-trading §2.1). */
export function TradeTypeSelect(props: {
  value: TypeFilter;
  options: TypeOption[];
  onChange: (type: TypeFilter) => void;
}) {
  return <Select aria-label="Trade type" style={{ width: 150 }} {...props} />;
}

/** Export (2-trading §2.1): the list shown as a spreadsheet of Trade ID, Date, Symbol, Account and Status. */
/** Export (2-trading §2.1): saves what `download` makes; off while there is nothing to save. */
export function ExportButton({ count, download }: { count: number; download: () => Promise<void> }) {
  const { message } = useApp();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} disabled={count === 0} onClick={() => void save()}>
      Export
    </Button>
  );
}

export function ExportTradesButton({ trades, filename }: { trades: readonly SmartTradeDto[]; filename: string }) {
  return <ExportButton count={trades.length} download={() => downloadTradesSheet(trades, filename)} />;
}

export const statusColumn = <T extends { status: TradeStatus; fail_reason?: string | null }>(): ColumnType<T> => ({
  title: 'Status',
  dataIndex: 'status',
  // A trade that failed says why under its status: the broker's words on its refused orders.
  render: (s: TradeStatus, row: T) =>
    s === 'FAIL' && row.fail_reason ? (
      <Flex vertical gap={2} align="start">
        <Tag color={statusColor(s)}>{s}</Tag>
        <Typography.Text type="danger" style={{ fontSize: 12, maxWidth: 260 }}>
          {row.fail_reason}
        </Typography.Text>
      </Flex>
    ) : (
      <Tag color={statusColor(s)}>{s}</Tag>
    ),
});

/** What a row's action does; an action without one is not shown. */
export type TradeActionHandlers = Partial<Record<TradeAction, (trade: SmartTradeDto) => void>>;

interface ActionLook {
  tip: string;
  label: (id: number) => string;
  icon: ReactNode;
  danger?: boolean;
  /** Asked (Yes / No) before acting. */
  confirm?: (id: number) => string;
}

const LOOKS: Partial<Record<TradeAction, ActionLook>> = {
  details: { tip: 'Details', label: (id) => `Details of trade ${id}`, icon: <ProfileOutlined /> },
  logs: { tip: 'Logs', label: (id) => `Logs of trade ${id}`, icon: <FileTextOutlined /> },
  alert: { tip: 'Alert', label: (id) => `Alert of trade ${id}`, icon: <NotificationOutlined /> },
  cancel: {
    tip: 'Cancel',
    label: (id) => `Cancel trade ${id}`,
    icon: <StopOutlined />,
    danger: true,
    confirm: (id) => `Cancel trade ${id}? Unfilled orders are cancelled and what it holds is sold.`,
  },
  archive: { tip: 'Archive', label: (id) => `Archive trade ${id}`, icon: <InboxOutlined /> },
  unarchive: { tip: 'Un-archive', label: (id) => `Un-archive trade ${id}`, icon: <UndoOutlined /> },
  trade: { tip: 'Trade', label: (id) => `Trade draft ${id}`, icon: <ThunderboltOutlined /> },
  conditions: { tip: 'Edit conditions', label: (id) => `Edit conditions of trade ${id}`, icon: <ControlOutlined /> },
  share: { tip: 'Share', label: (id) => `Share trade ${id}`, icon: <ShareAltOutlined /> },
  copy: { tip: 'Copy', label: (id) => `Copy trade ${id}`, icon: <CopyOutlined /> },
  retrade: { tip: 'Retrade', label: (id) => `Retrade trade ${id}`, icon: <RedoOutlined /> },
  delete: {
    tip: 'Delete',
    label: (id) => `Delete draft ${id}`,
    icon: <DeleteOutlined />,
    danger: true,
    confirm: (id) => `Delete draft ${id}?`,
  },
};

function ActionButton({ trade, look, act }: { trade: SmartTradeDto; look: ActionLook; act: () => void }) {
  const button = (
    <Tooltip title={look.tip}>
      <Button
        type="text"
        size="small"
        danger={look.danger}
        icon={look.icon}
        aria-label={look.label(trade.id)}
        onClick={look.confirm ? undefined : act}
      />
    </Tooltip>
  );
  if (!look.confirm) return button;
  return (
    <Popconfirm title={look.confirm(trade.id)} okText="Yes" cancelText="No" onConfirm={act}>
      {button}
    </Popconfirm>
  );
}

/** The Actions column: the row's actions (rowActions.ts) that have a handler, as icon buttons. */
export function actionsColumn<T extends SmartTradeDto>(
  actionsOf: (trade: T) => TradeAction[],
  handlers: TradeActionHandlers,
): ColumnType<T> {
  return {
    title: 'Actions',
    key: 'actions',
    render: (_, trade) => (
      <Flex wrap gap={2}>
        {actionsOf(trade).map((action) => {
          const look = LOOKS[action];
          const act = handlers[action];
          return look && act ? <ActionButton key={action} trade={trade} look={look} act={() => act(trade)} /> : null;
        })}
      </Flex>
    ),
  };
}
