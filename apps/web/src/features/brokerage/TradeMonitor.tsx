import { useState } from 'react';
import { Badge, Button, Card, Flex, Table, Tabs, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { BrokerOrderRow, TradeListResponse } from '@drat/contracts';
import { formatDateTime, formatPrice } from '../../lib/format';
import { ModifyOrderModal } from './ModifyOrderModal';
import { useBrokerEvents, useBrokerOrders } from './queries';
import { useWatchedAccount } from './WatchedAccount';

type Tab = keyof TradeListResponse['data'];

/** The monitor's tabs (2-trading §2.5). */
const TABS: { key: Tab; label: string }[] = [
  { key: 'all_orders', label: 'All' },
  { key: 'queued_orders', label: 'Queued' },
  { key: 'working_orders', label: 'Working' },
  { key: 'filled_orders', label: 'Filled' },
  { key: 'cancelled_orders', label: 'Cancelled Orders' },
];

const STATUS_COLORS: Record<string, string> = {
  filled: 'success',
  open: 'processing',
  partially_filled: 'processing',
  pending: 'default',
  canceled: 'error',
  rejected: 'error',
  expired: 'error',
};

/** Words for the broker's side and status: sell_to_close → sell to close. */
const words = (s: string) => s.replace(/_/g, ' ');

/**
 * The Trade Monitor (2-trading §2.5): the brokerage account's orders under the tabs All, Queued,
 * Working, Filled and Cancelled Orders, each row with id, symbol (the option symbol for options),
 * side, price, quantity, status, transaction date and whether it belongs to a multileg order.
 * Modify is enabled only for open or pending orders outside a multileg order. Orders change live:
 * every answer of the broker reaches the monitor over the socket.
 */
export function TradeMonitor() {
  const { account, picker } = useWatchedAccount();
  useBrokerEvents();
  const orders = useBrokerOrders(account);
  const [tab, setTab] = useState<Tab>('all_orders');
  const [modifying, setModifying] = useState<BrokerOrderRow | null>(null);
  const data = orders.data?.data;
  return (
    <Card title="Trade Monitor">
      {picker}
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as Tab)}
        items={TABS.map((t) => ({
          key: t.key,
          label: (
            <Flex gap={6} align="center">
              {t.label}
              <Badge count={data?.[t.key].length ?? 0} showZero color="gray" size="small" />
            </Flex>
          ),
        }))}
      />
      {orders.isError && (
        <Typography.Paragraph type="danger" role="alert">
          {orders.error.message}
        </Typography.Paragraph>
      )}
      <Table<BrokerOrderRow>
        rowKey="id"
        size="middle"
        loading={orders.isLoading}
        dataSource={data?.[tab] ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: account ? 'No orders.' : 'No brokerage account.' }}
        columns={[
          { title: 'ID', dataIndex: 'id', responsive: ['sm'] },
          {
            title: 'Symbol',
            key: 'symbol',
            render: (_, o) => o.option_symbol ?? o.symbol,
          },
          { title: 'Side', dataIndex: 'side', render: (s: string) => words(s) },
          {
            title: 'Price',
            key: 'price',
            align: 'right',
            render: (_, o) => (o.avg_fill_price !== null ? formatPrice(o.avg_fill_price) : formatPrice(o.price)),
          },
          { title: 'Quantity', dataIndex: 'quantity', align: 'right' },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (s: string) => <Tag color={STATUS_COLORS[s] ?? 'default'}>{words(s)}</Tag>,
          },
          {
            title: 'Transaction Date',
            dataIndex: 'transaction_date',
            responsive: ['md'],
            render: (d: string) => formatDateTime(d),
          },
          {
            title: 'Multileg',
            dataIndex: 'belongs_to_multileg',
            responsive: ['lg'],
            render: (m: boolean) => (m ? 'Yes' : 'No'),
          },
          {
            title: 'Action',
            key: 'action',
            fixed: 'right',
            render: (_, o) => (
              <Button
                size="small"
                icon={<EditOutlined />}
                disabled={!o.modifiable}
                title={
                  o.modifiable ? undefined : 'Only open or pending orders outside a multileg order can be modified'
                }
                onClick={() => setModifying(o)}
              >
                Modify
              </Button>
            ),
          },
        ]}
      />
      {account && <ModifyOrderModal account={account} order={modifying} onClose={() => setModifying(null)} />}
    </Card>
  );
}
