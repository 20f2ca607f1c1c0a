import {
  QUOTES_MAX_TICKERS,
  type BarsResponse,
  type HotlistsResponse,
  type Interval,
  type MarketClock,
  type OverviewResponse,
  type QuotesResponse,
  type StockPriceResponse,
} from '@drat/contracts';
import { api } from './client';

/** Market data reads (issue 3): one function per endpoint, shapes from packages/contracts. */

/**
 * GET /market/quotes?tickers=A,B: quotes for the known tickers among `tickers`, asked for in
 * chunks of QUOTES_MAX_TICKERS (the server's limit per request).
 */
export async function fetchQuotes(tickers: readonly string[]): Promise<QuotesResponse> {
  const chunks: string[][] = [];
  for (let i = 0; i < tickers.length; i += QUOTES_MAX_TICKERS) chunks.push(tickers.slice(i, i + QUOTES_MAX_TICKERS));
  const answers = await Promise.all(
    chunks.map((chunk) => api.get<QuotesResponse>('/market/quotes', { tickers: chunk.join(',') })),
  );
  return { quotes: answers.flatMap((a) => a.quotes) };
}

export interface BarsQuery {
  ticker: string;
  interval: Interval;
  /** ISO date-time; the server picks a window that suits the interval when left out. */
  from?: string;
  to?: string;
}

/** GET /market/bars: OHLCV bars, oldest first. */
export function fetchBars({ ticker, interval, from, to }: BarsQuery): Promise<BarsResponse> {
  return api.get<BarsResponse>('/market/bars', { ticker, interval, from, to });
}

/** GET /market/hotlists: top gainers, top losers and most active. */
export function fetchHotlists(): Promise<HotlistsResponse> {
  return api.get<HotlistsResponse>('/market/hotlists');
}

/** GET /market/overview: major ETFs and sector ETFs with the day's closes. */
export function fetchOverview(): Promise<OverviewResponse> {
  return api.get<OverviewResponse>('/market/overview');
}

/** GET /market/clock: open, pre-market, after hours or closed, and the next change. */
export function fetchMarketClock(): Promise<MarketClock> {
  return api.get<MarketClock>('/market/clock');
}

/** GET /stock/price (2-trading §7): LivePrice is UNKNOWN_PRICE (-500) for an unknown ticker. */
export function fetchStockPrice(ticker: string): Promise<StockPriceResponse> {
  return api.get<StockPriceResponse>('/stock/price', { ticker });
}
