/**
 * The simulated market's engine: caches of blocks and day paths per ticker, live prices and full
 * quotes at any instant, and the regular-session minutes bars are made of. Synchronous and pure
 * (caching aside): the async provider in index.ts wraps it.
 */
import type { Bar, Quote } from '@drat/contracts';
import { DAY_MS, MINUTE_MS, tradingDayOnOrBefore } from './calendar';
import { hash3, hashString } from './rng';
import {
  blockOf,
  buildDayPath,
  computeBlock,
  minuteOpen,
  newPathArrays,
  minuteSoFar,
  priceWithin,
  type Block,
  type DayPath,
  type TickerModel,
} from './process';
import { CLOSED, REGULAR, Sessions } from './sessions';
import { UNIVERSE, findTicker } from './universe';

const S_SPREAD = 21;
const PATH_CACHE = 384;

interface SessionStats {
  date: number;
  prevclose: number;
  path: DayPath | null;
  regStart: number;
  /** Running high, low and volume over the session's regular minutes. */
  high: Float64Array;
  low: Float64Array;
  volume: Float64Array;
}

export interface TickerState {
  model: TickerModel;
  blocks: Map<number, Block>;
  last: DayPath | null;
  stats: SessionStats | null;
  daily: Map<number, Bar | null>;
  /** Intraday bars of completed days, by day × 1000 + the interval's minutes (bars.ts). */
  intraday: Map<number, Bar[]>;
}

/** Visits one regular-session minute: its start (ms), OHLCV and the path it came from. */
export type MinuteVisitor = (
  startMs: number,
  o: number,
  h: number,
  l: number,
  c: number,
  v: number,
  path: DayPath,
  i: number,
) => void;

const round4 = (x: number) => Math.round(x * 10000) / 10000;
const round2 = (x: number) => Math.round(x * 100) / 100;

export class SimEngine {
  readonly sessions: Sessions;
  private readonly states = new Map<string, TickerState>();
  private readonly paths = new Map<number, DayPath>();
  /** historyPath's arrays. */
  private readonly scratch = newPathArrays();

  constructor(
    readonly seed: string,
    readonly alwaysOpen: boolean,
  ) {
    this.sessions = new Sessions(alwaysOpen);
    const marketKey = hashString(`${seed}\u0000market`);
    for (const ticker of UNIVERSE) {
      const model: TickerModel = { ticker, key: hashString(`${seed}\u0000${ticker.symbol}`), marketKey };
      this.states.set(ticker.symbol, {
        model,
        blocks: new Map(),
        last: null,
        stats: null,
        daily: new Map(),
        intraday: new Map(),
      });
    }
  }

  /** The state of a known symbol (case-insensitive), or undefined. */
  state(symbol: string): TickerState | undefined {
    const t = findTicker(symbol);
    return t ? this.states.get(t.symbol) : undefined;
  }

  block(s: TickerState, b: number): Block {
    let block = s.blocks.get(b);
    if (!block) {
      block = computeBlock(s.model, this.sessions, b);
      if (s.blocks.size >= 64) s.blocks.clear();
      s.blocks.set(b, block);
    }
    return block;
  }

  dayPath(s: TickerState, day: number): DayPath {
    const last = s.last;
    if (last && last.day === day) return last;
    const key = day * 1024 + s.model.ticker.index;
    let path = this.paths.get(key);
    if (path) {
      this.paths.delete(key);
    } else {
      path = buildDayPath(s.model, this.sessions.layout(day), this.block(s, blockOf(day)));
      if (this.paths.size >= PATH_CACHE) this.paths.delete(this.paths.keys().next().value!);
    }
    this.paths.set(key, path);
    s.last = path;
    return path;
  }

  /**
   * A completed day's path for one use (history, whose bars are kept rather than its path): the
   * cached path when there is one, else built into scratch arrays, good until the next call. A
   * year of history then allocates no paths and evicts none of the recent days'.
   */
  historyPath(s: TickerState, day: number): DayPath {
    if (s.last?.day === day) return s.last;
    const cached = this.paths.get(day * 1024 + s.model.ticker.index);
    if (cached) return cached;
    return buildDayPath(s.model, this.sessions.layout(day), this.block(s, blockOf(day)), this.scratch);
  }

  /** The day's volatility-regime multiplier at an instant (1 = normal). */
  volatilityMultiplier(s: TickerState, ms: number): number {
    return this.dayPath(s, Math.floor(ms / DAY_MS)).volMult;
  }

  /** The last price at an instant: the cheap path of a live quote. */
  price(s: TickerState, ms: number): number {
    const minute = Math.floor(ms / MINUTE_MS);
    const day = Math.floor(minute / 1440);
    const path = this.dayPath(s, day);
    return priceWithin(path, minute - day * 1440, (ms - minute * MINUTE_MS) / MINUTE_MS);
  }

  /** Bid and ask around a last price: wider for illiquid names, outside the regular session and in turbulent regimes. */
  bidAsk(s: TickerState, path: DayPath, i: number, minute: number, last: number): { bid: number; ask: number } {
    const code = path.layout.codes[i]!;
    const rel = s.model.ticker.spreadRel * Math.sqrt(path.volMult) * (code === REGULAR ? 1 : code === CLOSED ? 4 : 3);
    const spread = last * rel;
    const u = 0.3 + (0.4 * (hash3(s.model.key, S_SPREAD, minute) & 1023)) / 1023;
    const scale = last >= 1 ? 100 : 10000;
    const bid = Math.max(1, Math.floor((last - spread * u) * scale + 1e-7)) / scale;
    const ask = Math.ceil((last + spread * (1 - u)) * scale - 1e-7) / scale;
    return { bid, ask: Math.max(ask, bid + 1 / scale) };
  }

