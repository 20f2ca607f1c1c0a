import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Modal,
  Popconfirm,
  Progress,
  Row,
  Spin,
  Table,
  Tabs,
  Typography,
} from 'antd';
import { ClearOutlined, DeleteOutlined, ExperimentOutlined, EyeOutlined } from '@ant-design/icons';
import type { DioneTrackerDto, TrackerDto } from '@drat/contracts';
import { DetailRow } from '../../components/DetailRow';
import { StandaloneAlertCard } from '../alerts';
import { formatDate, formatDateTime, money, moneyRange } from '../../lib/format';
import {
  useAlertTrackers,
  useDioneTrackers,
  useRemoveDioneTracker,
  useRemoveTracker,
  useResetDioneTrackers,
  useResetTrackers,
  useTrackerAlert,
} from './queries';

/** 'Reset' with a confirm popup, for either tab. */
function ResetButton({
  what,
  disabled,
  loading,
  onReset,
}: {
  what: string;
  disabled: boolean;
  loading: boolean;
  onReset: () => void;
}) {
  const { modal } = App.useApp();
  return (
    <Button
      icon={<ClearOutlined />}
      disabled={disabled}
      loading={loading}
      onClick={() =>
        void modal.confirm({
          title: `Reset ${what}`,
          content: `Remove every ${what.toLowerCase()} entry? This cannot be undone.`,
          okText: 'Reset',
          okButtonProps: { danger: true },
          onOk: onReset,
        })
      }
    >
      Reset
    </Button>
  );
}

function TrackerCard({ tracker, onView }: { tracker: TrackerDto; onView: (id: number) => void }) {
  const remove = useRemoveTracker();
  const progress = Math.max(0, Math.min(100, Math.round(tracker.progress)));
  return (
    <Card size="small" data-testid="tracker-card" style={{ height: '100%' }}>
      <Flex vertical gap={8}>
        <Flex justify="space-between" align="center">
          <Typography.Title level={5} style={{ margin: 0 }}>
            {tracker.ticker}
          </Typography.Title>
          <Flex gap={4}>
            {tracker.has_alert && (
              <Button
                size="small"
                type="text"
                icon={<EyeOutlined />}
                aria-label={`View ${tracker.ticker} alert`}
                onClick={() => onView(tracker.id)}
              />
            )}
            <Popconfirm
              title={`Stop tracking ${tracker.ticker}?`}
              okText="Remove"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutate(tracker.id)}
            >
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Remove ${tracker.ticker}`}
                loading={remove.isPending}
              />
            </Popconfirm>
          </Flex>
        </Flex>
        <Progress
          percent={progress}
          status={progress >= 100 ? 'success' : 'active'}
          aria-label="Progress towards the target"
        />
        <DetailRow label="Last Price">{money(tracker.last_price, tracker.category)}</DetailRow>
        <DetailRow label="Target Range">
          {moneyRange(tracker.target_range_low, tracker.target_range_high, tracker.category)}
        </DetailRow>
        {tracker.trigger_note && <Typography.Text style={{ fontSize: 13 }}>{tracker.trigger_note}</Typography.Text>}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Alerted {formatDate(tracker.alert_date)} · updated {formatDateTime(tracker.updated_date)}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/** The alert behind a tracker, as its card. */
function TrackerAlertModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const alert = useTrackerAlert(id);
  return (
    <Modal open={id !== null} onCancel={onClose} footer={null} title="Tracked alert" width={420}>
      {alert.isLoading && <Spin />}
      {alert.isError && <Alert type="error" showIcon title={alert.error.message} />}
      {alert.data && <StandaloneAlertCard alert={alert.data} />}
    </Modal>
  );
}

function AlertTrackersTab() {
  const trackers = useAlertTrackers();
  const reset = useResetTrackers();
  const [viewing, setViewing] = useState<number | null>(null);
  const list = trackers.data ?? [];
  return (
    <Flex vertical gap={16}>
      <Flex justify="end">
        <ResetButton
          what="Trade Alert Trackers"
          disabled={list.length === 0}
          loading={reset.isPending}
          onReset={() => reset.mutate(undefined)}
        />
      </Flex>
      {trackers.isLoading && <Spin style={{ display: 'block', margin: '32px auto' }} />}
      {trackers.isError && <Alert type="error" showIcon title={trackers.error.message} />}
      {trackers.isSuccess && list.length === 0 && (
        <Empty description="You are not tracking any alert. Track one from the alerts page." />
      )}
      <Row gutter={[16, 16]}>
        {list.map((t) => (
          <Col key={t.id} xs={24} sm={12} xl={8} xxl={6}>
            <TrackerCard tracker={t} onView={setViewing} />
          </Col>
        ))}
      </Row>
      <TrackerAlertModal id={viewing} onClose={() => setViewing(null)} />
    </Flex>
  );
}

function DioneTrackersTab() {
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

/** My Trackers (1-core §2): 'Trade Alert Trackers' with progress, and the 'DIONE Tracker'. */
export function TrackersPage() {
  return (
    <Card>
      <Tabs
        items={[
          { key: 'alerts', label: 'Trade Alert Trackers', children: <AlertTrackersTab /> },
          { key: 'dione', label: 'DIONE Tracker', children: <DioneTrackersTab /> },
        ]}
      />
    </Card>
  );
}
