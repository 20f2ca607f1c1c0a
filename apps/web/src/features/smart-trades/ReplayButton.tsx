import { useEffect, useRef, useState } from 'react';
import { Button, Descriptions, Flex, Modal, Segmented, Table, Typography } from 'antd';
import useApp from 'antd/es/app/useApp';
import { HistoryOutlined } from '@ant-design/icons';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  type SeriesMarker,
  type UTCTimestamp,
} from 'lightweight-charts';
import { REPLAY_DAYS, type ReplayExecutionDto, type ReplayResult, type ReplayTradeInput } from '@drat/contracts';
import { ApiError } from '../../api/client';
import { useTheme } from '../../app/theme';
import { formatDateTime, formatPrice } from '../../lib/format';
import { useMarketColors } from '../../lib/marketColors';
import { useReplayTrade } from './mutations';

const DAYS = [5, 10, REPLAY_DAYS.default, REPLAY_DAYS.max] as const;

/** Each execution on the bar it happened in (markers sit on bars). */
export function markersOf(
  bars: readonly { time: number }[],
  executions: readonly ReplayExecutionDto[],
  colors: { up: string; down: string },
): SeriesMarker<UTCTimestamp>[] {
  return executions.flatMap((e) => {
    const bar = [...bars].reverse().find((b) => b.time * 1000 <= e.at);
    if (!bar) return [];
    const buy = e.side === 'buy';
    return [
      {
        time: bar.time as UTCTimestamp,
        position: buy ? ('belowBar' as const) : ('aboveBar' as const),
        shape: buy ? ('arrowUp' as const) : ('arrowDown' as const),
        color: buy ? colors.up : colors.down,
        text: `${buy ? 'Buy' : 'Sell'} ${e.qty} @ ${formatPrice(e.price)}`,
      },
    ];
  });
}

function ReplayChart({ result }: { result: ReplayResult }) {
  const box = useRef<HTMLDivElement>(null);
  const mode = useTheme();
  const { up, down } = useMarketColors();
  useEffect(() => {
    if (!box.current) return;
    const dark = mode === 'dark';
    const chart = createChart(box.current, {
      height: 260,
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: dark ? '#d9d9d9' : '#333',
      },
      grid: { vertLines: { visible: false }, horzLines: { color: dark ? '#303030' : '#eee' } },
      timeScale: { timeVisible: true },
    });
    const candles = chart.addSeries(CandlestickSeries, {
      upColor: up,
      downColor: down,
      wickUpColor: up,
      wickDownColor: down,
      borderVisible: false,
    });
    candles.setData(
      result.bars.map((b) => ({
        time: b.time as UTCTimestamp,
        open: b.open,
        high: b.high,
        low: b.low,
        close: b.close,
      })),
    );
    createSeriesMarkers(candles, markersOf(result.bars, result.executions, { up, down }));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [result, mode, up, down]);
  return <div ref={box} style={{ width: '100%', height: 260 }} aria-label="Replay chart" />;
}

/**
 * Replay (issue 13, beyond the spec): the trade as the drawer would send it, run by the same engine
 * over the ticker's hourly bars of the last days, before the trader commits: where it would have
 * bought and sold, its P/L and a chart. `bodyOf` answers the checked body (or null: the drawer shows
 * what is wrong).
 */
export function ReplayButton({ bodyOf }: { bodyOf: () => Promise<ReplayTradeInput['trade'] | null> }) {
  const { message } = useApp();
  const [days, setDays] = useState<number>(REPLAY_DAYS.default);
  const [result, setResult] = useState<ReplayResult | null>(null);
  const run = useReplayTrade({
    onSuccess: setResult,
    onError: (err) => {
      const body = err instanceof ApiError ? Object.values(err.body).flat() : [];
      void message.error(typeof body[0] === 'string' ? body[0] : err.message);
    },
  });
  const start = async (n: number) => {
    const trade = await bodyOf();
    if (trade) run.mutate({ days: n, trade });
  };
  return (
    <>
      <Button icon={<HistoryOutlined />} loading={run.isPending} onClick={() => void start(days)}>
        Replay
      </Button>
      <Modal
        open={result !== null}
        title={result ? `Replay of ${result.ticker}: the last ${days} days` : 'Replay'}
        footer={null}
        width={820}
        onCancel={() => setResult(null)}
      >
        {result && (
          <Flex vertical gap={12}>
            <Segmented<number>
              value={days}
              options={DAYS.map((d) => ({ value: d, label: `${d} days` }))}
              onChange={(d) => {
                setDays(d);
                void start(d);
              }}
            />
            <ReplayChart result={result} />
            <Descriptions size="small" column={{ xs: 1, sm: 4 }} bordered>
              <Descriptions.Item label="Ends">{result.status}</Descriptions.Item>
              <Descriptions.Item label="Realised P/L">{formatPrice(result.realised)}</Descriptions.Item>
              <Descriptions.Item label="Still held">{result.held}</Descriptions.Item>
              <Descriptions.Item label="Unrealised P/L">{formatPrice(result.unrealised)}</Descriptions.Item>
            </Descriptions>
            <Table<ReplayExecutionDto>
              size="small"
              rowKey={(e) => `${e.at}-${e.label}-${e.side}`}
              dataSource={result.executions}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: 'The price never reached a buy range in these days.' }}
              columns={[
                { title: 'When', dataIndex: 'at', render: (at: number) => formatDateTime(new Date(at).toISOString()) },
                { title: 'Range', dataIndex: 'label' },
                { title: 'Side', dataIndex: 'side' },
                { title: 'Quantity', dataIndex: 'qty' },
                { title: 'Price', dataIndex: 'price', render: (p: number) => formatPrice(p) },
              ]}
            />
            <Typography.Text type="secondary">
              Hourly bars; within a bar the price is taken to go open, low, high, close. What the levels would have
              done, not a promise.
            </Typography.Text>
          </Flex>
        )}
      </Modal>
    </>
  );
}
