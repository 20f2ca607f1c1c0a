import { Alert, Card, Drawer, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SignalDto } from '@drat/contracts';
import { formatDateTime } from '../../lib/format';
import { useSignals } from './queries';
import { RefreshButton } from './BotModals';
import { TwoLines } from './BotTable';
import { formatMoment } from './botWords';
import { OUTCOME_COLORS } from './signalWords';
import { usePhone } from './usePhone';
import { WebhookPanel, WebhookTag } from './WebhookPanel';

const dash = (text: string) => text || '—';

/** What the signal asked, in a line: its ticker and action (a refused one is not read: neither is known). */
const askedOf = (s: SignalDto) => (s.ticker ? `${s.ticker} · ${s.action}` : 'Not read');

/**
 * The signals the webhooks received, newest first: when, the sender's id, the ticker and action,
 * what came of it (a coloured tag), why in words, and the trade it made or closed. Below tablet
 * width, each row stacks its time, id, ticker and words beside the tag.
 */
function SignalList({ open }: { open: boolean }) {
  const phone = usePhone();
  const signals = useSignals(open);
  const outcome = (s: SignalDto) => <Tag color={OUTCOME_COLORS[s.outcome]}>{s.outcome}</Tag>;
  const columns: ColumnsType<SignalDto> = phone
    ? [
        {
          title: 'Signals, newest first',
          key: 'signal',
          render: (_, s) => (
            <Flex vertical gap={2}>
              <Flex justify="space-between" align="center" gap={8}>
                <Typography.Text strong>{askedOf(s)}</Typography.Text>
                {outcome(s)}
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(s.created)}
                {s.signal_id && ` · ${s.signal_id}`}
                {s.trade_id !== null && ` · trade #${s.trade_id}`}
              </Typography.Text>
              <Typography.Text style={{ fontSize: 13 }}>{s.text}</Typography.Text>
            </Flex>
          ),
        },
      ]
    : [
        {
          title: 'Time',
          dataIndex: 'created',
          width: 112,
          render: (v: string) => {
            const { day, time } = formatMoment(v);
            return <TwoLines main={day} sub={time} />;
          },
        },
        {
          title: 'Signal',
          dataIndex: 'signal_id',
          width: 150,
          ellipsis: { showTitle: true },
          render: (v: string) => dash(v),
        },
        { title: 'Ticker', dataIndex: 'ticker', width: 80, render: (v: string) => dash(v) },
        { title: 'Action', dataIndex: 'action', width: 72, render: (v: string) => dash(v) },
        { title: 'Outcome', key: 'outcome', width: 100, render: (_, s) => outcome(s) },
        { title: 'What happened', dataIndex: 'text' },
        {
          title: 'Trade',
          dataIndex: 'trade_id',
          width: 80,
          align: 'right',
          render: (id: number | null) => (id === null ? '—' : `#${id}`),
        },
      ];
  return (
    <Card size="small" title="Signals received" extra={<RefreshButton what="signals" query={signals} />}>
      {signals.isError && <Alert type="error" showIcon title={signals.error.message} style={{ marginBottom: 12 }} />}
      <Table<SignalDto>
        rowKey="id"
        size="small"
        loading={signals.isLoading}
        dataSource={signals.data?.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: 'No signals yet. Each one your webhook receives shows here, with what it did.' }}
        columns={columns}
        scroll={phone ? undefined : { x: 860 }}
      />
    </Card>
  );
}

/**
 * Signals (docs/bot-rules.md "Signals"): the webhook that hands TradingView-style messages to one
 * of the user's bots, and the signals it received. The lists are read again after each change and
 * on the user's trade events (the bots' root key, queries.ts).
 */
export function SignalsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const phone = usePhone();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={
        <Flex gap={8} align="center">
          Signals <WebhookTag open={open} />
        </Flex>
      }
      size="min(1000px, 100vw)"
      styles={{ body: { padding: phone ? 12 : undefined } }}
    >
      <Flex vertical gap={16}>
        <Card size="small" title="Webhook">
          <WebhookPanel open={open} />
        </Card>
        <SignalList open={open} />
      </Flex>
    </Drawer>
  );
}
