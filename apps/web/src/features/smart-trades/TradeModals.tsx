import { Descriptions, Empty, List, Modal, Skeleton, Tag, Typography } from 'antd';
import type { SmartTradeDto } from '@drat/contracts';
import { formatDateTime, formatPrice } from '../../lib/format';
import { useTradeDetail, useTradeLogs } from './queries';
import { statusColor } from './status';
import { TradeEditForm } from './TradeEditForm';

/** Prices and conditions change only while the trade runs (2-trading §4). */
const RUNNING = new Set(['PENDING', 'OPEN']);

/** A trade's log (2-trading §2.3 "trade logs"): what the engine did, oldest first. */
export function TradeLogsModal({ tradeId, onClose }: { tradeId: number | null; onClose: () => void }) {
  const logs = useTradeLogs(tradeId);
  return (
    <Modal open={tradeId !== null} title={`Trade ${tradeId ?? ''} logs`} onCancel={onClose} footer={null} width={720}>
      {logs.isLoading ? (
        <Skeleton active />
      ) : logs.data?.data.length ? (
        <List
          size="small"
          dataSource={logs.data.data}
          renderItem={(l) => (
            <List.Item>
              <Typography.Text>{l.text}</Typography.Text>
              <Typography.Text type="secondary">{formatDateTime(l.created)}</Typography.Text>
            </List.Item>
          )}
        />
      ) : (
        <Empty description="Nothing logged yet" />
      )}
    </Modal>
  );
}

const price = (n: number | null) => (n === null ? '—' : formatPrice(n));

function Details({ t }: { t: SmartTradeDto }) {
  const pl = t.profit_loss_data;
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
      <Descriptions.Item label="Ticker">{t.ticker}</Descriptions.Item>
      <Descriptions.Item label="Status">
        <Tag color={statusColor(t.status)}>{t.status}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label="Buy Range 1">
        {price(t.buy_range_1)} × {t.buy_range_1_stocks ?? '—'}
      </Descriptions.Item>
      <Descriptions.Item label="Buy Range 2">
        {price(t.buy_range_2)} × {t.buy_range_2_stocks ?? '—'}
      </Descriptions.Item>
      <Descriptions.Item label="Target Range Low">{price(t.target_range_low)}</Descriptions.Item>
      <Descriptions.Item label="Target Range High">{price(t.target_range_high)}</Descriptions.Item>
      <Descriptions.Item label="Stop Loss">{price(t.stop_loss)}</Descriptions.Item>
      <Descriptions.Item label="Trailing Profit">
        {t.set_trailing_profit ? `${t.trailing_profit}% → ${t.new_trailing_profit}% at ${t.trigger_percent}%` : 'Off'}
      </Descriptions.Item>
      <Descriptions.Item label="Cancel if not filled by">
        {t.setCancelIfNotFilledBy ? `${t.expiryDateTime} (${t.timeZone})` : 'Off'}
      </Descriptions.Item>
      <Descriptions.Item label="Sold at stop loss">{t.sold_at_stop_loss ? 'Yes' : 'No'}</Descriptions.Item>
      {t.fail_reason && <Descriptions.Item label="Why it failed">{t.fail_reason}</Descriptions.Item>}
      {pl?.buy_range_one_execution && (
        <Descriptions.Item label="Range 1 P/L">{formatPrice(pl.buy_range_one_execution.profit_loss)}</Descriptions.Item>
      )}
      {pl?.buy_range_two_execution && (
        <Descriptions.Item label="Range 2 P/L">{formatPrice(pl.buy_range_two_execution.profit_loss)}</Descriptions.Item>
      )}
      <Descriptions.Item label="Notes" span={2}>
        {t.trade_notes || '—'}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** A trade's details (2-trading §2.3): its prices, trailing, deadline and results; editable while it runs. */
export function TradeDetailModal({ tradeId, onClose }: { tradeId: number | null; onClose: () => void }) {
  const detail = useTradeDetail(tradeId);
  return (
    <Modal open={tradeId !== null} title={`Trade ${tradeId ?? ''}`} onCancel={onClose} footer={null} width={760}>
      {detail.data ? (
        <>
          <Details t={detail.data.data} />
          {RUNNING.has(detail.data.data.status) && <TradeEditForm key={detail.data.data.id} trade={detail.data.data} />}
        </>
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}
