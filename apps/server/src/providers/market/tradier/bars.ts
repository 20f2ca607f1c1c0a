import type { Bar, Interval } from '@drat/contracts';
import { listAt, num, record, str } from '../../tradier/normalize';
import { etDate, etIsoLocalToEpochMs, etToEpochMs } from './time';

export type TimesalesInterval = '1min' | '5min' | '15min';
export type HistoryInterval = 'daily' | 'weekly' | 'monthly';

export type BarSource =
  | {
      endpoint: 'timesales';
      interval: TimesalesInterval;
      /** aggregate into buckets of this many minutes */ bucketMinutes?: number;
    }
  | { endpoint: 'history'; interval: HistoryInterval };

/**
 * Where each of our intervals comes from. Tradier's timesales offers 1min/5min/15min (and tick);
 * history offers daily/weekly/monthly. The other intraday intervals are built here from 15-minute
 * timesales: every one of them (30, 45, 60, 120, 240 minutes) is a whole multiple of 15, so the
 * result is exact, and 15-minute data is 15× smaller than 1-minute data and kept for longer by
 * Tradier (about 40 days of 5/15min versus about 20 days of 1min).
 */
export const BAR_SOURCES: Record<Interval, BarSource> = {
  '1min': { endpoint: 'timesales', interval: '1min' },
  '5min': { endpoint: 'timesales', interval: '5min' },
  '15min': { endpoint: 'timesales', interval: '15min' },
  '30min': { endpoint: 'timesales', interval: '15min', bucketMinutes: 30 },
  '45min': { endpoint: 'timesales', interval: '15min', bucketMinutes: 45 },
  '1hr': { endpoint: 'timesales', interval: '15min', bucketMinutes: 60 },
  '2hr': { endpoint: 'timesales', interval: '15min', bucketMinutes: 120 },
  '4hr': { endpoint: 'timesales', interval: '15min', bucketMinutes: 240 },
  '1day': { endpoint: 'history', interval: 'daily' },
  '1week': { endpoint: 'history', interval: 'weekly' },
  '1month': { endpoint: 'history', interval: 'monthly' },
};

/** Regular session open, Eastern: the anchor of aggregated buckets and the time of daily+ bars. */
export const SESSION_OPEN = { hour: 9, minute: 30 } as const;

/** {series:{data: obj|array}} or {series: null} → bars (time = the slice's start, epoch s). */
export function mapTimesales(raw: unknown): Bar[] {
  const out: Bar[] = [];
  for (const item of listAt(raw, 'series', 'data')) {
    const d = record(item);
    if (!d) continue;
    const timestamp = num(d.timestamp);
    const localTime = str(d.time);
    const ms = timestamp !== undefined ? timestamp * 1000 : localTime ? etIsoLocalToEpochMs(localTime) : undefined;
    const close = num(d.close) ?? num(d.price);
    if (ms === undefined || close === undefined) continue;
    out.push({
      time: Math.floor(ms / 1000),
      open: num(d.open) ?? close,
      high: num(d.high) ?? close,
      low: num(d.low) ?? close,
      close,
      volume: num(d.volume) ?? 0,
    });
  }
  return out.sort((a, b) => a.time - b.time);
}

/**
 * {history:{day: obj|array}} or {history: null} → bars. Tradier gives a date (the day, or the
 * first day of the week/month); the bar's time is that date's regular-session open, 09:30 Eastern.
 */
export function mapHistory(raw: unknown): Bar[] {
  const out: Bar[] = [];
  for (const item of listAt(raw, 'history', 'day')) {
    const d = record(item);
    const date = str(d?.date);
    const close = num(d?.close);
    if (!d || !date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || close === undefined) continue;
    out.push({
      time: Math.floor(etToEpochMs(date, SESSION_OPEN.hour, SESSION_OPEN.minute) / 1000),
      open: num(d.open) ?? close,
      high: num(d.high) ?? close,
      low: num(d.low) ?? close,
      close,
      volume: num(d.volume) ?? 0,
    });
  }
  return out.sort((a, b) => a.time - b.time);
}

/**
 * Merges sorted bars into `minutes`-long buckets aligned to 09:30 Eastern of each bar's day
 * (so 1hr bars start 09:30, 10:30, …; 4hr bars 09:30 and 13:30; extended-hours bars, when asked
 * for, fall into buckets counted back from 09:30). A bucket's time is its start, not its first trade.
 */
export function aggregate(bars: Bar[], minutes: number): Bar[] {
  const size = minutes * 60;
  const anchors = new Map<string, number>();
  const out: Bar[] = [];
  let cur: Bar | undefined;
  for (const b of bars) {
    const day = etDate(b.time * 1000);
    let anchor = anchors.get(day);
    if (anchor === undefined) {
      anchor = Math.floor(etToEpochMs(day, SESSION_OPEN.hour, SESSION_OPEN.minute) / 1000);
      anchors.set(day, anchor);
    }
    const start = anchor + Math.floor((b.time - anchor) / size) * size;
    if (cur && cur.time === start) {
      cur.high = Math.max(cur.high, b.high);
      cur.low = Math.min(cur.low, b.low);
      cur.close = b.close;
      cur.volume += b.volume;
    } else {
      cur = { time: start, open: b.open, high: b.high, low: b.low, close: b.close, volume: b.volume };
      out.push(cur);
    }
  }
  return out;
}

/** Bars whose start lies in [from, to). */
export function within(bars: Bar[], from: Date, to: Date): Bar[] {
  const lo = from.getTime() / 1000;
  const hi = to.getTime() / 1000;
  return bars.filter((b) => b.time >= lo && b.time < hi);
}
