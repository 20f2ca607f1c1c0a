import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Empty, Flex, Segmented, Spin, Typography, theme as antTheme } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  CrosshairMode,
  HistogramSeries,
  type CandlestickData,
  type HistogramData,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Bar, Interval, Quote } from '@drat/contracts';
import { ApiError } from '../../api/client';
import { useTheme } from '../../app/theme';
import {
  CHART_INTERVALS,
  cleanBars,
  crosshairLabel,
  INTERVAL_LABELS,
  isIntraday,
  nextLiveBar,
  tickLabel,
  toChartTime,
  type LiveBarState,
} from './chartModel';
import { ChangePercent, LivePrice } from '../../components/LiveNumber';
import { directionColor, useMarketColors } from '../../lib/marketColors';
import { formatChange, formatPrice, formatVolume, priceDecimals } from '../../lib/format';
import { useQuote } from '../../lib/live';
import { useBars } from './queries';
import styles from './market.module.css';

export interface TickerChartProps {
  ticker: string;
  /** Controlled interval; leave out to let the chart keep its own (starting at defaultInterval). */
  interval?: Interval;
  defaultInterval?: Interval;
  onIntervalChange?: (interval: Interval) => void;
  /** The interval buttons; an empty list hides the switch. */
  intervals?: readonly Interval[];
  /** Height of the plot area in pixels, or 'fill' to take the height the parent gives (at least minHeight). */
  height?: number | 'fill';
  minHeight?: number;
  /** Carry the last bar forward with live quotes (default on). */
  live?: boolean;
  /** Replaces the default heading (symbol, name, last price and change). */
  title?: ReactNode;
  /** ISO range; the server's default window for the interval when left out. */
  from?: string;
  to?: string;
}

interface ChartParts {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
}

const VISIBLE_BARS = 160;
const asTime = (chartSeconds: number) => chartSeconds as UTCTimestamp;
const volumeColor = (bar: Pick<Bar, 'open' | 'close'>, up: string, down: string) => (bar.close >= bar.open ? up : down);
/** '#rrggbb' with an alpha; other colour forms are returned as they are. */
const withAlpha = (hex: string, alpha: number) =>
  /^#[0-9a-f]{6}$/i.test(hex)
    ? `${hex}${Math.round(alpha * 255)
        .toString(16)
        .padStart(2, '0')}`
    : hex;

/**
 * Candles and volume for one ticker with an interval switch (lightweight-charts). Follows the theme,
 * fills its container's width, and moves the last bar with live quotes. Reused by the dashboard,
 * Ask DRAT and the trade drawers.
 */
