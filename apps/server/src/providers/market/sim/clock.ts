/**
 * New York time and the market clock: the America/New_York offset (DST included) from
 * Intl.DateTimeFormat, NYSE regular and extended hours on the trading calendar, and simulated
 * time. Pure: every function takes the instant it is asked about.
 */
import type { MarketClock, MarketState } from '@drat/contracts';
import { DAY_MS, MINUTE_MS, daySchedule, isTradingDay, nextTradingDay } from './calendar';

const HOUR_MS = 3_600_000;

/**
 * The fixed anchor of simulated time, the same on every node: simulated = anchor + (wall − anchor) × speed.
 * With speed 1 simulated time is wall time.
 */
export const SIM_EPOCH_MS = Date.UTC(2026, 0, 1);

export function simulatedTime(wallMs: number, speed: number, anchorMs = SIM_EPOCH_MS): number {
  return Math.floor(anchorMs + (wallMs - anchorMs) * speed);
}

const nyParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

const offsets = new Map<number, number>();

/** New York's offset from UTC in minutes at an instant (−300 in winter, −240 in summer). */
export function etOffsetMinutes(ms: number): number {
  // Offsets change only on whole UTC hours, so one look-up per hour is exact.
  const hour = Math.floor(ms / HOUR_MS);
  let off = offsets.get(hour);
  if (off === undefined) {
    const p: Record<string, number> = {};
    for (const part of nyParts.formatToParts(new Date(hour * HOUR_MS))) {
      if (part.type !== 'literal') p[part.type] = Number(part.value);
    }
    const local = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!);
    off = Math.round((local - hour * HOUR_MS) / MINUTE_MS);
    if (offsets.size > 200_000) offsets.clear();
    offsets.set(hour, off);
  }
  return off;
}

/** The New York calendar day (day number) and minute of that day at an instant. */
export function etLocal(ms: number): { day: number; minute: number } {
  const localMinutes = Math.floor(ms / MINUTE_MS) + etOffsetMinutes(ms);
  const day = Math.floor(localMinutes / 1440);
  return { day, minute: localMinutes - day * 1440 };
}

/** The instant of a New York wall time (day number, minute of the day). */
export function etToUtcMs(day: number, minute: number): number {
  const local = day * DAY_MS + minute * MINUTE_MS;
  const guess = local - etOffsetMinutes(local + 5 * HOUR_MS) * MINUTE_MS;
  return local - etOffsetMinutes(guess) * MINUTE_MS;
}

export interface MarketStateAt {
  state: MarketState;
  nextState: MarketState;
  nextChangeMs: number;
  description: string;
}

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The session state at an instant and when it next changes (NYSE hours, or always open). */
export function marketStateAt(ms: number, alwaysOpen: boolean): MarketStateAt {
  if (alwaysOpen) {
    return {
      state: 'open',
      nextState: 'open',
      nextChangeMs: (Math.floor(ms / DAY_MS) + 1) * DAY_MS,
      description: 'Market is open (simulated market, always open)',
    };
  }
  const { day, minute } = etLocal(ms);
  const s = daySchedule(day);
  if (s && minute >= s.pre && minute < s.open) {
    return {
      state: 'premarket',
      nextState: 'open',
      nextChangeMs: etToUtcMs(day, s.open),
      description: `Market is in pre-market hours from ${hhmm(s.pre)} to ${hhmm(s.open)}`,
    };
  }
  if (s && minute >= s.open && minute < s.close) {
    return {
      state: 'open',
      nextState: 'postmarket',
      nextChangeMs: etToUtcMs(day, s.close),
      description: `Market is open from ${hhmm(s.open)} to ${hhmm(s.close)}`,
    };
  }
  if (s && minute >= s.close && minute < s.post) {
    return {
      state: 'postmarket',
      nextState: 'closed',
      nextChangeMs: etToUtcMs(day, s.post),
      description: `Market is in post-market hours from ${hhmm(s.close)} to ${hhmm(s.post)}`,
    };
  }
  const next = s && minute < s.pre ? day : nextTradingDay(day);
  return {
    state: 'closed',
    nextState: 'premarket',
    nextChangeMs: etToUtcMs(next, daySchedule(next)!.pre),
    description: 'Market is closed.',
  };
}

export function marketClockAt(ms: number, alwaysOpen: boolean): MarketClock {
  const s = marketStateAt(ms, alwaysOpen);
  return {
    state: s.state,
    at: new Date(ms).toISOString(),
    next_state: s.nextState,
    next_change: new Date(s.nextChangeMs).toISOString(),
    description: s.description,
  };
}

/** Whether the regular session is open at an instant. */
export function isRegularSession(ms: number, alwaysOpen: boolean): boolean {
  if (alwaysOpen) return true;
  const { day, minute } = etLocal(ms);
  const s = isTradingDay(day) ? daySchedule(day) : null;
  return s !== null && minute >= s.open && minute < s.close;
}
