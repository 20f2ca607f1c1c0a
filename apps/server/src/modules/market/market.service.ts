import {
  BARS_DEFAULT_DAYS,
  BARS_MAX_DAYS,
  HOTLIST_SIZE,
  MARKET_MSG,
  OVERVIEW_INDICES,
  OVERVIEW_SECTORS,
  UNKNOWN_PRICE,
  type BarsResponse,
  type HotlistsResponse,
  type MarketBarsQuery,
  type MarketClock,
  type OptionPriceQuery,
  type OptionPriceResponse,
  type OverviewItem,
  type OverviewResponse,
  type Quote,
  type QuotesResponse,
  type StockPriceResponse,
  type StockTaQuery,
  type TechnicalResponse,
} from '@drat/contracts';
import { closesOf, closesWanted, emaOf, livePrice, roundTo, smaOf, spanForBars } from '@drat/engine';
import { DomainError } from '../../core/errors';
import type { MarketDataProvider } from '../../providers/market/interface';
import { createOptionPricer } from './option-price';

import { memo, upstream } from './market.util';

const DAY = 86_400_000;
/** Hotlists and overview quotes are shared by every caller for this long. */
export const HOTLISTS_CACHE_MS = 5_000;
/** The overview's day sparks change slowly; they are re-read at most this often. */
export const SPARK_CACHE_MS = 60_000;
const SPARK_INTERVAL = '15min' as const;

export interface MarketServiceDeps {
  provider: MarketDataProvider;
}