export function TickerChart({
  ticker,
  interval: controlled,
  defaultInterval = '5min',
  onIntervalChange,
  intervals = CHART_INTERVALS,
  height = 360,
  minHeight = 280,
  live = true,
  title,
  from,
  to,
}: TickerChartProps) {
  const { token } = antTheme.useToken();
  const appTheme = useTheme();
  const colors = useMarketColors();
  const [own, setOwn] = useState<Interval>(defaultInterval);
  const interval = controlled ?? own;
  const symbol = ticker.trim().toUpperCase();
  const bars = useBars({ ticker: symbol, interval, from, to });
  const quote = useQuote(live ? symbol : null);
  const clean = useMemo(() => (bars.data ? cleanBars(bars.data.bars) : null), [bars.data]);

  const containerRef = useRef<HTMLDivElement>(null);
  const partsRef = useRef<ChartParts | null>(null);
  const liveRef = useRef<LiveBarState | null>(null);
  const quoteRef = useRef<Quote | undefined>(quote);
  const intervalRef = useRef(interval);
  const volumeColors = useMemo(
    () => ({ up: withAlpha(colors.up, 0.45), down: withAlpha(colors.down, 0.45) }),
    [colors.up, colors.down],
  );
  const volumeColorsRef = useRef(volumeColors);
  const [hover, setHover] = useState<(Bar & { label: string }) | null>(null);

  useEffect(() => {
    quoteRef.current = quote;
    intervalRef.current = interval;
    volumeColorsRef.current = volumeColors;
  });

  // The chart itself: made once, removed on unmount.
  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const chart = createChart(el, {
      autoSize: true,
      crosshair: { mode: CrosshairMode.Normal },
      rightPriceScale: { scaleMargins: { top: 0.08, bottom: 0.26 } },
      timeScale: { rightOffset: 4, barSpacing: 7, minBarSpacing: 1 },
    });
    const candles = chart.addSeries(CandlestickSeries, { priceLineVisible: true });
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    const onMove = (p: MouseEventParams<Time>) => {
      const c = p.seriesData.get(candles) as CandlestickData<Time> | undefined;
      const v = p.seriesData.get(volume) as HistogramData<Time> | undefined;
      if (!p.point || !c || typeof p.time !== 'number') return setHover(null);
      setHover({
        time: p.time,
        open: c.open,
        high: c.high,
        low: c.low,
        close: c.close,
        volume: v?.value ?? 0,
        label: crosshairLabel(p.time, intervalRef.current),
      });
    };
    chart.subscribeCrosshairMove(onMove);
    partsRef.current = { chart, candles, volume };
    return () => {
      chart.unsubscribeCrosshairMove(onMove);
      chart.remove();
      partsRef.current = null;
    };
  }, []);

  // Theme and interval dependent looks.
  useEffect(() => {
    const parts = partsRef.current;
    if (!parts) return;
    const grid = appTheme === 'dark' ? 'rgba(255, 255, 255, 0.06)' : 'rgba(0, 0, 0, 0.06)';
    parts.chart.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: token.colorTextSecondary,
        fontFamily: token.fontFamily,
        fontSize: 11,
        attributionLogo: true,
      },
      grid: { vertLines: { color: grid }, horzLines: { color: grid } },
      crosshair: {
        vertLine: { color: token.colorTextQuaternary, labelBackgroundColor: token.colorBgSpotlight },
        horzLine: { color: token.colorTextQuaternary, labelBackgroundColor: token.colorBgSpotlight },
      },
      rightPriceScale: { borderColor: token.colorBorderSecondary },
      timeScale: {
        borderColor: token.colorBorderSecondary,
        timeVisible: isIntraday(interval),
        secondsVisible: false,
        tickMarkFormatter: (time: Time, type: number) => (typeof time === 'number' ? tickLabel(time, type) : null),
      },
      localization: { timeFormatter: (time: Time) => (typeof time === 'number' ? crosshairLabel(time, interval) : '') },
    });
    parts.candles.applyOptions({
      upColor: colors.up,
      downColor: colors.down,
      borderUpColor: colors.up,
      borderDownColor: colors.down,
      wickUpColor: colors.up,
      wickDownColor: colors.down,
    });
    // Volume colours are per bar: recolour what is drawn (live updates included).
    const candleData = parts.candles.data() as CandlestickData<Time>[];
    if (candleData.length)
      parts.volume.setData(
        (parts.volume.data() as HistogramData<Time>[]).map((v, i) => ({
          time: v.time,
          value: v.value,
          color: volumeColor(candleData[i] ?? { open: 0, close: 0 }, volumeColors.up, volumeColors.down),
        })),
      );
  }, [appTheme, token, colors, volumeColors, interval]);

  // New bars: draw them, then carry the last one forward from the latest quote.
  useEffect(() => {
    const parts = partsRef.current;
    liveRef.current = null;
    if (!parts || !clean) return;
    const { up, down } = volumeColorsRef.current;
    // Chart times only ever increase (a repeated New York hour at the end of summer time is skipped).
    const drawn: Bar[] = [];
    for (const b of clean) {
      const time = toChartTime(b.time, interval);
      if (drawn.length === 0 || time > drawn[drawn.length - 1]!.time) drawn.push({ ...b, time });
    }
    parts.candles.setData(
      drawn.map((b) => ({ time: asTime(b.time), open: b.open, high: b.high, low: b.low, close: b.close })),
    );
    parts.volume.setData(
      drawn.map((b) => ({ time: asTime(b.time), value: b.volume, color: volumeColor(b, up, down) })),
    );
    const last = clean.at(-1);
    if (!last) return;
    const decimals = priceDecimals(last.close);
    parts.candles.applyOptions({ priceFormat: { type: 'price', precision: decimals, minMove: 10 ** -decimals } });
    if (clean.length > VISIBLE_BARS)
      parts.chart.timeScale().setVisibleLogicalRange({ from: clean.length - VISIBLE_BARS, to: clean.length + 3 });
    else parts.chart.timeScale().fitContent();
    liveRef.current = { symbol, interval, last, dayVolume: null };
    applyQuote(parts, liveRef, quoteRef.current, volumeColorsRef.current);
    // symbol and interval are those of `clean` (no placeholder data between keys)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clean]);

  // Live quotes.
  useEffect(() => {
    const parts = partsRef.current;
    if (live && parts) applyQuote(parts, liveRef, quote, volumeColorsRef.current);
  }, [quote, live]);

  const changeInterval = (next: Interval) => {
    if (controlled === undefined) setOwn(next);
    onIntervalChange?.(next);
  };

  const fill = height === 'fill';
  const empty = clean !== null && clean.length === 0;
  const overlay = (children: ReactNode, opaque: boolean) => (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={8}
      style={{
        position: 'absolute',
        inset: 0,
        zIndex: 3,
        background: opaque ? token.colorBgContainer : withAlpha(token.colorBgContainer, 0.55),
      }}
    >
      {children}
    </Flex>
  );

  return (
    <div style={fill ? { minWidth: 0, flex: 1, display: 'flex', flexDirection: 'column' } : { minWidth: 0 }}>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 8 }}>
        <div style={{ minWidth: 0, flex: '1 1 180px' }}>{title ?? <ChartHeading symbol={symbol} quote={quote} />}</div>
        {intervals.length > 0 && (
          <Segmented<Interval>
            size="small"
            value={interval}
            onChange={changeInterval}
            options={intervals.map((i) => ({ value: i, label: INTERVAL_LABELS[i] }))}
            aria-label="Chart interval"
          />
        )}
      </Flex>
      <div style={fill ? { position: 'relative', flex: 1, minHeight } : { position: 'relative', height }}>
        <div
          ref={containerRef}
          style={{ position: 'absolute', inset: 0 }}
          aria-label={`${symbol} price chart`}
          role="img"
        />
        {hover && (
          <div
            className={styles.tabular}
            style={{
              position: 'absolute',
              top: 4,
              left: 6,
              zIndex: 2,
              pointerEvents: 'none',
              fontSize: 11,
              lineHeight: '16px',
              color: token.colorTextSecondary,
              background: token.colorBgContainer,
              opacity: 0.92,
              padding: '2px 6px',
              borderRadius: 4,
            }}
          >
            <div>{hover.label}</div>
            <div style={{ color: directionColor(hover.close - hover.open, colors) }}>
              O {formatPrice(hover.open)} H {formatPrice(hover.high)} L {formatPrice(hover.low)} C{' '}
              {formatPrice(hover.close)}
              <span style={{ color: token.colorTextSecondary }}> · Vol {formatVolume(hover.volume)}</span>
            </div>
          </div>
        )}
        {bars.isPending && symbol && overlay(<Spin />, false)}
        {bars.isError &&
          overlay(
            <>
              <Typography.Text type="secondary">
                {bars.error instanceof ApiError && bars.error.status === 400
                  ? bars.error.message
                  : `The chart for ${symbol} could not be loaded.`}
              </Typography.Text>
              <Button size="small" icon={<ReloadOutlined />} onClick={() => void bars.refetch()}>
                Retry
              </Button>
            </>,
            true,
          )}
        {empty &&
          !bars.isError &&
          overlay(<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`No price data for ${symbol} yet`} />, true)}
      </div>
    </div>
  );
}

