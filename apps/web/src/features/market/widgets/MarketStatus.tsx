import { Badge, Flex, Skeleton, Tag, Tooltip, type BadgeProps } from 'antd';
import type { MarketState } from '@drat/contracts';
import { useLiveStatus, type LiveStatus } from '../../../lib/live';
import { useMarketClock } from '../queries';

const STATES: Record<MarketState, { label: string; status: BadgeProps['status']; color: string }> = {
  open: { label: 'Open', status: 'processing', color: 'success' },
  premarket: { label: 'Pre-market', status: 'warning', color: 'warning' },
  postmarket: { label: 'After hours', status: 'processing', color: 'purple' },
  closed: { label: 'Closed', status: 'default', color: 'default' },
};

const LIVE: Record<LiveStatus, { label: string; status: BadgeProps['status']; hint: string }> = {
  open: { label: 'Live', status: 'success', hint: 'Prices update as they change.' },
  connecting: { label: 'Connecting', status: 'processing', hint: 'Connecting to live prices…' },
  reconnecting: { label: 'Reconnecting', status: 'warning', hint: 'Live prices were interrupted; reconnecting…' },
  unauthorized: {
    label: 'Live off',
    status: 'error',
    hint: 'Live prices are unavailable for this session. Sign in again.',
  },
  idle: { label: 'Offline', status: 'default', hint: 'Live prices are not connected.' },
};

const nyTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** The market clock (Open, Pre-market, After hours, Closed) with the next change in a tooltip. */
export function MarketClockBadge() {
  const clock = useMarketClock();
  if (clock.isPending) return <Skeleton.Button active size="small" style={{ width: 92 }} />;
  if (clock.isError || !clock.data) return null;
  const { state, next_state, next_change, description } = clock.data;
  const look = STATES[state] ?? STATES.closed;
  const next = Date.parse(next_change);
  const hint = [
    description,
    Number.isFinite(next) ? `${STATES[next_state]?.label ?? next_state} from ${nyTime.format(next)} ET` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Tooltip title={hint}>
      <Tag color={look.color} style={{ marginInlineEnd: 0 }} aria-label={`Market ${look.label}`}>
        <Badge status={look.status} text={null} style={{ marginInlineEnd: 6 }} />
        {look.label}
      </Tag>
    </Tooltip>
  );
}

/** Whether the live price connection is up. */
export function LiveStatusBadge() {
  const status = useLiveStatus();
  const look = LIVE[status];
  return (
    <Tooltip title={look.hint}>
      <Flex align="center" style={{ fontSize: 12 }} role="status" aria-live="polite">
        <Badge status={look.status} text={look.label} />
      </Flex>
    </Tooltip>
  );
}
