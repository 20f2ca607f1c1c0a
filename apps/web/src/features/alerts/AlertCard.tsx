import { Button, Card, Checkbox, Flex, Rate, Tag, Typography, theme } from 'antd';
import {
  CheckOutlined,
  FileTextOutlined,
  InfoCircleOutlined,
  LineChartOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { AlertDto } from '@drat/contracts';
import { ALERT_MSG } from '@drat/contracts';
import { useQuote } from '../../lib/live';
import { DetailRow } from '../../components/DetailRow';
import { LivePrice } from '../../components/LiveNumber';
import { EmbedFields } from './EmbedFields';
import { formatAlertPrice, formatDateTime, money, moneyRange } from '../../lib/format';
import { isTargetCompleted, reachedText } from './format';

export interface AlertActions {
  isTracking: (id: number) => boolean;
  onTrack: (alert: AlertDto) => void;
  onNotes: (alert: AlertDto) => void;
  onMoreInfo: (alert: AlertDto) => void;
  /** Opens the trade drawer on this alert (2-trading §4 "Drawers"); absent where trading is not offered. */
  onTrade?: (alert: AlertDto) => void;
}

export interface Selection {
  selected: ReadonlySet<number>;
  toggle: (id: number) => void;
}

/**
 * The live price of the ticker, falling back to the alert's stored latest price, then (before the
 * lifecycle's first look) its alert price. An options alert's latest price is its contracts'
 * premium, which the underlying's quote is not: it shows the stored price, which the lifecycle
 * keeps current. Written as the alert's other prices are (1-core §9: OTC unrounded, others 2 decimals).
 */
export function LatestPrice({ alert }: { alert: AlertDto }) {
  const quote = useQuote(alert.category === 'OPTIONS' ? undefined : alert.ticker);
  return (
    <LivePrice
      value={quote?.last ?? alert.latest_price ?? alert.alert_price}
      format={(value) => formatAlertPrice(value, alert.category)}
    />
  );
}

/** Track, with a spinner while the call runs and 'Tracked' after (1-core §4 "Alert tracking"). */
export function TrackButton({ alert, actions, block }: { alert: AlertDto; actions: AlertActions; block?: boolean }) {
  if (alert.tracked) {
    return (
      <Button icon={<CheckOutlined />} disabled block={block}>
        Tracked
      </Button>
    );
  }
  return (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      loading={actions.isTracking(alert.id)}
      onClick={() => actions.onTrack(alert)}
      block={block}
    >
      Track
    </Button>
  );
}

/** One alert card (1-core §2 "Alert card"). The Trade button joins once trading exists. */
export function AlertCard({
  alert,
  actions,
  selection,
}: {
  alert: AlertDto;
  actions: AlertActions;
  selection?: Selection;
}) {
  const { token } = theme.useToken();
  const c = alert.category;
  const reached = reachedText(alert.completed_status);
  return (
    <Card
      size="small"
      data-testid="alert-card"
      data-alert-id={alert.id}
      style={{ height: '100%', borderColor: selection?.selected.has(alert.id) ? token.colorError : undefined }}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 10, height: '100%' } }}
    >
      <Flex justify="space-between" align="start" gap={8}>
        <Flex gap={8} align="start">
          {selection && (
            <Checkbox
              aria-label={`Select ${alert.ticker}`}
              checked={selection.selected.has(alert.id)}
              onChange={() => selection.toggle(alert.id)}
              style={{ marginTop: 4 }}
            />
          )}
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {alert.ticker}
            </Typography.Title>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {alert.company_name}
            </Typography.Text>
          </div>
        </Flex>
        <Flex vertical align="end" gap={2} style={{ flexShrink: 0 }}>
          <Rate
            disabled
            count={5}
            value={alert.rating}
            style={{ fontSize: 13, whiteSpace: 'nowrap' }}
            aria-label={`${alert.rating} stars`}
          />
          <span style={{ fontSize: 18, fontWeight: 600 }} aria-label="Latest price">
            $<LatestPrice alert={alert} />
          </span>
        </Flex>
      </Flex>
      {(isTargetCompleted(alert.completed_status) || reached) && (
        <Flex wrap gap={4}>
          {isTargetCompleted(alert.completed_status) && <Tag color="success">{ALERT_MSG.alertCompleted}</Tag>}
          {reached && <Tag color={alert.completed_status.includes('STOP') ? 'error' : 'processing'}>{reached}</Tag>}
        </Flex>
      )}
      <Flex vertical gap={4}>
        <DetailRow label="Last Price">{money(alert.alert_price, c)}</DetailRow>
        <DetailRow label="Buy Range">{moneyRange(alert.buy_range_low, alert.buy_range_high, c)}</DetailRow>
        <DetailRow label="Stop Loss">{money(alert.stop_loss, c)}</DetailRow>
        <DetailRow label="Target Range">{moneyRange(alert.target_range_low, alert.target_range_high, c)}</DetailRow>
        <DetailRow label="Risk vs Reward">{alert.risk_vs_reward || '—'}</DetailRow>
      </Flex>
      <EmbedFields embeds={alert.embeds} />
      <Flex wrap gap={8} style={{ marginTop: 'auto' }}>
        <Button icon={<FileTextOutlined />} onClick={() => actions.onNotes(alert)}>
          Notes
        </Button>
        <Button
          type="link"
          icon={<InfoCircleOutlined />}
          onClick={() => actions.onMoreInfo(alert)}
          style={{ paddingInline: 4 }}
        >
          More info
        </Button>
        <Flex gap={8} style={{ marginLeft: 'auto' }}>
          {actions.onTrade && (
            <Button type="primary" icon={<LineChartOutlined />} onClick={() => actions.onTrade!(alert)}>
              Trade
            </Button>
          )}
          <TrackButton alert={alert} actions={actions} />
        </Flex>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatDateTime(alert.created)}
      </Typography.Text>
    </Card>
  );
}
