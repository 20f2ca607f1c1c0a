import { ASK_DRAT_MSG, MARKET_MSG, type Bar } from '@drat/contracts';
import { HISTORY_DAYS, isoDay, livePrice } from '@drat/engine';
import type { MarketDataProvider } from '../../providers/market/interface';
import { withProvider } from '../../providers/provider-error';
import { Lru } from './lru';
import { toolError } from './tools.access';

const DAY_MS = 86_400_000;
/** Daily histories kept in memory (one per ticker and market day). */
export const BARS_CACHE_ENTRIES = 200;

/** What a tool search reads about a ticker. */
export interface TickerSnapshot {
  ticker: string;
  companyName: string;
  /** The live price (last trade, else mid); the engine falls back to the last close when unknown. */
  price: number;
  /** Completed daily bars (today's partial bar left out), oldest first. */
  daily: readonly Bar[];
}

/** A market-data failure becomes the spec's 'There was an error using the Ask Drat Service. Try again later.' (503). */
const serviceCall = <T>(fn: () => Promise<T>): Promise<T> => withProvider(ASK_DRAT_MSG.serviceError, fn);

/**
 * The market reads of Dione and Range Radar. Completed daily bars change once a market day, so
 * they are cached per (ticker, interval, market day) in a small LRU; concurrent searches of one
 * ticker share a single read, and a failed read is not kept. The quote is read fresh every time.
 */
export function createToolsMarket(provider: MarketDataProvider, capacity = BARS_CACHE_ENTRIES) {
  const cache = new Lru<string, Promise<Bar[]>>(capacity);

  function dailyHistory(ticker: string): Promise<Bar[]> {
    const now = provider.now();
    const today = provider.calendar.dateOf(now);
    const key = `${ticker}|1day|${today}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const read = serviceCall(() =>
      provider.bars(ticker, '1day', new Date(now.getTime() - HISTORY_DAYS * DAY_MS), now),
    ).then((bars) => bars.filter((b) => isoDay(b.time) < today));
    cache.set(key, read);
    read.catch(() => {
      if (cache.get(key) === read) cache.delete(key);
    });
    return read;
  }

  return {
    dailyHistory,
    /** The quote and the daily history of `ticker`; an unknown ticker is a 400 and nothing is charged. */
    async snapshot(ticker: string): Promise<TickerSnapshot> {
      const quote = (await serviceCall(() => provider.quotes([ticker])))[0];
      if (!quote) throw toolError(MARKET_MSG.unknownTicker(ticker));
      const daily = await dailyHistory(ticker);
      return { ticker, companyName: quote.name, price: livePrice(quote), daily };
    },
    /** Live prices by ticker for trackers; a ticker the market has no price for is left out. */
    async livePrices(tickers: string[]): Promise<Map<string, number>> {
      if (tickers.length === 0) return new Map();
      const quotes = await serviceCall(() => provider.quotes(tickers));
      return new Map(quotes.map((q) => [q.symbol, livePrice(q)] as const).filter(([, p]) => p > 0));
    },
    cachedEntries: () => cache.size,
  };
}
export type ToolsMarket = ReturnType<typeof createToolsMarket>;
