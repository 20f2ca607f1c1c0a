import { useEffect, useRef } from 'react';
import { Button, Card, Empty, Flex, List, Skeleton, Tooltip, Typography } from 'antd';
import { CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import type { AdminSmartTrade } from '@drat/contracts';
import { formatDateTime } from '../../lib/format';
import { useAdminTradeLogs } from './queries';

type Shown = Pick<AdminSmartTrade, 'id' | 'ticker' | 'email'>;

/**
 * The logs panel (3-bots-admin-public §2.5): the log of the trade whose View Logs was chosen, oldest
 * first, as the trader reads it (an action of a super user names them); kept live while shown.
 */
export function TradeLogsPanel({ trade, onClose }: { trade: Shown | null; onClose: () => void }) {
  const shownId = trade?.id ?? null;
  const logs = useAdminTradeLogs(shownId);
  const box = useRef<HTMLDivElement>(null);
  // The panel is under the table: a trade's log chosen brings it into view.
  useEffect(() => {
    if (shownId !== null) box.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [shownId]);
  const title = trade ? `Trade ${trade.id} logs` : 'Trade logs';
  return (
    <Card
      ref={box}
      // Scrolled to, it stops under the top bar (sticky, 60px high).
      style={{ scrollMarginTop: 76 }}
      role="region"
      aria-label={title}
      title={
        <Flex vertical style={{ padding: '8px 0' }}>
          <span>{title}</span>
          {trade && (
            <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
              {trade.ticker} · {trade.email}
            </Typography.Text>
          )}
        </Flex>
      }
      extra={
        trade && (
          <Flex gap={4}>
            <Tooltip title="Read the log again">
              <Button
                size="small"
                aria-label="Refresh the log"
                icon={<ReloadOutlined spin={logs.isFetching} />}
                onClick={() => void logs.refetch()}
              />
            </Tooltip>
            <Tooltip title="Close the log">
              <Button size="small" type="text" aria-label="Close the log" icon={<CloseOutlined />} onClick={onClose} />
            </Tooltip>
          </Flex>
        )
      }
    >
      {!trade ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Choose Logs on a trade to read what happened to it." />
      ) : logs.isLoading ? (
        <Skeleton active />
      ) : logs.isError ? (
        <Empty description={logs.error.message} />
      ) : logs.data?.data.length ? (
        <List
          size="small"
          dataSource={logs.data.data}
          renderItem={(l) => (
            <List.Item>
              <Flex wrap justify="space-between" gap={8} style={{ width: '100%' }}>
                <Typography.Text style={{ flex: '1 1 320px' }}>{l.text}</Typography.Text>
                <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(l.created)}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      ) : (
        <Empty description="Nothing logged yet" />
      )}
    </Card>
  );
}
