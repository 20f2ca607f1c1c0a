import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Modal, Segmented, Skeleton, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CaretRightOutlined } from '@ant-design/icons';
import { BaselineSeries, ColorType, createChart, type UTCTimestamp } from 'lightweight-charts';
import { BOT_REPLAY_DAYS, type BotBodyIn, type BotReplayResult } from '@drat/contracts';
import { useTheme } from '../../app/theme';
import { useMarketColors } from '../../lib/marketColors';
import { TwoLines } from './BotTable';
import { StatCards } from './StatCards';
import { statusColor } from '../smart-trades';
import { formatMoney } from '../../lib/format';
import { formatDay, formatProfitLoss } from './botWords';
import { useReplayBot } from './mutations';
import { equityPoints, REPLAY_DAY_CHOICES, replayErrorText, replaySummaryInWords, toneOf } from './replayWords';
import { usePhone } from './usePhone';

type ReplayTrade = BotReplayResult['trades'][number];
type ReplaySkip = BotReplayResult['skipped'][number];

const CHART_HEIGHT = 220;

/** The running P/L after each trade closed, above zero in the up colour and below it in the down colour. */
function EquityChart({ result }: { result: BotReplayResult }) {
  const box = useRef<HTMLDivElement>(null);
  const mode = useTheme();
  const { up, down, upSoft, downSoft } = useMarketColors();
  useEffect(() => {
    if (!box.current) return;
    const dark = mode === 'dark';
    const chart = createChart(box.current, {
      height: CHART_HEIGHT,
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: dark ? '#d9d9d9' : '#333',
        attributionLogo: false,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: dark ? '#303030' : '#eee' } },
      localization: { priceFormatter: (p: number) => formatMoney(p) },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false },
      handleScroll: false,
      handleScale: false,
    });
    const series = chart.addSeries(BaselineSeries, {
      baseValue: { type: 'price', price: 0 },
      topLineColor: up,
      topFillColor1: upSoft,
      topFillColor2: 'transparent',
      bottomLineColor: down,
      bottomFillColor1: 'transparent',
      bottomFillColor2: downSoft,
      lineWidth: 2,
      pointMarkersVisible: true,
      priceLineVisible: false,
    });
    series.setData(equityPoints(result).map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [result, mode, up, down, upSoft, downSoft]);
  return <div ref={box} style={{ width: '100%', height: CHART_HEIGHT }} aria-label="Equity curve" role="img" />;
}

/** The summary in cards, as the performance modal shows a bot's figures. */
const Summary = ({ result }: { result: BotReplayResult }) => (
  <StatCards items={replaySummaryInWords(result)} perRow={4} label="Replay summary" />
);

const PAGE = { pageSize: 10, hideOnSinglePage: true, showSizeChanger: false } as const;

/**
 * The columns every list starts with: the alert, its ticker and its day; on a phone, one column
 * (the ticker, its alert and day under it), as the bots table folds its columns into the name.
 */
function alertColumns<T extends { alert_id: number; ticker: string; day: string }>(phone: boolean): ColumnsType<T> {
  if (phone)
    return [
      {
        title: 'Ticker',
        key: 'ticker',
        render: (_, row) => <TwoLines main={row.ticker} sub={`Alert #${row.alert_id} · ${formatDay(row.day)}`} />,
      },
    ];
  return [
    { title: 'Alert #', dataIndex: 'alert_id', width: 90, render: (id: number) => `#${id}` },
    { title: 'Ticker', dataIndex: 'ticker' },
    {
      title: 'Day',
      dataIndex: 'day',
      render: (d: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDay(d)}</span>,
    },
  ];
}

