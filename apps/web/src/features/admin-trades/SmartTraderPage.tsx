import { Button, Card, Col, Empty, Flex, Row, Skeleton, Space, Statistic, Tooltip, Typography, theme } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { SmartTraderStats } from '@drat/contracts';
import { useSmartTraderStats } from './queries';
import { adminStatusColor } from './rowActions';
import { countsOf, totalOf } from './stats';

/** A status's figure colour: the admin list's (§2.5), as the antd token it names; none muted. */
function useStatusTone() {
  const { token } = theme.useToken();
  const tones: Record<string, string> = {
    success: token.colorSuccess,
    error: token.colorError,
    warning: token.colorWarning,
    default: token.colorText,
  };
  // A count of none is muted whatever its status.
  return (status: Parameters<typeof adminStatusColor>[0], count: number) =>
    count === 0 ? token.colorTextTertiary : (tones[adminStatusColor(status)] ?? token.colorText);
}

/** One kind's card: its total, and a tile per status (Completed, Active, Pending, Cancelled). */
function KindCard({ title, list }: { title: string; list: SmartTraderStats['data']['equity'] }) {
  const counts = countsOf(list);
  const tone = useStatusTone();
  return (
    <Card
      role="region"
      aria-label={title}
      title={title}
      extra={<Typography.Text type="secondary">{totalOf(counts)} trades</Typography.Text>}
    >
      <Row gutter={[12, 12]}>
        {counts.map((c) => (
          <Col key={c.status} xs={12} sm={12} md={6} xl={6}>
            <Card size="small" variant="outlined" aria-label={`${title} ${c.label}`} role="group">
              <Statistic title={c.label} value={c.count} styles={{ content: { color: tone(c.status, c.count) } }} />
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}

/**
 * Smart Trader Analysis (3-bots-admin-public §2.4, super users; the top bar's menu): how many smart
 * trades there are in each status, for equity and for options. OPEN is shown as Active.
 */
export function SmartTraderPage() {
  const stats = useSmartTraderStats();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Flex wrap gap={12} justify="space-between" align="center">
        <Typography.Text type="secondary">Every user's smart trades, counted by status.</Typography.Text>
        <Tooltip title="Count them again">
          <Button
            icon={<ReloadOutlined spin={stats.isFetching} />}
            aria-label="Refresh the counts"
            onClick={() => void stats.refetch()}
          >
            Refresh
          </Button>
        </Tooltip>
      </Flex>
      {stats.data ? (
        <Flex vertical gap={16}>
          <KindCard title="Equity" list={stats.data.data.equity} />
          <KindCard title="Options" list={stats.data.data.options} />
        </Flex>
      ) : stats.isError ? (
        <Card>
          <Empty description={stats.error.message} />
        </Card>
      ) : (
        <Card>
          <Skeleton active />
        </Card>
      )}
    </Space>
  );
}
