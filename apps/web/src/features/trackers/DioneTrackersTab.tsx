import { useNavigate } from 'react-router-dom';
import { Alert, Button, Empty, Flex, Popconfirm, Table, Typography } from 'antd';
import { DeleteOutlined, ExperimentOutlined } from '@ant-design/icons';
import type { DioneTrackerDto } from '@drat/contracts';
import { formatDate, money } from '../../lib/format';
import { useDioneTrackers, useRemoveDioneTracker, useResetDioneTrackers } from './queries';
import { ResetButton } from './ResetButton';

/** The 'DIONE Tracker' tab: the tickers tracked from Dione, in a table. */
export function DioneTrackersTab() {
  const navigate = useNavigate();
  const trackers = useDioneTrackers();
  const remove = useRemoveDioneTracker();
  const reset = useResetDioneTrackers();
  const list = trackers.data ?? [];
  if (trackers.isSuccess && list.length === 0) {
    return (
      <Empty description="No Dione tickers tracked yet. Analyse a ticker with Dione and track it.">
        <Button type="primary" icon={<ExperimentOutlined />} onClick={() => navigate('/tools')}>
          Go To Dione
        </Button>
      </Empty>
    );
  }
  return (
    <Flex vertical gap={16}>
      <Flex justify="end">
        <ResetButton
          what="DIONE Tracker"
          disabled={list.length === 0}
          loading={reset.isPending}
          onReset={() => reset.mutate(undefined)}
        />
      </Flex>
      {trackers.isError && <Alert type="error" showIcon title={trackers.error.message} />}
      <Table<DioneTrackerDto>
        rowKey="id"
        loading={trackers.isLoading}
        dataSource={list}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: 'Ticker',
            dataIndex: 'ticker',
            render: (t: string) => <Typography.Text strong>{t}</Typography.Text>,
          },
          { title: 'Alert Date', dataIndex: 'alert_date', render: (d: string) => formatDate(d) },
          { title: 'Alert Price', render: (_, r) => money(r.alert_price, undefined) },
          { title: 'Target 1', render: (_, r) => money(r.target_range_one, undefined) },
          { title: 'Target 2', render: (_, r) => money(r.target_range_two, undefined) },
          {
            title: '',
            key: 'remove',
            render: (_, r) => (
              <Popconfirm
                title={`Stop tracking ${r.ticker}?`}
                okText="Remove"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutate(r.id)}
              >
                <Button size="small" danger type="text" icon={<DeleteOutlined />} aria-label={`Remove ${r.ticker}`} />
              </Popconfirm>
            ),
          },
        ]}
      />
    </Flex>
  );
}
