/**
 * Bars at every interval of 2-trading §9, all aggregated from the same regular-session minutes, so
 * they agree with each other: a bar's open is its first minute's open, its close the last minute's
 * close, its high and low the extremes and its volume the sum.
 *
 * Intraday buckets (5min … 4hr) are aligned to the session open (09:30 ET; 00:00 UTC when always
 * open) and carry their start time. A daily bar is the regular session of a trading date, stamped
 * 00:00 UTC of that date; a weekly bar is stamped with its Monday and a monthly bar with the 1st.
 * Bars are never computed beyond the simulated now; the bar containing now is partial.
 */
import { INTRADAY_MINUTES, type Bar, type Interval } from '@drat/contracts';
import { DAY_MS, MINUTE_MS, dayNumber, dateParts, weekday } from './calendar';
import type { SimEngine, TickerState } from './engine';
import { bucketsOfDay } from './history';

/** Folds bars into one (they must be in time order); the result is stamped `time`. */
export function mergeBars(time: number, bars: readonly Bar[]): Bar | null {
  let out: Bar | null = null;
  for (const b of bars) {
    if (!out) out = { ...b, time };
    else {
      if (b.high > out.high) out.high = b.high;
      if (b.low < out.low) out.low = b.low;
      out.close = b.close;
      out.volume += b.volume;
    }
  }
  return out;
}

/** Intraday buckets of `n` minutes whose start lies in [fromMs, toMs), as seen at nowMs. */
function bucketsOf(engine: SimEngine, s: TickerState, n: number, fromMs: number, toMs: number, nowMs: number): Bar[] {
  const out: Bar[] = [];
  let cur: Bar | null = null;
  let curStart = NaN;
  engine.forEachMinute(s, fromMs, toMs + n * MINUTE_MS, nowMs, (t, o, h, l, c, v, path, i) => {
    const reg = path.layout.regStart;
    const start = (path.day * 1440 + reg + Math.floor((i - reg) / n) * n) * MINUTE_MS;
    if (start < fromMs || start >= toMs) return;
    if (start !== curStart || !cur) {
      cur = { time: start / 1000, open: o, high: h, low: l, close: c, volume: v };
      curStart = start;
      out.push(cur);
    } else {
      if (h > cur.high) cur.high = h;
      if (l < cur.low) cur.low = l;
      cur.close = c;
      cur.volume += v;
    }
  });
  return out;
}

/** Most completed days' intraday bars a ticker keeps (a year of hourly bars is 365). */
const INTRADAY_DAYS_KEPT = 4000;

/** Keeps a completed day's buckets of n minutes (they can no longer change). */
export function keepHistory(s: TickerState, n: number, day: number, bars: Bar[]): void {
  if (s.intraday.size >= INTRADAY_DAYS_KEPT) s.intraday.clear();
  s.intraday.set(day * 1000 + n, bars);
}

/** The completed days of [fromMs, toMs) whose buckets of n minutes are not kept yet, oldest first. */
export function missingHistory(s: TickerState, n: number, fromMs: number, toMs: number, nowMs: number): number[] {
  const days: number[] = [];
  if (!(toMs > fromMs)) return days;
  const last = Math.min(Math.floor((toMs - 1) / DAY_MS), Math.floor(nowMs / DAY_MS) - 1);
  for (let day = Math.floor(fromMs / DAY_MS); day <= last; day++) {
    if (!s.intraday.has(day * 1000 + n)) days.push(day);
  }
  return days;
}

function intradayBars(
  engine: SimEngine,
  s: TickerState,
  n: number,
  fromMs: number,
  toMs: number,
  nowMs: number,
): Bar[] {
  const out: Bar[] = [];
  if (n === 1) {
    engine.forEachMinute(s, fromMs, toMs, nowMs, (t, open, high, low, close, volume) => {
      out.push({ time: t / 1000, open, high, low, close, volume });
    });
    return out;
  }
  // Buckets never cross a UTC day (they are aligned to the day's session open), so they are made
  // day by day, and a completed day's are kept: they can no longer change.
  for (let day = Math.floor(fromMs / DAY_MS); day <= Math.floor((toMs - 1) / DAY_MS); day++) {
    const dayMs = day * DAY_MS;
    let bars: Bar[];
    if (dayMs + DAY_MS <= nowMs) {
      const kept = s.intraday.get(day * 1000 + n);
      if (kept) bars = kept;
      else keepHistory(s, n, day, (bars = bucketsOfDay(engine.historyPath(s, day), n)));
    } else bars = bucketsOf(engine, s, n, dayMs, dayMs + DAY_MS, nowMs);
    for (const b of bars) if (b.time * 1000 >= fromMs && b.time * 1000 < toMs) out.push({ ...b });
  }
  return out;
}

function dailyBars(engine: SimEngine, s: TickerState, fromDay: number, toDay: number, nowMs: number): Bar[] {
  const out: Bar[] = [];
  const lastDay = Math.min(toDay, Math.floor(nowMs / DAY_MS));
  for (let d = fromDay; d <= lastDay; d++) {
    const b = engine.dailyBar(s, d, nowMs);
    if (b) out.push(b);
  }
  return out;
}

/** Monday of a day's week. */
export function weekStart(day: number): number {
  return day - ((weekday(day) + 6) % 7);
}

export function monthStart(day: number): number {
  const p = dateParts(day);
  return dayNumber(p.year, p.month, 1);
}

function nextMonth(first: number): number {
  const p = dateParts(first);
  return dayNumber(p.year, p.month + 1, 1);
}

/** Bars of a ticker whose start lies in [fromMs, toMs), oldest first. */
export function simBars(
  engine: SimEngine,
  s: TickerState,
  interval: Interval,
  fromMs: number,
  toMs: number,
  nowMs: number,
): Bar[] {
  if (!(toMs > fromMs)) return [];
  const n = INTRADAY_MINUTES[interval];
  if (n) return intradayBars(engine, s, n, fromMs, toMs, nowMs);
  const firstDay = Math.ceil(fromMs / DAY_MS);
  const lastDay = Math.ceil(toMs / DAY_MS) - 1;
  if (interval === '1day') return dailyBars(engine, s, firstDay, lastDay, nowMs);
  const out: Bar[] = [];
  if (interval === '1week') {
    let w = weekStart(firstDay);
    if (w < firstDay) w += 7;
    for (; w <= lastDay && w * DAY_MS <= nowMs; w += 7) {
      const b = mergeBars(w * 86400, dailyBars(engine, s, w, w + 6, nowMs));
      if (b) out.push(b);
    }
    return out;
  }
  let m = monthStart(firstDay);
  if (m < firstDay) m = nextMonth(m);
  for (; m <= lastDay && m * DAY_MS <= nowMs; m = nextMonth(m)) {
    const b = mergeBars(m * 86400, dailyBars(engine, s, m, nextMonth(m) - 1, nowMs));
    if (b) out.push(b);
  }
  return out;
}
