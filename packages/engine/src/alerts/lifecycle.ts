/**
 * The alert lifecycle (issue 4, docs/alert-lifecycle.md): pure rules over an alert's levels, its
 * current state and the minute bars since it was last evaluated. No I/O and no clock: the caller
 * says up to when the bars are complete (`through`).
 *
 * The rules, for a long position (every alert is one: options alerts are long premium):
 * - Entry: the first bar that trades inside [buy_range_low, buy_range_high] enters the alert
 *   (BUY_RANGE). A bar that gaps over the range, or under it, without trading inside does not.
 * - Nothing else happens before entry: a price that falls through the stop, or runs through the
 *   targets, without ever trading in the buy range leaves the alert ONGOING and waiting.
 * - Target 1: after entry, a price at or above target_range_low closes half the position at
 *   target_range_low (half_completed, status 'TARGET 1').
 * - Target 2: a price at or above target_range_high completes the alert at target_range_high
 *   (status 'TARGET 2'); target 1 counts first when both come in the same move.
 * - Stop: after entry, a price at or below stop_loss completes the alert with 'STOP' at the stop,
 *   or at the bar's open when the bar opens below the stop (a gap down fills at the open).
 * - Within one bar the price is assumed to go open → low → high → close: the pessimistic order for
 *   a buyer, so a bar that touches both the stop and a target counts the stop.
 * - Expiry (options): at `expiresAt` an alert still open completes 'EXPIRED' at the last price.
 * - P/L is measured from the alert price (as the spec's win rate is): exit − alert price, and that
 *   over the alert price in percent. A half-completed alert shows its target-1 exit; a completed one
 *   its final exit.
 */
import { dec, percentOf, roundDec, toNumber } from '../money/decimal';
import { triggerNote } from './notes';

export type AlertCompletedStatus = 'ONGOING' | 'TARGET 1' | 'TARGET 2' | 'STOP' | 'EXPIRED';
export type AlertTriggerKind = 'BUY_RANGE' | 'TARGET_1' | 'TARGET_2' | 'STOP' | 'EXPIRED';

export const LIFECYCLE_BAR_MS = 60_000;

/** What the alert promised: fixed at publication. */
export interface AlertLevels {
  /** Used in trigger notes. */
  ticker: string;
  alertPrice: number;
  buyRangeLow: number;
  buyRangeHigh: number;
  targetRangeLow: number;
  targetRangeHigh: number;
  stopLoss: number;
  /** Epoch ms at which an options alert expires (16:00 ET on its expiration date); null: never. */
  expiresAt: number | null;
}

/** What the lifecycle has recorded so far (times in epoch ms). */
export interface AlertState {
  enteredAt: number | null;
  halfCompleted: boolean;
  halfExitPrice: number | null;
  halfCompletedAt: number | null;
  completed: boolean;
  completedStatus: AlertCompletedStatus;
  exitPrice: number | null;
  plDollar: number | null;
  plPercent: number | null;
  completedAt: number | null;
  lastTriggerAt: number | null;
  latestPrice: number | null;
  /** End of the last bar applied: bars that start before it are never applied again. */
  evaluatedThrough: number | null;
}

/** One price bar; `time` is its start in epoch ms. */
export interface PriceBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface TriggerEvent {
  kind: AlertTriggerKind;
  /** The price the event happened at (entry, exit or the last price). */
  price: number;
  /** Start of the bar it happened in (epoch ms); `expiresAt` for EXPIRED. */
  at: number;
  note: string;
}

export interface Evaluation {
  state: AlertState;
  /** New events, oldest first; each kind happens at most once in an alert's life. */
  events: TriggerEvent[];
}

export interface EvaluateOptions {
  /** Length of one bar (1 minute). */
  barMs?: number;
}

/** The state of a newly published alert. */
export function initialAlertState(): AlertState {
  return {
    enteredAt: null,
    halfCompleted: false,
    halfExitPrice: null,
    halfCompletedAt: null,
    completed: false,
    completedStatus: 'ONGOING',
    exitPrice: null,
    plDollar: null,
    plPercent: null,
    completedAt: null,
    lastTriggerAt: null,
    latestPrice: null,
    evaluatedThrough: null,
  };
}