  private sessionStats(s: TickerState, date: number): SessionStats {
    if (s.stats && s.stats.date === date) return s.stats;
    const layout = this.sessions.layout(date);
    let prevclose: number;
    if (this.alwaysOpen) {
      prevclose = this.dayPath(s, date).open0;
    } else {
      const prev = tradingDayOnOrBefore(date - 1);
      prevclose = this.dayPath(s, prev).close[this.sessions.layout(prev).regEnd - 1]!;
    }
    const len = Math.max(0, layout.regEnd - layout.regStart);
    const high = new Float64Array(len);
    const low = new Float64Array(len);
    const volume = new Float64Array(len);
    const path = len > 0 ? this.dayPath(s, date) : null;
    if (path) {
      let h = -Infinity;
      let l = Infinity;
      let v = 0;
      for (let k = 0; k < len; k++) {
        const i = layout.regStart + k;
        h = Math.max(h, path.high[i]!);
        l = Math.min(l, path.low[i]!);
        v += path.volume[i]!;
        high[k] = h;
        low[k] = l;
        volume[k] = v;
      }
    }
    s.stats = { date, prevclose, path, regStart: layout.regStart, high, low, volume };
    return s.stats;
  }

  /**
   * The full quote at an instant. open/high/low/volume are the trading date's regular session so
   * far (0 before its open, as Tradier reports nulls); change is against the previous regular close.
   */
  quote(s: TickerState, ms: number, at = new Date(ms).toISOString()): Quote {
    const minute = Math.floor(ms / MINUTE_MS);
    const day = Math.floor(minute / 1440);
    const i = minute - day * 1440;
    const f = (ms - minute * MINUTE_MS) / MINUTE_MS;
    const path = this.dayPath(s, day);
    const date = this.sessions.tradeDate(day, i);
    const st = this.sessionStats(s, date);
    const len = st.high.length;
    let last: number;
    let open = 0;
    let high = 0;
    let low = 0;
    let volume = 0;
    if (day === date && len > 0 && i >= st.regStart && i < st.regStart + len) {
      const k = i - st.regStart;
      const now = minuteSoFar(path, i, f);
      last = now.close;
      open = minuteOpen(path, st.regStart);
      high = k > 0 ? Math.max(st.high[k - 1]!, now.high) : now.high;
      low = k > 0 ? Math.min(st.low[k - 1]!, now.low) : now.low;
      volume = (k > 0 ? st.volume[k - 1]! : 0) + now.volume;
    } else {
      last = priceWithin(path, i, f);
      if (len > 0 && (day > date || i >= st.regStart + len)) {
        open = minuteOpen(st.path!, st.regStart);
        high = st.high[len - 1]!;
        low = st.low[len - 1]!;
        volume = st.volume[len - 1]!;
      }
    }
    const { bid, ask } = this.bidAsk(s, path, i, minute, last);
    const change = round4(last - st.prevclose);
    return {
      symbol: s.model.ticker.symbol,
      name: s.model.ticker.company.name,
      last,
      bid,
      ask,
      open,
      high,
      low,
      prevclose: st.prevclose,
      change,
      change_percentage: st.prevclose > 0 ? round2((change / st.prevclose) * 100) : 0,
      volume,
      at,
    };
  }

  /**
   * Visits the regular-session minutes that start in [fromMs, toMs) and not after nowMs, oldest
   * first; the minute containing nowMs is seen as it stands at nowMs.
   */
  forEachMinute(s: TickerState, fromMs: number, toMs: number, nowMs: number, visit: MinuteVisitor): void {
    const end = Math.min(toMs, nowMs + 1);
    if (end <= fromMs) return;
    const firstMinute = Math.ceil(fromMs / MINUTE_MS);
    const lastMinute = Math.ceil(end / MINUTE_MS) - 1;
    for (let day = Math.floor(firstMinute / 1440); day <= Math.floor(lastMinute / 1440); day++) {
      const layout = this.sessions.layout(day);
      if (layout.regStart < 0) continue;
      const lo = Math.max(layout.regStart, firstMinute - day * 1440);
      const hi = Math.min(layout.regEnd - 1, lastMinute - day * 1440);
      if (lo > hi) continue;
      const path = this.dayPath(s, day);
      for (let i = lo; i <= hi; i++) {
        const start = (day * 1440 + i) * MINUTE_MS;
        if (start + MINUTE_MS > nowMs) {
          const m = minuteSoFar(path, i, (nowMs - start) / MINUTE_MS);
          visit(start, m.open, m.high, m.low, m.close, m.volume, path, i);
        } else {
          visit(start, minuteOpen(path, i), path.high[i]!, path.low[i]!, path.close[i]!, path.volume[i]!, path, i);
        }
      }
    }
  }

  /** The regular-session aggregate of a UTC day as seen at nowMs (time = the day's 00:00 UTC), or null. */
  dailyBar(s: TickerState, day: number, nowMs: number): Bar | null {
    const cached = s.daily.get(day);
    if (cached !== undefined) return cached;
    const layout = this.sessions.layout(day);
    if (layout.regStart < 0) return null;
    const dayMs = day * DAY_MS;
    let bar: Bar | null = null;
    this.forEachMinute(s, dayMs, dayMs + DAY_MS, nowMs, (_t, o, h, l, c, v) => {
      if (!bar) bar = { time: dayMs / 1000, open: o, high: h, low: l, close: c, volume: v };
      else {
        if (h > bar.high) bar.high = h;
        if (l < bar.low) bar.low = l;
        bar.close = c;
        bar.volume += v;
      }
    });
    if (dayMs + layout.regEnd * MINUTE_MS <= nowMs) {
      if (s.daily.size >= 40_000) s.daily.clear();
      s.daily.set(day, bar);
    }
    return bar;
  }
}
