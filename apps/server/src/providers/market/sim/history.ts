/**
 * The simulated market's history: a completed day's bars of n minutes, read straight off its minute
 * path. Used by this thread (bars.ts) and by the history helper thread (history-pool.ts), which
 * make the same bars from the same seed.
 */
import type { Bar } from '@drat/contracts';
import { MINUTE_MS } from './calendar';
import type { SimEngine, TickerState } from './engine';
import { minuteOpen, type DayPath } from './process';

/**
 * A completed day's buckets of n minutes, aligned to its session open: what bars.ts's bucketsOf
 * makes of the day when every minute of it is past (its regular session's minutes).
 */
export function bucketsOfDay(path: DayPath, n: number): Bar[] {
  const out: Bar[] = [];
  const { regStart: reg, regEnd } = path.layout;
  if (reg < 0) return out;
  for (let i = reg; i < regEnd; i += n) {
    const end = Math.min(regEnd, i + n);
    let high = path.high[i]!;
    let low = path.low[i]!;
    let volume = path.volume[i]!;
    for (let k = i + 1; k < end; k++) {
      if (path.high[k]! > high) high = path.high[k]!;
      if (path.low[k]! < low) low = path.low[k]!;
      volume += path.volume[k]!;
    }
    const time = ((path.day * 1440 + i) * MINUTE_MS) / 1000;
    out.push({ time, open: minuteOpen(path, i), high, low, close: path.close[end - 1]!, volume });
  }
  return out;
}

/** Completed days' buckets of n minutes, one list per day. */
export function historyOf(engine: SimEngine, s: TickerState, n: number, days: readonly number[]): Bar[][] {
  return days.map((day) => bucketsOfDay(engine.historyPath(s, day), n));
}
