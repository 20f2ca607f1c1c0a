import type { ReactNode } from 'react';
import { Card, Flex, Rate, Typography, theme } from 'antd';
import { AimOutlined, FallOutlined, InfoCircleOutlined, LoginOutlined, RiseOutlined } from '@ant-design/icons';
import { classifyTriggerNote, type AlertCategory, type TriggerDto, type TriggerNoteClass } from '@drat/contracts';
import { DetailRow } from '../../components/DetailRow';
import { formatDateTime, money, moneyRange } from '../../lib/format';
import { useMarketColors } from '../../lib/marketColors';

type Look = { label: string; icon: ReactNode; color: string };

/** Colour and icon of each trigger classification (1-core §4): buy range, profit, target, loss. */
function useTriggerLook(kind: TriggerNoteClass | null): Look {
  const { token } = theme.useToken();
  const colors = useMarketColors();
  switch (kind) {
    case 'br':
      return { label: 'Buy range', icon: <LoginOutlined />, color: token.colorPrimaryText };
    case 'ph':
      return { label: 'Profit', icon: <RiseOutlined />, color: colors.up };
    case 'th':
      return { label: 'Target', icon: <AimOutlined />, color: token.colorWarningText };
    case 'sl':
      return { label: 'Loss', icon: <FallOutlined />, color: colors.down };
    default:
      return { label: 'Update', icon: <InfoCircleOutlined />, color: token.colorTextSecondary };
  }
}

/** One trigger (1-core §2 "Triggers screen"). */
export function TriggerCard({ trigger, category }: { trigger: TriggerDto; category: AlertCategory | undefined }) {
  const kind = classifyTriggerNote(trigger.trigger_note);
  const look = useTriggerLook(kind);
  const { token } = theme.useToken();
  return (
    <Card
      size="small"
      data-testid="trigger-card"
      data-kind={kind ?? 'none'}
      style={{ height: '100%', borderTop: `3px solid ${look.color}` }}
    >
      <Flex vertical gap={8}>
        <Flex justify="space-between" align="center">
          <Typography.Title level={5} style={{ margin: 0 }}>
            {trigger.ticker}
          </Typography.Title>
          {trigger.rating > 0 && <Rate disabled count={5} value={trigger.rating} style={{ fontSize: 12 }} />}
        </Flex>
        <Flex
          gap={8}
          align="start"
          style={{
            padding: '6px 8px',
            borderRadius: token.borderRadius,
            background: token.colorFillTertiary,
            color: look.color,
          }}
        >
          <span aria-label={look.label} style={{ fontSize: 16, lineHeight: '20px' }}>
            {look.icon}
          </span>
          <Typography.Text style={{ color: 'inherit', fontWeight: 500 }}>{trigger.trigger_note}</Typography.Text>
        </Flex>
        <DetailRow label="Last Price">{money(trigger.last_price, category)}</DetailRow>
        <DetailRow label="Buy Range">{moneyRange(trigger.buy_range_low, trigger.buy_range_high, category)}</DetailRow>
        <DetailRow label="Stop Loss">{money(trigger.stop_loss, category)}</DetailRow>
        <DetailRow label="Target Range">
          {moneyRange(trigger.target_range_low, trigger.target_range_high, category)}
        </DetailRow>
        <DetailRow label="Alert Price">
          {trigger.alert_price === null ? 'None' : money(trigger.alert_price, category)}
        </DetailRow>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDateTime(trigger.created)}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