/** P/L of an exit against the alert price: dollars per share or contract, and percent (4 decimals, exact). */
export function profitAndLoss(alertPrice: number, exit: number): { plDollar: number; plPercent: number } {
  const gain = dec(exit).minus(alertPrice);
  const plPercent = alertPrice > 0 ? toNumber(percentOf(gain, alertPrice, 4)!) : 0;
  return { plDollar: toNumber(roundDec(gain, 4)), plPercent };
}

/**
 * Applies the bars that end by `through` and start at or after `state.evaluatedThrough` (bars
 * already applied are skipped, so running the same bars again changes nothing), then expiry.
 * Returns the new state (a copy) and the events that happened, oldest first.
 */
export function evaluateAlert(
  levels: AlertLevels,
  state: AlertState,
  bars: readonly PriceBar[],
  through: number,
  options: EvaluateOptions = {},
): Evaluation {
  const barMs = options.barMs ?? LIFECYCLE_BAR_MS;
  const s: AlertState = { ...state };
  const events: TriggerEvent[] = [];
  if (s.completed) return { state: s, events };

  const from = s.evaluatedThrough ?? -Infinity;
  const expiresAt = levels.expiresAt;
  const lastUsable = expiresAt === null ? through : Math.min(through, expiresAt);

  const emit = (kind: AlertTriggerKind, price: number, at: number) => {
    const pl = profitAndLoss(levels.alertPrice, price);
    events.push({
      kind,
      price,
      at,
      note: triggerNote(kind, { ticker: levels.ticker, levels, price, plPercent: pl.plPercent }),
    });
    s.lastTriggerAt = at;
    return pl;
  };
  const complete = (status: AlertCompletedStatus, kind: AlertTriggerKind, exit: number, at: number) => {
    const pl = emit(kind, exit, at);
    s.completed = true;
    s.completedStatus = status;
    s.exitPrice = exit;
    s.plDollar = pl.plDollar;
    s.plPercent = pl.plPercent;
    s.completedAt = at;
  };

  /** The price moves monotonically from a to b inside the bar starting at `at`. */
  const move = (a: number, b: number, at: number) => {
    if (s.completed) return;
    let cur = a;
    if (s.enteredAt === null) {
      const lo = Math.min(a, b);
      const hi = Math.max(a, b);
      if (hi < levels.buyRangeLow || lo > levels.buyRangeHigh) return;
      cur = a > levels.buyRangeHigh ? levels.buyRangeHigh : a < levels.buyRangeLow ? levels.buyRangeLow : a;
      s.enteredAt = at;
      emit('BUY_RANGE', cur, at);
    }
    if (b <= cur && b <= levels.stopLoss) {
      complete('STOP', 'STOP', Math.min(cur, levels.stopLoss), at);
      return;
    }
    if (b >= cur) {
      if (!s.halfCompleted && b >= levels.targetRangeLow) {
        const pl = emit('TARGET_1', levels.targetRangeLow, at);
        s.halfCompleted = true;
        s.halfExitPrice = levels.targetRangeLow;
        s.halfCompletedAt = at;
        s.completedStatus = 'TARGET 1';
        s.exitPrice = levels.targetRangeLow;
        s.plDollar = pl.plDollar;
        s.plPercent = pl.plPercent;
      }
      if (b >= levels.targetRangeHigh) complete('TARGET 2', 'TARGET_2', levels.targetRangeHigh, at);
    }
  };

  /** Start of the first bar not complete by `through`: the next run starts there. */
  let pendingFrom: number | null = null;
  for (const bar of bars) {
    if (bar.time < from) continue; // applied by an earlier run
    const end = bar.time + barMs;
    if (end > through) {
      pendingFrom = bar.time; // not complete yet: a later run applies it
      break;
    }
    if (end > lastUsable) continue; // after expiry: ignored
    move(bar.open, bar.open, bar.time); // the open itself (a gap)
    move(bar.open, bar.low, bar.time);
    move(bar.low, bar.high, bar.time);
    move(bar.high, bar.close, bar.time);
    s.latestPrice = bar.close;
    s.evaluatedThrough = end;
    if (s.completed) break;
  }

  if (!s.completed && expiresAt !== null && through >= expiresAt) {
    complete('EXPIRED', 'EXPIRED', s.latestPrice ?? levels.alertPrice, expiresAt);
  }
  // Everything before `through` is now applied (no bar at all means a closed market).
  s.evaluatedThrough = Math.max(s.evaluatedThrough ?? -Infinity, pendingFrom ?? through);
  return { state: s, events };
}
