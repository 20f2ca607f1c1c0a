/**
 * The runner's watcher (runner.service.ts): quotes for the instruments of a partition's running
 * trades, the indicator values their condition rows read (each computed at most once a minute),
 * and the cancel-if-not-filled deadlines; the trade book steps only the trades a quote concerns.
 * The running trades are held in memory between passes, kept true by their row's version.
 */
import { INTERVALS, type StockTaQuery } from '@drat/contracts';
import {
  createTradeBook,
  dec,
  equity,
  indicatorsWanted,
  parseIndicatorKey,
  toText,
  type EngineTrade,
  type TradeBook,
  type TradeEvent,
} from '@drat/engine';
import type { RunnerDeps } from './runner.service';
import type { Steps } from './steps';

/** Indicator values (GET /stock/ta's rules): SMA or EMA of a ticker's bars; throws when there are too few bars. */
export interface Technicals {
  technical(q: {
    ticker: string;
    parameter: 'SMA' | 'EMA' | 'VALUE';
    timePeriod: number;
    interval: StockTaQuery['interval'];
  }): Promise<{ value: number }>;
}

/** How long an indicator value is used before it is computed again (a bar of the smallest interval). */
const INDICATOR_TTL_MS = 60_000;
const INDICATOR_CACHE_MAX = 10_000;
/** How many changed states one query reads. */
const READ_AT_ONCE = 1_000;

/** A partition not watched here for this long is let go (its watcher runs on another process now). */
const HELD_IDLE_MS = 120_000;

interface Held {
  trades: Map<number, { version: number; trade: EngineTrade }>;
  book: TradeBook;
  /** When a pass last looked at it (epoch ms). */
  used: number;
  /** The pass under way, if any: passes of one partition run one after the other. */
  pass: Promise<unknown>;
}