/** The market reads of 2-trading §7 and DRAT's dashboard (issue 3), over one provider. */
export function createMarketService({ provider }: MarketServiceDeps) {
  const call = upstream;
  const options = createOptionPricer(provider);

  async function quoteOf(ticker: string): Promise<Quote | undefined> {
    return (await call(() => provider.quotes([ticker])))[0];
  }

  async function knownQuote(ticker: string): Promise<Quote> {
    const quote = await quoteOf(ticker);
    if (!quote) throw DomainError.field('ticker', MARKET_MSG.unknownTicker(ticker));
    return quote;
  }

  /**
   * The last `want` closes (at least `timePeriod` of them when the history has them). The window
   * is widened once, and only when it held fewer than `timePeriod` bars (a long holiday, a sparse
   * ticker): EMA's extra warm-up closes are welcome but not worth a second, wider read.
   */
  async function lastCloses(q: StockTaQuery, want: number): Promise<number[]> {
    const to = provider.now();
    let span = spanForBars(q.interval, want);
    for (let attempt = 0; ; attempt += 1) {
      const bars = await call(() => provider.bars(q.ticker, q.interval, new Date(to.getTime() - span), to));
      if (bars.length >= q.timePeriod || attempt === 1) return closesOf(bars).slice(-want);
      span *= 3;
    }
  }

  const hotlists = memo(HOTLISTS_CACHE_MS, async (): Promise<HotlistsResponse> => {
    const universe = await call(() => provider.universe());
    const quotes = await call(() => provider.quotes(universe));
    const by = (key: (q: Quote) => number) =>
      [...quotes].sort((a, b) => key(b) - key(a) || a.symbol.localeCompare(b.symbol));
    return {
      gainers: by((q) => q.change_percentage)
        .filter((q) => q.change_percentage > 0)
        .slice(0, HOTLIST_SIZE),
      losers: by((q) => -q.change_percentage)
        .filter((q) => q.change_percentage < 0)
        .slice(0, HOTLIST_SIZE),
      most_active: by((q) => q.volume).slice(0, HOTLIST_SIZE),
    };
  });

  /** Closes of the latest session day (America/New_York) of `symbol`, at 15 minutes. */
  async function spark(symbol: string): Promise<number[]> {
    const to = provider.now();
    const bars = await call(() => provider.bars(symbol, SPARK_INTERVAL, new Date(to.getTime() - 5 * DAY), to));
    const last = bars.at(-1);
    if (!last) return [];
    const day = provider.calendar.dateOf(last.time * 1000);
    return bars.filter((b) => provider.calendar.dateOf(b.time * 1000) === day).map((b) => b.close);
  }
  const sparks = memo(SPARK_CACHE_MS, async (): Promise<Map<string, number[]>> => {
    const symbols = [...OVERVIEW_INDICES, ...OVERVIEW_SECTORS].map((s) => s.symbol);
    const lines = await Promise.all(symbols.map(spark));
    return new Map(symbols.map((s, i) => [s, lines[i] ?? []]));
  });

  const overview = memo(HOTLISTS_CACHE_MS, async (): Promise<OverviewResponse> => {
    const all = [...OVERVIEW_INDICES, ...OVERVIEW_SECTORS];
    const [quotes, lines] = await Promise.all([call(() => provider.quotes(all.map((s) => s.symbol))), sparks()]);
    const bySymbol = new Map(quotes.map((q) => [q.symbol, q]));
    const items = (list: readonly { symbol: string; label: string }[]): OverviewItem[] =>
      list.flatMap(({ symbol, label }) => {
        const quote = bySymbol.get(symbol);
        return quote ? [{ quote, label, spark: lines.get(symbol) ?? [] }] : [];
      });
    return { indices: items(OVERVIEW_INDICES), sectors: items(OVERVIEW_SECTORS) };
  });

  return {
    /** GET /stock/price: an unknown ticker is the spec's UNKNOWN_PRICE (-500) with an empty name. */
    async stockPrice(ticker: string): Promise<StockPriceResponse> {
      const quote = await quoteOf(ticker);
      const price = quote ? livePrice(quote) : UNKNOWN_PRICE;
      return { LivePrice: price, Name: price === UNKNOWN_PRICE ? '' : (quote?.name ?? '') };
    },

    /** GET /stock/ta: SMA/EMA over the provider's bars, or VALUE (the last price). */
    async technical(q: StockTaQuery): Promise<TechnicalResponse> {
      const query = { ticker: q.ticker, parameter: q.parameter, timePeriod: q.timePeriod, interval: q.interval };
      const quote = await knownQuote(q.ticker);
      if (q.parameter === 'VALUE') return { query, value: livePrice(quote) };
      const closes = await lastCloses(q, closesWanted(q.parameter, q.timePeriod));
      if (closes.length < q.timePeriod) {
        throw DomainError.field(
          'timePeriod',
          MARKET_MSG.notEnoughBars(q.ticker, q.interval, closes.length, q.timePeriod),
        );
      }
      const value = q.parameter === 'SMA' ? smaOf(closes, q.timePeriod) : emaOf(closes, q.timePeriod);
      return { query, value: roundTo(value, 4) };
    },

    /** GET /livetrading/get-option-price/: each leg's mid (or last) price; 0 for a leg that does not apply. */
    optionPrice: (q: OptionPriceQuery): Promise<OptionPriceResponse> => call(() => options.price(q)),

    /** GET /api/market/quotes: quotes of the known tickers, in the order asked. */
    async quotes(tickers: string[]): Promise<QuotesResponse> {
      return { quotes: await call(() => provider.quotes(tickers)) };
    },

    /** GET /api/market/bars: a window bounded per interval and never past the market's now. */
    async bars(q: MarketBarsQuery): Promise<BarsResponse> {
      const now = provider.now();
      const to = q.to && q.to.getTime() < now.getTime() ? q.to : now;
      const from = q.from ?? new Date(to.getTime() - BARS_DEFAULT_DAYS[q.interval] * DAY);
      if (from.getTime() >= to.getTime()) throw DomainError.field('from', MARKET_MSG.rangeInvalid);
      if (to.getTime() - from.getTime() > BARS_MAX_DAYS[q.interval] * DAY) {
        throw DomainError.field('from', MARKET_MSG.windowTooWide(q.interval, BARS_MAX_DAYS[q.interval]));
      }
      await knownQuote(q.ticker);
      let bars = await call(() => provider.bars(q.ticker, q.interval, from, to));
      // A default window that fell on a weekend or holiday reaches back to the last session.
      if (!q.from && bars.length < 2)
        bars = await call(() => provider.bars(q.ticker, q.interval, new Date(from.getTime() - 4 * DAY), to));
      return { ticker: q.ticker, interval: q.interval, bars };
    },

    /** GET /api/market/hotlists: top gainers, top losers and most active of the provider's universe. */
    hotlists,

    /** GET /api/market/overview: the major ETFs and the sector ETFs, each with the day's closes. */
    overview,

    /** GET /api/market/clock */
    clock: (): Promise<MarketClock> => call(() => provider.clock()),
  };
}
export type MarketService = ReturnType<typeof createMarketService>;
