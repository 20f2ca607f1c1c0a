/**
 * The simulated market (MARKET_DATA=sim, the default): a MarketDataProvider computed offline from
 * a seeded, deterministic price process, so every node computes the same prices with no shared
 * state. Simulated time = 2026-01-01T00:00Z + (wall − that anchor) × speed, the same on every node.
 */
import {
  INTERVALS,
  INTRADAY_MINUTES,
  type Bar,
  type CompanyReference,
  type Interval,
  type MarketClock,
  type OptionQuote,
  type Quote,
} from '@drat/contracts';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { MarketDataProvider } from '../interface';
import { parseOcc } from '@drat/engine';
import { DAY_MS, MINUTE_MS, isoDate, parseIsoDate } from './calendar';
import { etLocal, marketClockAt, simulatedTime, SIM_EPOCH_MS } from './clock';
import { missingHistory, simBars } from './bars';
import { HELPED_FROM_DAYS, startHistoryHelper, type HistoryHelper } from './history-pool';
import { simOptionMinuteBars } from './option-bars';
import { SimEngine, type TickerState } from './engine';
import {
  expirationDays,
  isQuotableStrike,
  listedStrikes,
  optionQuote,
  yearsToExpiry,
  type OptionMarket,
} from './options';
import { UNIVERSE, findByOptionRoot } from './universe';
import { newYorkCalendar } from '../calendar';

export { SimEngine } from './engine';
export { SIM_EPOCH_MS, simulatedTime } from './clock';

export interface SimMarketOptions {
  seed: string;
  /** Simulated time runs `speed` times faster than the wall clock. */
  speed: number;
  /** The clock always says open, and prices move at every hour of every day. */
  alwaysOpen: boolean;
  /** Wall clock in epoch ms (default Date.now): tests inject one. */
  wallClock?: () => number;
  /** Anchor of simulated time (default 2026-01-01T00:00Z); keep the default so nodes agree. */
  anchorMs?: number;
  /**
   * Start a history helper thread (history-pool.ts) that makes long histories of bars beside the
   * main thread (the server's market has one; tests need none).
   */
  historyHelper?: boolean;
  /** Making intraday bars gives the event loop a turn once this many ms have passed since the last, across calls (default 10; tests: 0). */
  barsTurnMs?: number;
}

export interface SimMarket extends MarketDataProvider {
  readonly name: 'sim';
  /** The synchronous engine underneath (benchmarks, backtests). */
  readonly engine: SimEngine;
  /** The history helper thread, when started. */
  readonly history: HistoryHelper | null;
}

/** Making intraday bars gives the event loop a turn once this long has passed since the last (dayByDay). */
const BARS_TURN_MS = 10;

/**
 * Intraday bars of [fromMs, toMs), made a UTC day at a time; before each day, once `turn.ms` have
 * passed since making bars last gave the event loop a turn (in this call or an earlier one: a
 * caller asking for many symbols in a row never gets a turn by awaiting us), it gets one.
 * Making bars is computation on this thread (a day's path, and an option's Black-Scholes price
 * for each minute): the alert lifecycle's catch-up of a week on every open alert's symbol took
 * the server's thread for about a second in one piece, and every request and socket waited. No
 * intraday bar crosses a UTC day, so the days' bars put together are the bars of the whole span.
 */
async function dayByDay(
  fromMs: number,
  toMs: number,
  turn: { ms: number; last: number },
  make: (fromMs: number, toMs: number) => Bar[],
): Promise<Bar[]> {
  const out: Bar[] = [];
  for (let at = fromMs; at < toMs;) {
    if (performance.now() - turn.last >= turn.ms) {
      await nextTurn();
      turn.last = performance.now();
    }
    const end = Math.min(toMs, (Math.floor(at / DAY_MS) + 1) * DAY_MS);
    for (const bar of make(at, end)) out.push(bar);
    at = end;
  }
  return out;
}

