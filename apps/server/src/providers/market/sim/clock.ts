/**
 * The market clock: NYSE regular and extended hours on the trading calendar, and simulated time,
 * on New York time (../new-york.ts). Pure: every function takes the instant it is asked about.
 */
import type { MarketClock, MarketState } from '@drat/contracts';
import { etLocal, etToUtcMs } from '../new-york';
import { DAY_MS, daySchedule, isTradingDay, nextTradingDay } from './calendar';

export { etLocal, etOffsetMinutes, etToUtcMs } from '../new-york';

/**
 * The fixed anchor of simulated time, the same on every node: simulated = anchor + (wall − anchor) × speed.
 * With speed 1 simulated time is wall time.
 */
export const SIM_EPOCH_MS = Date.UTC(2026, 0, 1);

export function simulatedTime(wallMs: number, speed: number, anchorMs = SIM_EPOCH_MS): number {
  return Math.floor(anchorMs + (wallMs - anchorMs) * speed);
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
