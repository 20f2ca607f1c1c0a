import { useState } from 'react';
import { Button, Card, Flex, Segmented, Table, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import type { ClosedPositionRow, OpenPosition } from '@drat/contracts';
import { useSession } from '../../app/session';
import { formatChange, formatDate, formatPercent, formatPrice } from '../../lib/format';
import { ExitPositionModal } from './ExitPositionModal';
import { useBrokerEvents, usePositions } from './queries';
import { useWatchedAccount } from './WatchedAccount';

const gainColor = (v: number) => (v > 0 ? 'success' : v < 0 ? 'danger' : undefined);

/**
 * Open and Closed Positions of a brokerage account (2-trading §2.6): symbol, quantity, cost basis
 * and date acquired of what is held; cost, gain/loss (and percent), open and close dates of what was
 * sold. Super users get an Exit on open positions.
 */
export function Positions() {
  const session = useSession()!;
  const { account, picker } = useWatchedAccount();
  useBrokerEvents();
  const positions = usePositions(account);
  const [view, setView] = useState<'open' | 'closed'>('open');
  const [exiting, setExiting] = useState<OpenPosition | null>(null);
  const data = positions.data?.data;
  const common = {
    size: 'middle' as const,
    loading: positions.isLoading,
    pagination: { pageSize: 20, hideOnSinglePage: true },
    scroll: { x: 'max-content' as const },
  };
  return (
    <Card title="Positions">
      <Flex wrap gap={12} justify="space-between" style={{ marginBottom: 16 }}>
        <Segmented<'open' | 'closed'>
          value={view}
          onChange={setView}
          options={[
            { value: 'open', label: `Open Positions (${data?.open_positions.length ?? 0})` },
            { value: 'closed', label: `Closed Positions (${data?.closed_positions.length ?? 0})` },
          ]}
        />
        {picker}
      </Flex>
      {positions.isError && (
        <Typography.Paragraph type="danger" role="alert">
          {positions.error.message}
        </Typography.Paragraph>
      )}
      {view === 'open' ? (
        <Table<OpenPosition>
          {...common}
          rowKey="symbol"
          dataSource={data?.open_positions ?? []}
          locale={{ emptyText: 'No open positions.' }}
          columns={[
            { title: 'Symbol', dataIndex: 'symbol' },
            { title: 'Quantity', dataIndex: 'quantity', align: 'right' },
            { title: 'Cost Basis', dataIndex: 'cost_basis', align: 'right', render: (v: number) => formatPrice(v) },
            { title: 'Date Acquired', dataIndex: 'date_acquired', render: (d: string) => formatDate(d) },
            ...(session.is_super
              ? [
                  {
                    title: 'Action',
                    key: 'exit',
                    render: (_: unknown, p: OpenPosition) => (
                      // Exit sells (2-trading §7 sides): a short position is covered at the broker.
                      <Button
                        size="small"
                        danger
                        icon={<LogoutOutlined />}
                        disabled={p.quantity <= 0}
                        title={p.quantity <= 0 ? 'A short position is covered at the broker' : undefined}
                        onClick={() => setExiting(p)}
                      >
                        Exit
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      ) : (
        <Table<ClosedPositionRow>
          {...common}
          rowKey={(p) => `${p.symbol}-${p.open_date}-${p.close_date}-${p.quantity}`}
          dataSource={data?.closed_positions ?? []}
          locale={{ emptyText: 'No closed positions.' }}
          columns={[
            { title: 'Symbol', dataIndex: 'symbol' },
            { title: 'Quantity', dataIndex: 'quantity', align: 'right' },
            { title: 'Cost', dataIndex: 'cost', align: 'right', render: (v: number) => formatPrice(v) },
            {
              title: 'Gain/Loss',
              dataIndex: 'gain_loss',
              align: 'right',
              render: (v: number) => <Typography.Text type={gainColor(v)}>{formatChange(v)}</Typography.Text>,
            },
            {
              title: 'Gain/Loss %',
              dataIndex: 'gain_loss_percent',
              align: 'right',
              render: (v: number | null) => (
                <Typography.Text type={gainColor(v ?? 0)}>{formatPercent(v)}</Typography.Text>
              ),
            },
            { title: 'Open Date', dataIndex: 'open_date', render: (d: string) => formatDate(d) },
            { title: 'Close Date', dataIndex: 'close_date', render: (d: string) => formatDate(d) },
          ]}
        />
      )}
      {account && session.is_super && (
        <ExitPositionModal account={account} position={exiting} onClose={() => setExiting(null)} />
      )}
    </Card>
  );
}