function applyQuote(
  parts: ChartParts,
  liveRef: { current: LiveBarState | null },
  quote: Quote | undefined,
  volume: { up: string; down: string },
) {
  const state = liveRef.current;
  if (!state || !quote) return;
  const next = nextLiveBar(state, quote);
  if (!next) return;
  liveRef.current = next.state;
  const b = next.bar;
  try {
    const time = asTime(toChartTime(b.time, state.interval));
    parts.candles.update({ time, open: b.open, high: b.high, low: b.low, close: b.close });
    parts.volume.update({ time, value: b.volume, color: volumeColor(b, volume.up, volume.down) });
  } catch {
    // A bar older than the last drawn one: the next data load puts things right.
  }
}

/** Symbol, name, live last price and the day's change. */
function ChartHeading({ symbol, quote }: { symbol: string; quote: Quote | undefined }) {
  const colors = useMarketColors();
  return (
    <Flex align="baseline" gap={8} wrap style={{ minWidth: 0, rowGap: 0 }}>
      <Typography.Text strong style={{ fontSize: 16 }}>
        {symbol}
      </Typography.Text>
      {quote && (
        <>
          <LivePrice value={quote.last} style={{ fontSize: 16, fontWeight: 600 }} />
          <span className={styles.tabular} style={{ color: directionColor(quote.change, colors) }}>
            {formatChange(quote.change)}
          </span>
          <ChangePercent value={quote.change_percentage} />
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 220, fontSize: 12 }}>
            {quote.name}
          </Typography.Text>
        </>
      )}
    </Flex>
  );
}
