import { useState } from 'react';
import { Alert, Flex, Segmented, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { TRADE_MSG, type SharedItemDto } from '@drat/contracts';
import { formatDateTime } from '../../lib/format';
import { sharedToOf } from './sharing';
import { useSharedTrades } from './queries';
import { TradeListHeader, usePhone } from './TradeListParts';

type Direction = 'received' | 'sent';

const DIRECTIONS: { value: Direction; label: string }[] = [
  { value: 'received', label: 'Received' },
  { value: 'sent', label: 'Sent' },
];

function SharedTo({ item }: { item: SharedItemDto }) {
  const to = sharedToOf(item);
  if (to === null) return <Typography.Text type="secondary">—</Typography.Text>;
  return item.shared_to === null ? (
    <Flex vertical>
      {to}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        No account yet
      </Typography.Text>
    </Flex>
  ) : (
    to
  );
}

/**
 * Shared Trades (2-trading §2.1, §3 "Shared item", §4 "Shared view"): the trades shared with the
 * caller (Received) or by the caller (Sent), newest first as the server gives them. Below tablet
 * width the list shows whom (by in Received, to in Sent) and the symbol with its trade ID under it.
 */
export function SharedTrades() {
  const phone = usePhone();
  const [direction, setDirection] = useState<Direction>('received');
  const shared = useSharedTrades(direction);
  const received = direction === 'received';
  const columns: ColumnsType<SharedItemDto> = [
    { title: 'Shared by', dataIndex: 'shared_by', responsive: received ? undefined : ['md'] },
    {
      title: 'Shared to',
      key: 'shared_to',
      responsive: received ? ['md'] : undefined,
      render: (_, s) => <SharedTo item={s} />,
    },
    { title: 'Date', dataIndex: 'shared_date', responsive: ['md'], render: (v: string) => formatDateTime(v) },
    {
      title: 'Trade ID',
      key: 'trade_id',
      width: 110,
      responsive: ['md'],
      render: (_, s) => s.live_trade_order?.id ?? '—',
    },
    {
      title: 'Symbol',
      key: 'symbol',
      render: (_, s) =>
        phone && s.live_trade_order ? (
          <Flex vertical>
            {s.live_trade_order.ticker}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              #{s.live_trade_order.id}
            </Typography.Text>
          </Flex>
        ) : (
          (s.live_trade_order?.ticker ?? '—')
        ),
    },
  ];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <TradeListHeader title="Shared trades">
        <Segmented<Direction> value={direction} options={DIRECTIONS} onChange={setDirection} />
      </TradeListHeader>
      {shared.isError && <Alert type="error" showIcon title={TRADE_MSG.sharedFetchFailed} />}
      <Table<SharedItemDto>
        rowKey="id"
        size={phone ? 'small' : undefined}
        loading={shared.isLoading}
        dataSource={shared.data?.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: received ? 'No trades shared with you yet.' : 'You have not shared a trade yet.' }}
        columns={columns}
      />
    </Space>
  );
}
