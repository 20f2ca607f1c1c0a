import { Button, Dropdown, Table, Typography, type TableColumnsType } from 'antd';
import { DownOutlined, LoadingOutlined } from '@ant-design/icons';
import type { AlertDto } from '@drat/contracts';
import type { AlertActions, Selection } from './AlertCard';
import { money, moneyRange } from '../../lib/format';

/**
 * The table view (1-core §2): Ticker, Last Price, Risk vs Reward, Buy Range, Target Range, Stop Loss
 * and an Action menu. The menu's Trade entry joins once trading exists.
 */
export function AlertTable({
  alerts,
  actions,
  selection,
  loading,
}: {
  alerts: AlertDto[];
  actions: AlertActions;
  selection?: Selection;
  loading: boolean;
}) {
  const columns: TableColumnsType<AlertDto> = [
    {
      title: 'Ticker',
      dataIndex: 'ticker',
      fixed: 'start',
      render: (t: string, a) => (
        <span>
          <Typography.Text strong>{t}</Typography.Text>
          {a.tracked && (
            <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 6 }}>
              Tracked
            </Typography.Text>
          )}
        </span>
      ),
    },
    { title: 'Last Price', render: (_, a) => money(a.alert_price, a.category) },
    { title: 'Risk vs Reward', dataIndex: 'risk_vs_reward' },
    { title: 'Buy Range', render: (_, a) => moneyRange(a.buy_range_low, a.buy_range_high, a.category) },
    { title: 'Target Range', render: (_, a) => moneyRange(a.target_range_low, a.target_range_high, a.category) },
    { title: 'Stop Loss', render: (_, a) => money(a.stop_loss, a.category) },
    {
      title: 'Action',
      key: 'action',
      render: (_, a) => (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              {
                key: 'track',
                label: a.tracked ? 'Tracked' : 'Track',
                disabled: a.tracked || actions.isTracking(a.id),
                icon: actions.isTracking(a.id) ? <LoadingOutlined /> : undefined,
              },
              { key: 'info', label: 'More Info' },
            ],
            onClick: ({ key }) => (key === 'track' ? actions.onTrack(a) : actions.onMoreInfo(a)),
          }}
        >
          <Button size="small" aria-label={`Actions for ${a.ticker}`}>
            Action <DownOutlined />
          </Button>
        </Dropdown>
      ),
    },
  ];
  return (
    <Table<AlertDto>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={alerts}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      rowSelection={
        selection
          ? {
              selectedRowKeys: [...selection.selected],
              onSelect: (row) => selection.toggle(row.id),
              hideSelectAll: true,
            }
          : undefined
      }
    />
  );
}
