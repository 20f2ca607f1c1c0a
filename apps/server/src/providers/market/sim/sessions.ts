/**
 * The shape of one UTC day for the price process: which minutes belong to which session, how much
 * of the day's variance and volume each minute carries, and which trading date a minute belongs
 * to. Shared by every ticker (it depends only on the calendar and the always-open switch).
 *
 * NYSE mode: the regular session of trading date D (9:30-16:00 ET = 13:30-21:00 UTC at most) lies
 * inside UTC day D. Prices move in pre-market, regular and post-market minutes and stand still
 * while the market is closed; the overnight gap happens in the first pre-market minute (04:00 ET).
 * Bars (every interval) cover the regular session only, as Tradier's daily history does.
 * Always-open mode: every minute of every UTC day is a regular minute and the trading date is the
 * UTC day.
 */
import { MINUTE_MS, daySchedule, tradingDayOnOrBefore, type DaySchedule } from './calendar';
import { etOffsetMinutes } from './clock';

export const CLOSED = 0;
export const PRE = 1;
export const REGULAR = 2;
export const POST = 3;

/** Variance weight of an extended-hours minute (a regular minute averages about 1). */
export const EXTENDED_WEIGHT = 0.12;
/** Variance weight of the overnight gap, carried by the first pre-market minute. */
export const GAP_WEIGHT = 45;
/** Volume of an extended-hours minute as a share of the average daily volume. */
export const EXTENDED_VOLUME_SHARE = 0.0003;

export interface DayLayout {
  /** UTC day number. */
  day: number;
  /** Session of each of the 1440 minutes of the UTC day. */
  codes: Uint8Array;
  /** Regular minutes are [regStart, regEnd) of this UTC day; both -1 when there are none. */
  regStart: number;
  regEnd: number;
  /** The minute carrying the overnight gap, or -1. */
  gapMinute: number;
  /** Sum of the variance weights of the day's minutes. */
  totalWeight: number;
  /** Trading date (day number) of minutes before `cut`, and of minutes from `cut` on. */
  tradeDateBefore: number;
  tradeDateAfter: number;
  cut: number;
}

const shapes = new Map<number, { variance: Float64Array; volume: Float64Array }>();

/** Intraday U-shapes over a regular session of `len` minutes (variance mean ~1, volume sums to 1). */
export function sessionShapes(len: number): { variance: Float64Array; volume: Float64Array } {
  let s = shapes.get(len);
  if (s) return s;
  const variance = new Float64Array(len);
  const volume = new Float64Array(len);
  let vSum = 0;
  let volSum = 0;
  const flat = len >= 1440;
  for (let k = 0; k < len; k++) {
    const tail = len - 1 - k;
    variance[k] = flat ? 1 : 0.55 + 1.6 * Math.exp(-k / 25) + 0.7 * Math.exp(-tail / 30);
    volume[k] = flat ? 1 : 0.45 + 3 * Math.exp(-k / 18) + 2.2 * Math.exp(-tail / 14);
    vSum += variance[k]!;
    volSum += volume[k]!;
  }
  for (let k = 0; k < len; k++) {
    variance[k] = (variance[k]! * len) / vSum;
    volume[k] = volume[k]! / volSum;
  }
  s = { variance, volume };
  shapes.set(len, s);
  return s;
}

/** The variance weight of minute i of a layout. */
export function minuteWeight(layout: DayLayout, i: number, variance: Float64Array): number {
  const code = layout.codes[i]!;
  if (code === REGULAR) return variance[i - layout.regStart]!;
  if (code === CLOSED) return 0;
  return i === layout.gapMinute ? GAP_WEIGHT : EXTENDED_WEIGHT;
}

function computeTotalWeight(layout: DayLayout): number {
  const len = layout.regEnd - layout.regStart;
  const { variance } = sessionShapes(Math.max(len, 1));
  let w = 0;
  for (let i = 0; i < 1440; i++) w += minuteWeight(layout, i, variance);
  return w;
}

const ALL_REGULAR = new Uint8Array(1440).fill(REGULAR);

function alwaysOpenLayout(day: number): DayLayout {
  return {
    day,
    codes: ALL_REGULAR,
    regStart: 0,
    regEnd: 1440,
    gapMinute: -1,
    totalWeight: 1440,
    tradeDateBefore: day,
    tradeDateAfter: day,
    cut: 0,
  };
}

function nyseLayout(day: number): DayLayout {
  const codes = new Uint8Array(1440);
  let regStart = -1;
  let regEnd = -1;
  let gapMinute = -1;
  const dayStartMs = day * 1440 * MINUTE_MS;
  // The offset changes at most once a day: when it is the same at both ends, no look-up per hour.
  let schedDay = NaN;
  let sched: DaySchedule | null = null;
  const first = etOffsetMinutes(dayStartMs);
  const same = first === etOffsetMinutes(dayStartMs + 23 * 60 * MINUTE_MS);
  for (let h = 0; h < 24; h++) {
    const off = same ? first : etOffsetMinutes(dayStartMs + h * 60 * MINUTE_MS);
    for (let i = h * 60; i < h * 60 + 60; i++) {
      const local = day * 1440 + i + off;
      const localDay = Math.floor(local / 1440);
      const m = local - localDay * 1440;
      if (localDay !== schedDay) {
        schedDay = localDay;
        sched = daySchedule(localDay);
      }
      const s = sched;
      let code = CLOSED;
      if (s && m >= s.pre && m < s.post) code = m < s.open ? PRE : m < s.close ? REGULAR : POST;
      codes[i] = code;
      if (code === REGULAR) {
        if (regStart < 0) regStart = i;
        regEnd = i + 1;
      } else if (code === PRE && m === s!.pre && localDay === day) {
        gapMinute = i;
      }
    }
  }
  // 04:00 ET (the pre-market start) is 08:00 or 09:00 UTC: before it, the trading date is the last
  // one before this day; from it on, this day if it trades.
  const cut = 4 * 60 - etOffsetMinutes(dayStartMs + 12 * 60 * MINUTE_MS);
  const before = tradingDayOnOrBefore(day - 1);
  const layout: DayLayout = {
    day,
    codes,
    regStart,
    regEnd,
    gapMinute,
    totalWeight: 0,
    tradeDateBefore: before,
    tradeDateAfter: daySchedule(day) ? day : before,
    cut,
  };
  layout.totalWeight = computeTotalWeight(layout);
  return layout;
}

/** Day layouts for one mode, cached. */
export class Sessions {
  private readonly cache = new Map<number, DayLayout>();
  /** Total weight of an ordinary full trading day: the unit of a day's share of annual variance. */
  readonly referenceWeight: number;
  /** Trading days per year in this mode (annual variance is spread over them). */
  readonly daysPerYear: number;

  constructor(readonly alwaysOpen: boolean) {
    // 2026-01-07, an ordinary Wednesday.
    this.referenceWeight = alwaysOpen ? 1440 : nyseLayout(20460).totalWeight;
    this.daysPerYear = alwaysOpen ? 365 : 252;
  }

  layout(day: number): DayLayout {
    let l = this.cache.get(day);
    if (!l) {
      l = this.alwaysOpen ? alwaysOpenLayout(day) : nyseLayout(day);
      if (this.cache.size >= 50_000) this.cache.clear();
      this.cache.set(day, l);
    }
    return l;
  }

  /** The trading date a minute of a UTC day belongs to (quotes' open, high, low, volume and change). */
  tradeDate(day: number, minute: number): number {
    const l = this.layout(day);
    return minute < l.cut ? l.tradeDateBefore : l.tradeDateAfter;
  }
}
