import { useState } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, Modal, Popconfirm, Progress, Row, Spin, Tabs, Typography } from 'antd';
import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import type { TrackerDto } from '@drat/contracts';
import { DetailRow } from '../../components/DetailRow';
import { StandaloneAlertCard } from '../alerts';
import { formatDate, formatDateTime, money, moneyRange } from '../../lib/format';
import { lazyPart } from '../../lib/lazyPage';
import { useAlertTrackers, useRemoveTracker, useResetTrackers, useTrackerAlert } from './queries';
import { ResetButton } from './ResetButton';

/** The second tab's table, fetched when the tab is first opened. */
const DioneTrackersTab = lazyPart(
  async () => (await import('./DioneTrackersTab')).DioneTrackersTab,
  <Spin style={{ display: 'block', margin: '32px auto' }} />,
);

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
