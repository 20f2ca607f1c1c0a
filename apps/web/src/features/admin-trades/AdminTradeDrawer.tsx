import { Descriptions, Drawer, Empty, Skeleton } from 'antd';
import type { AdminSmartTrade } from '@drat/contracts';
import { formatDateTime, formatPrice } from '../../lib/format';
import { useAdminSmartTrade } from './queries';
import { Account, AdminStatusTag, Owner } from './TradeParts';

const price = (n: number | null) => (n === null ? '—' : formatPrice(n));
const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

/** The admin view of a trade (3-bots-admin-public §3 "Smart trade (admin view)"), with its prices. */
function Details({ t }: { t: AdminSmartTrade }) {
  return (
    <Descriptions size="small" column={1} bordered styles={{ label: { width: 170 } }}>
      <Descriptions.Item label="Trade ID">{t.id}</Descriptions.Item>
      <Descriptions.Item label="Order ID">{t.order_id}</Descriptions.Item>
      <Descriptions.Item label="Owner">
        <Owner trade={t} />
      </Descriptions.Item>
      <Descriptions.Item label="Created">{formatDateTime(t.created)}</Descriptions.Item>
      <Descriptions.Item label="Account">
        <Account trade={t} />
      </Descriptions.Item>
      <Descriptions.Item label="Ticker">{t.ticker}</Descriptions.Item>
      <Descriptions.Item label="Status">
        <AdminStatusTag status={t.status} failReason={t.fail_reason} />
      </Descriptions.Item>
      <Descriptions.Item label="Trade type">{t.trade_type}</Descriptions.Item>
      <Descriptions.Item label="Stock type">{t.stock_type}</Descriptions.Item>
      <Descriptions.Item label="Archived">{yesNo(t.archived)}</Descriptions.Item>
      <Descriptions.Item label="Completed">{yesNo(t.completed)}</Descriptions.Item>
      {t.trade_type !== 'ADVANCED' && (
        <>
          <Descriptions.Item label="Buy Range 1">
            {price(t.buy_range_1)} × {t.buy_range_1_stocks ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label="Buy Range 2">
            {price(t.buy_range_2)} × {t.buy_range_2_stocks ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label="Target Range">
            {price(t.target_range_low)} – {price(t.target_range_high)}
          </Descriptions.Item>
        </>
      )}
      <Descriptions.Item label="Stop Loss">{price(t.stop_loss)}</Descriptions.Item>
      <Descriptions.Item label="Notes">{t.trade_notes || '—'}</Descriptions.Item>
    </Descriptions>
  );
}

/** View Details (§2.5): one trade of any user, read by its order_id, in a side drawer. */
export function AdminTradeDrawer({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const trade = useAdminSmartTrade(orderId);
  return (
    <Drawer
      open={orderId !== null}
      title={`Trade ${orderId ?? ''}`}
      onClose={onClose}
      size="min(560px, 100vw)"
      destroyOnHidden
    >
      {trade.data ? (
        <Details t={trade.data.data} />
      ) : trade.isError ? (
        <Empty description={trade.error.message} />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
