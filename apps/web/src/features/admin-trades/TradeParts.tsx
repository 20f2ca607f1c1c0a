import { Flex, Tag, Typography } from 'antd';
import type { AdminSmartTrade, TradeStatus } from '@drat/contracts';
import { adminStatusColor, tradeModeOf } from './rowActions';

/** A trade's status as the admin list shows it (§2.5: COMPLETED and OPEN positive), a failure with its reason. */
export function AdminStatusTag({ status, failReason }: { status: TradeStatus; failReason?: string | null }) {
  const tag = <Tag color={adminStatusColor(status)}>{status}</Tag>;
  if (status !== 'FAIL' || !failReason) return tag;
  return (
    <Flex vertical gap={2} align="start">
      {tag}
      <Typography.Text type="danger" style={{ fontSize: 12, maxWidth: 260 }}>
        {failReason}
      </Typography.Text>
    </Flex>
  );
}

/** The trade's owner: e-mail, and name under it. */
export function Owner({ trade }: { trade: Pick<AdminSmartTrade, 'email' | 'name'> }) {
  return (
    <Flex vertical>
      <Typography.Text style={{ wordBreak: 'break-all' }}>{trade.email}</Typography.Text>
      {trade.name && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {trade.name}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The account the trade is on, with Demo or Live beside it. */
export function Account({ trade }: { trade: Pick<AdminSmartTrade, 'account_id'> }) {
  const demo = tradeModeOf(trade) === 'demo';
  return (
    <Flex gap={6} align="center" wrap>
      <span>{trade.account_id}</span>
      <Tag color={demo ? 'default' : 'blue'} style={{ marginInlineEnd: 0 }}>
        {demo ? 'Demo' : 'Live'}
      </Tag>
    </Flex>
  );
}
