import type { Bar, Interval, Quote } from '@drat/contracts';

/** Pure helpers of the ticker chart: interval lengths, bar clean-up, the live last bar, time labels. */

/** The intervals the chart offers (a subset of INTERVALS) and their button labels. */
export const CHART_INTERVALS = ['1min', '5min', '15min', '1hr', '1day', '1week'] as const satisfies readonly Interval[];
export type ChartInterval = (typeof CHART_INTERVALS)[number];

export const INTERVAL_LABELS: Record<Interval, string> = {
  '1min': '1m',
  '5min': '5m',
  '15min': '15m',
  '30min': '30m',
  '45min': '45m',
  '1hr': '1H',
  '2hr': '2H',
  '4hr': '4H',
  '1day': '1D',
  '1week': '1W',
  '1month': '1M',
};

const MINUTE = 60;
/** Bar length in seconds; months vary, so they are never rolled over live (null). */
export const INTERVAL_SECONDS: Record<Interval, number | null> = {
  '1min': MINUTE,
  '5min': 5 * MINUTE,
  '15min': 15 * MINUTE,
  '30min': 30 * MINUTE,
  '45min': 45 * MINUTE,
  '1hr': 60 * MINUTE,
  '2hr': 120 * MINUTE,
  '4hr': 240 * MINUTE,
  '1day': 1440 * MINUTE,
  '1week': 7 * 1440 * MINUTE,
  '1month': null,
};

export const isIntraday = (interval: Interval) => (INTERVAL_SECONDS[interval] ?? Infinity) < 1440 * MINUTE;

/** Oldest first, one bar per time, finite numbers only (the chart library rejects anything else). */
export function cleanBars(bars: readonly Bar[]): Bar[] {
  const byTime = new Map<number, Bar>();
  for (const b of bars)
    if ([b.time, b.open, b.high, b.low, b.close].every(Number.isFinite))
      byTime.set(b.time, { ...b, volume: b.volume || 0 });
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** What the chart needs to carry the last bar forward with live quotes. */
export interface LiveBarState {
  symbol: string;
  interval: Interval;
  last: Bar;
  /** The day volume of the previous quote, to add the difference to the bar (null: none seen yet). */
  dayVolume: number | null;
}

/**
 * The bar a new quote makes: the last bar updated while the quote lies inside it, otherwise a
 * new bar at the start of the quote's period (aligned to the last bar's start). Null when the
 * quote is older than the last bar or belongs to another symbol.
 */
export function nextLiveBar(state: LiveBarState, quote: Quote): { bar: Bar; state: LiveBarState } | null {
  if (quote.symbol.toUpperCase() !== state.symbol.toUpperCase() || !Number.isFinite(quote.last) || quote.last <= 0)
    return null;
  const at = Math.floor(Date.parse(quote.at) / 1000);
  if (!Number.isFinite(at) || at < state.last.time) return null;
  const seconds = INTERVAL_SECONDS[state.interval];
  const added =
    state.dayVolume === null ? 0 : quote.volume >= state.dayVolume ? quote.volume - state.dayVolume : quote.volume;
  const { last } = state;
  let bar: Bar;
  if (seconds === null || at < last.time + seconds) {
    bar = {
      ...last,
      high: Math.max(last.high, quote.last),
      low: Math.min(last.low, quote.last),
      close: quote.last,
      volume: state.interval === '1day' ? Math.max(last.volume + added, quote.volume) : last.volume + added,
    };
  } else {
    const start = last.time + Math.floor((at - last.time) / seconds) * seconds;
    bar = { time: start, open: quote.last, high: quote.last, low: quote.last, close: quote.last, volume: added };
  }
  return { bar, state: { ...state, last: bar, dayVolume: quote.volume } };
}

/* ---- chart time: intraday bars in New York wall time, daily and longer by their UTC date -------- */

// lightweight-charts lays out and labels time in UTC. To show the market's own clock (day breaks at
// New York midnight, 09:30 at the open), intraday times are shifted by New York's UTC offset before
// they reach the chart, and every label is then formatted as UTC.

const MARKET_TZ = 'America/New_York';
const nyParts = new Intl.DateTimeFormat('en-US', {
  timeZone: MARKET_TZ,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});
const offsetByHour = new Map<number, number>();

/** New York's offset from UTC in seconds at an instant (-18000 in winter, -14400 in summer). */
export function newYorkOffset(seconds: number): number {
  const hour = Math.floor(seconds / 3600);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const p = Object.fromEntries(nyParts.formatToParts(new Date(hour * 3600_000)).map((x) => [x.type, x.value]));
    const wall = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!) / 1000;
    offset = wall - hour * 3600;
    if (offsetByHour.size > 50_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** A bar's time as the chart gets it (see above). */
export function toChartTime(seconds: number, interval: Interval): number {
  return isIntraday(interval) ? seconds + newYorkOffset(seconds) : seconds;
}

const utc = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
const labels = {
  time: utc({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  day: utc({ month: 'short', day: 'numeric' }),
  month: utc({ month: 'short' }),
  year: utc({ year: 'numeric' }),
  intraday: utc({
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }),
  daily: utc({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }),
};

/** A tick mark label for a chart time (tick kinds numbered as lightweight-charts' TickMarkType). */
export function tickLabel(chartSeconds: number, tickMarkType: number): string {
  const d = new Date(chartSeconds * 1000);
  switch (tickMarkType) {
    case 0:
      return labels.year.format(d);
    case 1:
      return labels.month.format(d);
    case 2:
      return labels.day.format(d);
    default:
      return labels.time.format(d);
  }
}

/** The crosshair's label for a chart time. */
export function crosshairLabel(chartSeconds: number, interval: Interval): string {
  const d = new Date(chartSeconds * 1000);
  return isIntraday(interval) ? `${labels.intraday.format(d)} ET` : labels.daily.format(d);
}
