import type { Bar, CompanyReference, Interval, MarketClock, OptionQuote, Quote, Sector } from '@drat/contracts';
import type { MarketDataProvider } from '../interface';
import { aggregate, BAR_SOURCES, mapHistory, mapTimesales, within } from './bars';
import { fundamentalsTables, mapCompany } from './company';
import { isProviderError } from '../../provider-error';
import { TradierHttp, type TradierHttpOptions } from '../../tradier/http';
import { parseOcc } from '@drat/engine';
import { mapClock, mapOption, mapQuote } from './mappers';
import { field, listAt, num, record, str, type JsonObject } from '../../tradier/normalize';
import { etDate, etDateTime } from './time';
import { DEFAULT_TRADIER_UNIVERSE } from './universe';
import { newYorkCalendar } from '../calendar';

export interface TradierMarketOptions extends TradierHttpOptions {
  /** timesales' session_filter: `open` = regular hours only (default), `all` = with pre/post market. */
  sessionFilter?: 'open' | 'all';
  /** The tickers the product follows, with their sectors when known. Default: DEFAULT_TRADIER_UNIVERSE. */
  universe?: ReadonlyArray<{ symbol: string; sector?: Sector | 'ETF' }>;
  /** Wall clock (tests). */
  now?: () => Date;
}

export type TradierMarket = MarketDataProvider & { readonly name: 'tradier'; readonly http: TradierHttp };

/** Symbols Tradier can know: letters, digits, '.', '/', '-' (BRK.B, BRK/B), up to OCC length. */
const SYMBOL = /^[A-Z0-9./-]{1,21}$/;
/** Up to this many characters of comma-joined symbols go in a GET query; longer lists are POSTed. */
const GET_SYMBOLS_MAX_CHARS = 1000;
const QUOTES_PER_REQUEST = 400;

function cleanSymbols(symbols: string[]): string[] {
  const seen = new Set<string>();
  for (const s of symbols) {
    const u = s.trim().toUpperCase();
    if (SYMBOL.test(u)) seen.add(u);
  }
  return [...seen];
}