export function createWatcher(deps: RunnerDeps, { apply }: Pick<Steps, 'apply'>) {
  const { repo, now, log } = deps;

  /** Quotes of the instruments the trades watch: equities in one call, options one by one, multilegs summed. */
  async function quotesFor(instruments: Map<string, EngineTrade['ranges'][number]['instrument']>) {
    const at = now().getTime();
    const out: Extract<TradeEvent, { type: 'quote' }>[] = [];
    const equities = [...instruments.values()].filter((i) => i.kind === 'equity').map((i) => i.key);
    for (const q of equities.length ? await deps.market.quotes(equities) : []) {
      out.push({
        type: 'quote',
        instrument: q.symbol,
        last: String(q.last),
        bid: String(q.bid),
        ask: String(q.ask),
        at,
      });
    }
    for (const i of instruments.values()) {
      if (i.kind === 'equity' || !i.legs) continue;
      const legs = await Promise.all(i.legs.map((l) => deps.market.optionQuote(l.symbol)));
      if (legs.some((l) => l === null)) continue;
      const sum = (f: 'bid' | 'ask' | 'last') =>
        toText(legs.reduce((s, l, n) => s.plus(dec(l![f]).times(i.legs![n]!.ratio)), dec(0)));
      out.push({ type: 'quote', instrument: i.key, last: sum('last'), bid: sum('bid'), ask: sum('ask'), at });
    }
    return out;
  }

  /** Indicator values by ticker and key, each computed at most once a minute across the watch passes. */
  const indicatorCache = new Map<string, { value: string | null; at: number }>();
  async function indicatorValue(ticker: string, key: string): Promise<string | null> {
    const at = now().getTime();
    const cached = indicatorCache.get(`${ticker}|${key}`);
    if (cached && at - cached.at < INDICATOR_TTL_MS) return cached.value;
    const parts = parseIndicatorKey(key);
    let value: string | null = null;
    if (parts && (INTERVALS as readonly string[]).includes(parts.interval)) {
      try {
        const r = await deps.technicals.technical({
          ticker,
          parameter: parts.parameter,
          timePeriod: parts.timePeriod,
          interval: parts.interval as StockTaQuery['interval'],
        });
        value = toText(dec(r.value));
      } catch (err) {
        // Too few bars, or the market did not answer: the condition waits (a value not known is false).
        log.debug({ err, ticker, key }, 'indicator value not available');
      }
    }
    // Values of rows that ended are never read again: the cache starts over rather than grow.
    if (indicatorCache.size >= INDICATOR_CACHE_MAX) indicatorCache.clear();
    indicatorCache.set(`${ticker}|${key}`, { value, at });
    return value;
  }

  /** The indicator values a trade's pending rows read, as events for those that changed. */
  async function indicatorEvents(trade: EngineTrade, wanted: readonly string[]): Promise<TradeEvent[]> {
    const events: TradeEvent[] = [];
    for (const key of wanted) {
      const value = await indicatorValue(trade.ticker, key);
      if (value !== null && trade.indicators[key] !== value) {
        events.push({ type: 'indicator', key, value, at: now().getTime() });
      }
    }
    return events;
  }

  /**
   * What this process holds of a partition's running trades between its passes: each state at
   * the version it was read or stepped at, and their book. A pass lists the running trades' ids and
   * versions only, and reads again just the states that changed (stepped here or on another
   * process, or new), so a quiet trade is parsed once, not every second. Passes of one partition
   * run one at a time (two watchers' minutes may overlap), and a partition no pass has looked at
   * for two minutes is let go.
   */
  const partitions = new Map<string, Held>();

  function keep(held: Held, id: number, version: number, trade: EngineTrade): void {
    const was = held.trades.get(id);
    if (was && was.version > version) return; // a later step is held already
    if (trade.status !== 'PENDING' && trade.status !== 'OPEN') {
      held.trades.delete(id);
      held.book.remove(trade.id);
      return;
    }
    held.trades.set(id, { version, trade });
    held.book.put(trade);
  }

  /** The partition's running trades, as the database has them now. */
  async function refresh(held: Held, partition: number, of: number): Promise<void> {
    const running = new Set<number>();
    const changed: number[] = [];
    for (const { id, version } of await repo.runningVersions(partition, of)) {
      running.add(id);
      if (held.trades.get(id)?.version !== version) changed.push(id);
    }
    for (const [id, { trade }] of held.trades) {
      if (running.has(id)) continue;
      held.trades.delete(id);
      held.book.remove(trade.id);
    }
    for (let i = 0; i < changed.length; i += READ_AT_ONCE) {
      for (const r of await repo.states(changed.slice(i, i + READ_AT_ONCE))) keep(held, r.id, r.version, r.state);
    }
  }

  /** One look at the market for a partition of the running trades: steps those a quote concerns. */
  function watch(partition = 0, of = 1): Promise<number> {
    const key = `${partition}/${of}`;
    const at = now().getTime();
    for (const [other, h] of partitions) if (other !== key && at - h.used > HELD_IDLE_MS) partitions.delete(other);
    let held = partitions.get(key);
    if (!held) {
      held = { trades: new Map(), book: createTradeBook(), used: at, pass: Promise.resolve() };
      partitions.set(key, held);
    }
    const h = held;
    h.used = at;
    const pass = h.pass.then(() => look(h, partition, of));
    // The next pass waits for this one, whether it ends well or not.
    h.pass = pass.catch(() => undefined);
    return pass;
  }

  async function look(held: Held, partition: number, of: number): Promise<number> {
    await refresh(held, partition, of);
    const instruments = new Map<string, EngineTrade['ranges'][number]['instrument']>();
    let stepped = 0;
    for (const [id, { trade: state }] of held.trades) {
      let trade = state;
      const wanted = indicatorsWanted(state);
      // Most trades read no indicator: no promise to make and await for them (thousands a pass).
      if (wanted.length)
        for (const e of await indicatorEvents(state, wanted)) {
          const applied = await apply(id, e);
          keep(held, id, applied.version, applied.trade);
          trade = applied.trade;
          stepped++;
        }
      for (const r of trade.ranges) if (!r.completed) instruments.set(r.instrument.key, r.instrument);
      for (const row of trade.conditions) {
        if (row.done) continue;
        for (const c of row.conditions) {
          if (c.kind === 'price' && !instruments.has(c.instrument)) instruments.set(c.instrument, equity(c.instrument));
        }
      }
    }
    if (held.book.size === 0) return stepped;
    for (const q of await quotesFor(instruments)) {
      for (const id of held.book.due([q])) {
        const applied = await apply(Number(id), q);
        keep(held, applied.id, applied.version, applied.trade);
        stepped++;
      }
    }
    return stepped;
  }

  async function tickDeadlines(): Promise<number> {
    const due = await repo.dueDeadlines(now());
    for (const id of due) await apply(id, { type: 'tick', at: now().getTime() });
    return due.length;
  }

  return { watch, tickDeadlines };
}