export function createSimMarket(options: SimMarketOptions): SimMarket {
  const { seed, speed, alwaysOpen } = options;
  const wallClock = options.wallClock ?? Date.now;
  const anchor = options.anchorMs ?? SIM_EPOCH_MS;
  const engine = new SimEngine(seed, alwaysOpen);
  const history = options.historyHelper ? startHistoryHelper(seed, alwaysOpen) : null;
  const nowMs = () => simulatedTime(wallClock(), speed, anchor);
  /** When making bars last let the event loop have a turn (dayByDay). */
  const barsTurn = { ms: options.barsTurnMs ?? BARS_TURN_MS, last: performance.now() };

  /** Everything an option quote needs about its underlying at an instant. */
  function optionMarket(s: TickerState, ms: number): OptionMarket & { reference: number } {
    const q = engine.quote(s, ms);
    const day = Math.floor(ms / DAY_MS);
    const i = Math.floor((ms - day * DAY_MS) / MINUTE_MS);
    const date = engine.sessions.tradeDate(day, i);
    const layout = engine.sessions.layout(day);
    const len = layout.regEnd - layout.regStart;
    const sessionFraction = date !== day || len <= 0 ? 1 : Math.min(1, Math.max(0, (i - layout.regStart) / len));
    return {
      ticker: s.model.ticker,
      key: s.model.key,
      spot: (q.bid + q.ask) / 2,
      regime: engine.volatilityMultiplier(s, ms),
      nowMs: ms,
      today: etLocal(ms).day,
      sessionFraction,
      reference: q.prevclose,
    };
  }

  function optionable(symbol: string): TickerState | undefined {
    const s = engine.state(symbol);
    return s && s.model.ticker.company.optionable ? s : undefined;
  }

  /** The listed expiration day of a YYYY-MM-DD string, or null. */
  function listedExpiration(s: TickerState, ms: number, expiration: string): number | null {
    const day = parseIsoDate(expiration);
    if (day === null) return null;
    return expirationDays(etLocal(ms).day, s.model.ticker.weeklies).includes(day) ? day : null;
  }

  function strikesOf(s: TickerState, m: OptionMarket & { reference: number }, expirationDay: number): number[] {
    return listedStrikes(m.reference, s.model.ticker.vol, yearsToExpiry(m.nowMs, expirationDay));
  }

  return {
    name: 'sim',
    engine,
    history,

    async quotes(symbols: string[]): Promise<Quote[]> {
      const ms = nowMs();
      const at = new Date(ms).toISOString();
      const out: Quote[] = [];
      for (const symbol of symbols) {
        const s = engine.state(symbol);
        if (s) out.push(engine.quote(s, ms, at));
      }
      return out;
    },

    async bars(symbol: string, interval: Interval, from: Date, to: Date): Promise<Bar[]> {
      const s = engine.state(symbol);
      const ms = nowMs();
      if (!s && interval === '1min') {
        // An option contract by OCC symbol (1-minute bars only): the alert lifecycle follows options alerts by them.
        const parts = parseOcc(symbol);
        const t = parts ? findByOptionRoot(parts.root) : undefined;
        const u = t ? optionable(t.symbol) : undefined;
        if (!parts || !u) return [];
        return dayByDay(from.getTime(), to.getTime(), barsTurn, (a, b) =>
          simOptionMinuteBars(engine, u, parts, a, b, ms),
        );
      }
      if (!s || !INTERVALS.includes(interval)) return [];
      const n = INTRADAY_MINUTES[interval];
      if (!n) return simBars(engine, s, interval, from.getTime(), to.getTime(), ms);
      if (history && n > 1) {
        // A long history not made yet: the helper thread makes part of it.
        const missing = missingHistory(s, n, from.getTime(), to.getTime(), ms);
        if (missing.length >= HELPED_FROM_DAYS) await history.fill(engine, s, n, missing);
      }
      return dayByDay(from.getTime(), to.getTime(), barsTurn, (a, b) => simBars(engine, s, interval, a, b, ms));
    },

    async clock(): Promise<MarketClock> {
      return marketClockAt(nowMs(), alwaysOpen);
    },

    async optionExpirations(symbol: string): Promise<string[]> {
      const s = optionable(symbol);
      if (!s) return [];
      return expirationDays(etLocal(nowMs()).day, s.model.ticker.weeklies).map(isoDate);
    },

    async optionStrikes(symbol: string, expiration: string): Promise<number[]> {
      const s = optionable(symbol);
      const ms = nowMs();
      const day = s ? listedExpiration(s, ms, expiration) : null;
      if (!s || day === null) return [];
      return strikesOf(s, optionMarket(s, ms), day);
    },

    async optionChain(symbol: string, expiration: string): Promise<OptionQuote[]> {
      const s = optionable(symbol);
      const ms = nowMs();
      const day = s ? listedExpiration(s, ms, expiration) : null;
      if (!s || day === null) return [];
      const m = optionMarket(s, ms);
      return strikesOf(s, m, day).flatMap((k) => [optionQuote(m, day, k, 'call'), optionQuote(m, day, k, 'put')]);
    },

    async optionQuote(occSymbol: string): Promise<OptionQuote | null> {
      const parts = parseOcc(occSymbol);
      const t = parts ? findByOptionRoot(parts.root) : undefined;
      const s = t ? optionable(t.symbol) : undefined;
      if (!parts || !s) return null;
      const ms = nowMs();
      const day = listedExpiration(s, ms, parts.expiration);
      if (day === null) return null;
      const m = optionMarket(s, ms);
      if (!isQuotableStrike(parts.strike, m.reference)) return null;
      return optionQuote(m, day, parts.strike, parts.option_type);
    },

    async company(symbol: string): Promise<CompanyReference | null> {
      const s = engine.state(symbol);
      return s ? { ...s.model.ticker.company } : null;
    },

    async universe(): Promise<string[]> {
      return UNIVERSE.map((t) => t.symbol);
    },

    now(): Date {
      return new Date(nowMs());
    },

    calendar: newYorkCalendar,

    async health(): Promise<boolean> {
      return true;
    },
  };
}