/** A MarketDataProvider on Tradier's market-data REST API (https://docs.tradier.com). */
export function createTradierMarket(options: TradierMarketOptions): TradierMarket {
  const http = new TradierHttp(options);
  const wall = options.now ?? (() => new Date());
  const sessionFilter = options.sessionFilter ?? 'open';
  const followed = options.universe ?? DEFAULT_TRADIER_UNIVERSE;
  const knownSectors = new Map(
    followed.flatMap((u) => (u.sector ? [[u.symbol.toUpperCase(), u.sector] as const] : [])),
  );
  let etb: { day: string; symbols: Set<string> } | undefined;

  /** /markets/quotes → raw quote objects by symbol (unmatched symbols are simply absent). */
  async function rawQuotes(symbols: string[], greeks: boolean): Promise<Map<string, JsonObject>> {
    const out = new Map<string, JsonObject>();
    for (let i = 0; i < symbols.length; i += QUOTES_PER_REQUEST) {
      const joined = symbols.slice(i, i + QUOTES_PER_REQUEST).join(',');
      const params = { symbols: joined, greeks };
      const body =
        joined.length <= GET_SYMBOLS_MAX_CHARS
          ? await http.get('/markets/quotes', params)
          : await http.post('/markets/quotes', params);
      // {quotes:{quote: obj|array, unmatched_symbols:{symbol: str|array}}}; {quotes: null} when none match.
      for (const item of listAt(body, 'quotes', 'quote')) {
        const q = record(item);
        const sym = str(q?.symbol)?.toUpperCase();
        if (q && sym) out.set(sym, q);
      }
    }
    return out;
  }

  async function getClock(attempts?: number): Promise<MarketClock> {
    const body = await http.get('/markets/clock', {}, attempts ? { attempts } : {});
    return mapClock(body, wall().getTime());
  }

  /** Tradier's easy-to-borrow list, read at most once per Eastern day; undefined when unreadable. */
  async function easyToBorrow(symbol: string): Promise<boolean | undefined> {
    const day = etDate(wall());
    if (etb?.day !== day) {
      try {
        const body = await http.get('/markets/etb', {}, { attempts: 1 });
        const symbols = new Set<string>();
        for (const s of listAt(body, 'securities', 'security')) {
          const sym = str(field(s, 'symbol'))?.toUpperCase();
          if (sym) symbols.add(sym);
        }
        etb = { day, symbols };
      } catch (err) {
        if (isProviderError(err) && err.code === 'UNAUTHORIZED') throw err;
        options.log?.debug({ err }, 'tradier: easy-to-borrow list unavailable');
        return undefined;
      }
    }
    return etb.symbols.has(symbol);
  }

  async function fundamentals(symbol: string): Promise<JsonObject> {
    try {
      const body = await http.get('/markets/fundamentals/company', { symbols: symbol }, { api: 'beta', attempts: 1 });
      return fundamentalsTables(body, symbol);
    } catch (err) {
      if (isProviderError(err) && err.code === 'UNAUTHORIZED') throw err;
      // Fundamentals are a beta API that not every account (nor the sandbox) serves: fall back to the quote.
      options.log?.debug({ err, symbol }, 'tradier: fundamentals unavailable');
      return {};
    }
  }

  return {
    name: 'tradier',
    http,

    async quotes(symbols: string[]): Promise<Quote[]> {
      const wanted = cleanSymbols(symbols);
      if (wanted.length === 0) return [];
      const raw = await rawQuotes(wanted, false);
      const nowMs = wall().getTime();
      return wanted.flatMap((s) => {
        const q = raw.get(s);
        const mapped = q ? mapQuote(q, nowMs) : undefined;
        return mapped ? [mapped] : [];
      });
    },

    async bars(symbol: string, interval: Interval, from: Date, to: Date): Promise<Bar[]> {
      const [sym] = cleanSymbols([symbol]);
      if (!sym || !(to.getTime() > from.getTime())) return [];
      const source = BAR_SOURCES[interval];
      if (source.endpoint === 'history') {
        const body = await http.get('/markets/history', {
          symbol: sym,
          interval: source.interval,
          start: etDate(from),
          end: etDate(to),
        });
        return within(mapHistory(body), from, to);
      }
      // Ask for one more bucket after `to` so the last aggregated bucket starting before `to` is whole.
      const extraMs = (source.bucketMinutes ?? 0) * 60_000;
      const body = await http.get('/markets/timesales', {
        symbol: sym,
        interval: source.interval,
        start: etDateTime(from),
        end: etDateTime(to.getTime() + extraMs),
        session_filter: sessionFilter,
      });
      const bars = mapTimesales(body);
      return within(source.bucketMinutes ? aggregate(bars, source.bucketMinutes) : bars, from, to);
    },

    clock: () => getClock(),

    async optionExpirations(symbol: string): Promise<string[]> {
      const [sym] = cleanSymbols([symbol]);
      if (!sym) return [];
      const body = await http.get('/markets/options/expirations', {
        symbol: sym,
        includeAllRoots: true,
        strikes: false,
      });
      // {expirations:{date: str|array}}; with strikes=true it would be {expirations:{expiration:[{date,...}]}}.
      const dates = [
        ...listAt(body, 'expirations', 'date').map(str),
        ...listAt(body, 'expirations', 'expiration').map((e) => str(field(e, 'date'))),
      ].filter((d): d is string => d !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(d));
      return [...new Set(dates)].sort();
    },

    async optionStrikes(symbol: string, expiration: string): Promise<number[]> {
      const [sym] = cleanSymbols([symbol]);
      if (!sym) return [];
      const body = await http.get('/markets/options/strikes', { symbol: sym, expiration });
      const strikes = listAt(body, 'strikes', 'strike')
        .map(num)
        .filter((n): n is number => n !== undefined);
      return [...new Set(strikes)].sort((a, b) => a - b);
    },

    async optionChain(symbol: string, expiration: string): Promise<OptionQuote[]> {
      const [sym] = cleanSymbols([symbol]);
      if (!sym) return [];
      const body = await http.get('/markets/options/chains', { symbol: sym, expiration, greeks: true });
      return listAt(body, 'options', 'option')
        .map(mapOption)
        .filter((o): o is OptionQuote => o !== undefined)
        .sort(
          (a, b) => a.strike - b.strike || (a.option_type === b.option_type ? 0 : a.option_type === 'call' ? -1 : 1),
        );
    },

    async optionQuote(occSymbol: string): Promise<OptionQuote | null> {
      const occ = occSymbol.trim().toUpperCase();
      if (!parseOcc(occ)) return null;
      const q = (await rawQuotes([occ], true)).get(occ);
      return (q && mapOption(q)) ?? null;
    },

    async company(symbol: string): Promise<CompanyReference | null> {
      const [sym] = cleanSymbols([symbol]);
      if (!sym) return null;
      const quote = (await rawQuotes([sym], false)).get(sym);
      if (!quote || str(quote.type) === 'option') return null;
      const [tables, borrow] = await Promise.all([fundamentals(sym), easyToBorrow(sym)]);
      return mapCompany({ symbol: sym, quote, tables, knownSector: knownSectors.get(sym), easyToBorrow: borrow });
    },

    async universe(): Promise<string[]> {
      return followed.map((u) => u.symbol.toUpperCase());
    },

    now: () => wall(),

    calendar: newYorkCalendar,

    async health(): Promise<boolean> {
      try {
        await getClock(1);
        return true;
      } catch (err) {
        options.log?.warn({ err }, 'tradier: health check failed');
        return false;
      }
    },
  };
}