/** What the replay took and skipped, a tab each. */
function Lists({ result }: { result: BotReplayResult }) {
  const colors = useMarketColors();
  const phone = usePhone();
  const [tab, setTab] = useState<'trades' | 'skipped'>('trades');
  return (
    <Tabs
      activeKey={tab}
      onChange={(k) => setTab(k as 'trades' | 'skipped')}
      items={[
        {
          key: 'trades',
          label: `Trades (${result.trades.length})`,
          children: (
            <Table<ReplayTrade>
              size="small"
              rowKey="alert_id"
              dataSource={result.trades}
              pagination={PAGE}
              scroll={phone ? undefined : { x: 'max-content' }}
              locale={{ emptyText: 'The bot would have taken none of these alerts.' }}
              columns={[
                ...alertColumns<ReplayTrade>(phone),
                // On a phone the status goes under the P/L: two columns fit its width.
                ...(phone
                  ? []
                  : [
                      {
                        title: 'Status',
                        dataIndex: 'status',
                        render: (s: string) => <Tag color={statusColor(s)}>{s}</Tag>,
                      },
                    ]),
                {
                  title: 'P/L',
                  dataIndex: 'profit_loss',
                  align: 'right',
                  render: (v: string, t) => {
                    const tone = toneOf(v);
                    const pl = (
                      <span style={{ color: tone ? colors[tone] : undefined, whiteSpace: 'nowrap' }}>
                        {formatProfitLoss(v)}
                      </span>
                    );
                    return phone ? (
                      <Flex vertical align="end" gap={4}>
                        {pl}
                        <Tag color={statusColor(t.status)} style={{ marginInlineEnd: 0 }}>
                          {t.status}
                        </Tag>
                      </Flex>
                    ) : (
                      pl
                    );
                  },
                },
              ]}
            />
          ),
        },
        {
          key: 'skipped',
          label: `Skipped (${result.skipped.length})`,
          children: (
            <Table<ReplaySkip>
              size="small"
              rowKey="alert_id"
              dataSource={result.skipped}
              pagination={PAGE}
              scroll={phone ? undefined : { x: 'max-content' }}
              locale={{ emptyText: 'No alert was skipped.' }}
              columns={[...alertColumns<ReplaySkip>(phone), { title: 'Reason', dataIndex: 'reason' }]}
            />
          ),
        },
      ]}
    />
  );
}

/** The view inside the modal: made afresh each time the modal opens (its days and its answer). */
function ReplayView({ body }: { body: BotBodyIn }) {
  const [days, setDays] = useState<number>(BOT_REPLAY_DAYS.default);
  const replay = useReplayBot();
  const result = replay.data;
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">
        The settings in the form, saved or not, over the {body.trade_category} alerts of the last days: the same
        filters, limits and trade rule, each trade run over its ticker&apos;s hourly bars. Nothing is traded.
      </Typography.Text>
      <Flex wrap gap={8} align="center">
        <Segmented<number>
          aria-label="Days to replay"
          value={days}
          onChange={setDays}
          options={REPLAY_DAY_CHOICES.map((d) => ({ value: d, label: `${d} days` }))}
        />
        <Button
          type="primary"
          icon={<CaretRightOutlined />}
          loading={replay.isPending}
          onClick={() => replay.mutate({ bot: body, days })}
        >
          Run
        </Button>
      </Flex>
      {replay.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : replay.isError ? (
        <Alert type="error" showIcon title={replayErrorText(replay.error)} />
      ) : result ? (
        <Flex vertical gap={16}>
          <Typography.Text>
            The last {result.days} day{result.days === 1 ? '' : 's'}: {result.alerts} alert
            {result.alerts === 1 ? '' : 's'} read.
          </Typography.Text>
          <Summary result={result} />
          <section aria-label="Equity">
            <Typography.Text strong>Running profit / loss</Typography.Text>
            {result.equity.length > 0 ? (
              <EquityChart result={result} />
            ) : (
              <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
                No trades closed in these days.
              </Typography.Paragraph>
            )}
          </section>
          <Lists result={result} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Hourly bars; within a bar the price is taken to go open, low, high, close. Share filters use today&apos;s
            figures. What the settings would have done, not a promise.
          </Typography.Text>
        </Flex>
      ) : (
        <Typography.Text type="secondary">Choose how many days to look back, then Run.</Typography.Text>
      )}
    </Flex>
  );
}

/**
 * Replay on past alerts (issue 26; docs/bot-rules.md "Replay"): the bot form as it stands (`body`,
 * checked already), run over the stock alerts of its category of the days chosen, through the same
 * filters, limits and trade rule. Nothing is stored or traded: a summary, the equity curve, and the
 * trades it would have taken and the alerts it would have skipped, with why. On a phone, the
 * screen's width.
 */
export function BotReplayModal({ body, onClose }: { body: BotBodyIn | null; onClose: () => void }) {
  const phone = usePhone();
  // The last body shown stays while the modal closes (its animation).
  const [shown, setShown] = useState(body);
  if (body !== null && body !== shown) setShown(body);
  const name = shown?.bot_name?.trim();
  return (
    <Modal
      open={body !== null}
      title={name ? `Replay ${name} on past alerts` : 'Replay on past alerts'}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={phone ? '100vw' : 960}
      style={phone ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : undefined}
    >
      {shown && <ReplayView body={shown} />}
    </Modal>
  );
}
