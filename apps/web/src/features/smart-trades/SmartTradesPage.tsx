import { useMemo, useState } from 'react';
import { Button, Card, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { FileTextOutlined, ProfileOutlined, StopOutlined } from '@ant-design/icons';
import { byStatusThenNewest, type DemoTradeDto } from '@drat/contracts';
import { formatDateTime, formatPrice } from '../../lib/format';
import { useCancelDemoTrade, useDemoTrades } from './queries';
import { statusColor } from './status';
import { TradeDetailModal, TradeLogsModal } from './TradeModals';

/** Demo users filter by All, Alert and DIONE (2-trading §2.1). */
const DEMO_TYPES = [
  { value: 'ALL', label: 'All' },
  { value: 'ALERT', label: 'Alert' },
  { value: 'DIONE', label: 'DIONE' },
];
const RUNNING = new Set(['PENDING', 'OPEN']);

/**
 * Smart Trades (2-trading §2.1, §2.2): the demo trade table (id, ticker, created, net liquidity,
 * status), ordered by status group then newest first, with a trade-type filter and the row actions
 * of its status: cancel a running trade, view its details and its log. Changes arrive live.
 */
export function SmartTradesPage() {
  const trades = useDemoTrades();
  const cancel = useCancelDemoTrade();
  const [type, setType] = useState('ALL');
  const [logsOf, setLogsOf] = useState<number | null>(null);
  const [detailOf, setDetailOf] = useState<number | null>(null);
  const rows = useMemo(
    () => byStatusThenNewest((trades.data?.data ?? []).filter((t) => type === 'ALL' || t.trade_type === type)),
    [trades.data, type],
  );
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            Demo trades
          </Typography.Title>
          <Select aria-label="Trade type" value={type} options={DEMO_TYPES} onChange={setType} style={{ width: 140 }} />
        </Space>
      </Card>
      <Table<DemoTradeDto>
        rowKey="id"
        loading={trades.isLoading}
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: 'No demo trades yet: place one from an alert or a Dione result.' }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: 'Ticker', dataIndex: 'ticker' },
          // On a phone: ID, ticker, status and the actions; the rest from tablet width up.
          { title: 'Created', dataIndex: 'created', responsive: ['md'], render: (v: string) => formatDateTime(v) },
          {
            title: 'Net Liquidity',
            dataIndex: 'net_liquidity',
            align: 'right',
            responsive: ['sm'],
            render: (v: number | null) => (v === null ? '—' : formatPrice(v)),
          },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (s: DemoTradeDto['status']) => <Tag color={statusColor(s)}>{s}</Tag>,
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, t) => (
              <Space size={4}>
                <Button
                  type="text"
                  icon={<ProfileOutlined />}
                  aria-label={`Details of trade ${t.id}`}
                  onClick={() => setDetailOf(t.id)}
                />
                <Button
                  type="text"
                  icon={<FileTextOutlined />}
                  aria-label={`Logs of trade ${t.id}`}
                  onClick={() => setLogsOf(t.id)}
                />
                {RUNNING.has(t.status) && (
                  <Popconfirm
                    title={`Cancel trade ${t.id}? Unfilled orders are cancelled and what it holds is sold.`}
                    okText="Yes"
                    cancelText="No"
                    onConfirm={() => cancel.mutate(t.id)}
                  >
                    <Button type="text" danger icon={<StopOutlined />} aria-label={`Cancel trade ${t.id}`} />
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <TradeLogsModal tradeId={logsOf} onClose={() => setLogsOf(null)} />
      <TradeDetailModal tradeId={detailOf} onClose={() => setDetailOf(null)} />
    </Space>
  );
}
