import type { Bar, CompanyReference, Interval, MarketClock, OptionQuote, Quote } from '@drat/contracts';
import type { MarketCalendar } from './calendar';

export type { MarketCalendar } from './calendar';

/**
 * Everything DRAT reads about the market. `sim` (default) computes it offline; `tradier` asks
 * Tradier's REST API. Symbols are upper-case; unknown symbols are left out of lists or give null.
 */
export interface MarketDataProvider {
  readonly name: 'sim' | 'tradier';
  /** Quotes for the known symbols among `symbols`, in the same order. */
  quotes(symbols: string[]): Promise<Quote[]>;
  /** Bars whose start lies in [from, to), oldest first. */
  bars(symbol: string, interval: Interval, from: Date, to: Date): Promise<Bar[]>;
  clock(): Promise<MarketClock>;
  /** Expirations as YYYY-MM-DD, soonest first. */
  optionExpirations(symbol: string): Promise<string[]>;
  optionStrikes(symbol: string, expiration: string): Promise<number[]>;
  optionChain(symbol: string, expiration: string): Promise<OptionQuote[]>;
  /** One option by OCC symbol, or null when it does not exist. */
  optionQuote(occSymbol: string): Promise<OptionQuote | null>;
  company(symbol: string): Promise<CompanyReference | null>;
  /** The tickers the product follows for hotlists and the market overview. */
  universe(): Promise<string[]>;
  /** The market's current time (simulated time runs SIM_SPEED times faster than the wall clock). */
  now(): Date;
  /** New York dates and the hour options expire at: modules read time through this, never a provider's files. */
  readonly calendar: MarketCalendar;
  health(): Promise<boolean>;
}
