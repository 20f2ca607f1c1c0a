/** Market data shapes shared by the server, the web app and the WebSocket (2-trading §7, §9). */
import { z } from 'zod';
import { blankToUndefined, fromDecimalText, priceField } from './amounts';
import { MSG } from './messages';
import { operation } from './operation';
import { isCalendarDay } from './days';
import { TICKER_PATTERN, WS_MAX_TICKERS } from './constants';
import {
  INTERVALS,
  QUOTES_MAX_TICKERS,
  type Interval,
  MARKET_MSG,
  TA_PARAMETERS,
  TA_TIME_PERIOD_MAX,
  type TaParameter,
} from './trading-texts';

/** Minutes in one bar of each intraday interval (daily and longer intervals follow the calendar). */
export const INTRADAY_MINUTES: Partial<Record<Interval, number>> = {
  '1min': 1,
  '5min': 5,
  '15min': 15,
  '30min': 30,
  '45min': 45,
  '1hr': 60,
  '2hr': 120,
  '4hr': 240,
};

export const OPTION_STRATEGIES = ['BUY CALL', 'BUY PUT', 'STRANGLE', 'STRADDLE'] as const;
export type OptionStrategy = (typeof OPTION_STRATEGIES)[number];

/** Sectors of 3-bots-admin-public §9 (without the 'ALL SECTORS' filter choice). */
export const SECTORS = [
  'Consumer Defensive',
  'Consumer Cyclical',
  'Communication Services',
  'Financial',
  'Healthcare',
  'Technology',
  'Utilities',
  'Real Estate',
  'Industrials',
  'Basic Materials',
  'Energy',
] as const;
export type Sector = (typeof SECTORS)[number];

export const quoteSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  last: z.number(),
  bid: z.number(),
  ask: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  prevclose: z.number(),
  change: z.number(),
  change_percentage: z.number(),
  volume: z.number(),
  /** ISO time of the quote (simulated time in the simulated market). */
  at: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** One OHLCV bar; `time` is the bar's start in epoch seconds (UTC). */
export const barSchema = z.object({
  time: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
});
export type Bar = z.infer<typeof barSchema>;

export const MARKET_STATES = ['premarket', 'open', 'postmarket', 'closed'] as const;
export type MarketState = (typeof MARKET_STATES)[number];

export const marketClockSchema = z.object({
  state: z.enum(MARKET_STATES),
  /** ISO time the clock was read at. */
  at: z.string(),
  next_state: z.enum(MARKET_STATES),
  /** ISO time of the next state change. */
  next_change: z.string(),
  description: z.string(),
});
export type MarketClock = z.infer<typeof marketClockSchema>;

export type SecurityType = 'stock' | 'etf' | 'otc';

export interface CompanyReference {
  symbol: string;
  name: string;
  sector: Sector | 'ETF';
  industry: string;
  exchange: string;
  type: SecurityType;
  website: string;
  description: string;
  shares_outstanding: number;
  float: number;
  average_volume: number;
  optionable: boolean;
  shortable: boolean;
}

export interface Greeks {
  delta: number;
  gamma: number;
  theta: number;
  vega: number;
  rho: number;
  mid_iv: number;
}

export interface OptionQuote {
  /** OCC symbol, e.g. AAPL260116C00150000. */
  symbol: string;
  underlying: string;
  expiration: string;
  strike: number;
  option_type: 'call' | 'put';
  bid: number;
  ask: number;
  last: number;
  volume: number;
  open_interest: number;
  greeks: Greeks;
}

/* ---- WebSocket /api/ws ---------------------------------------------------------------------- */

/** Something that happened for one user (trades, alerts, notifications publish these). */
export interface UserEvent {
  kind: string;
  payload: unknown;
  at: string;
}

export type WsClientMessage =
  | { type: 'auth'; token: string }
  | { type: 'subscribe'; tickers: string[] }
  | { type: 'unsubscribe'; tickers: string[] }
  | { type: 'ping' };

export type WsServerMessage =
  | { type: 'ready' }
  | { type: 'quote'; quote: Quote }
  | { type: 'event'; event: UserEvent }
  | { type: 'error'; message: string }
  | { type: 'pong' };

/* ---- DRAT's own market endpoints (dashboard widgets, charts) -------------------------------- */

/** GET /api/market/bars?ticker&interval&from&to (ISO dates; defaults give a sensible window). */
export const barsResponseSchema = z.object({
  ticker: z.string(),
  interval: z.enum(INTERVALS),
  bars: z.array(barSchema),
});
export type BarsResponse = z.infer<typeof barsResponseSchema>;

/** GET /api/market/quotes?tickers=AAPL,MSFT */
export const quotesResponseSchema = z.object({ quotes: z.array(quoteSchema) });
export type QuotesResponse = z.infer<typeof quotesResponseSchema>;

/** GET /api/market/hotlists */
export const hotlistsResponseSchema = z.object({
  gainers: z.array(quoteSchema),
  losers: z.array(quoteSchema),
  most_active: z.array(quoteSchema),
});
export type HotlistsResponse = z.infer<typeof hotlistsResponseSchema>;

/** A quote with the day's closes for a mini chart. */
export const overviewItemSchema = z.object({ quote: quoteSchema, label: z.string(), spark: z.array(z.number()) });
export type OverviewItem = z.infer<typeof overviewItemSchema>;

/** GET /api/market/overview: major ETFs and the sector ETFs. */
export const overviewResponseSchema = z.object({
  indices: z.array(overviewItemSchema),
  sectors: z.array(overviewItemSchema),
});
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;

/* ---- Limits and lists of the market endpoints and the WebSocket ---------------------------- */

/** Defaults of a technical condition (2-trading §9): SMA, 1day, time period 50. */
export const TA_DEFAULTS: { parameter: TaParameter; interval: Interval; timePeriod: number } = {
  parameter: 'SMA',
  interval: '1day',
  timePeriod: 50,
};

/** Quote updates are pushed at most this often per ticker (ms); only changed quotes are sent. */
export const WS_QUOTE_EVERY_MS = 1000;

/** Days of bars GET /api/market/bars returns when `from` is left out. */
export const BARS_DEFAULT_DAYS: Record<Interval, number> = {
  '1min': 1,
  '5min': 5,
  '15min': 10,
  '30min': 20,
  '45min': 30,
  '1hr': 30,
  '2hr': 60,
  '4hr': 120,
  '1day': 365,
  '1week': 5 * 365,
  '1month': 20 * 365,
};
/** The widest window (days from `from` to `to`) one GET /api/market/bars may ask for. */
export const BARS_MAX_DAYS: Record<Interval, number> = {
  '1min': 7,
  '5min': 30,
  '15min': 60,
  '30min': 120,
  '45min': 180,
  '1hr': 240,
  '2hr': 365,
  '4hr': 2 * 365,
  '1day': 10 * 365,
  '1week': 30 * 365,
  '1month': 50 * 365,
};

/** Entries per list of GET /api/market/hotlists. */
export const HOTLIST_SIZE = 10;

/** The market overview's major ETFs and the sector SPDR ETFs, in display order. */
export const OVERVIEW_INDICES = [
  { symbol: 'SPY', label: 'S&P 500' },
  { symbol: 'QQQ', label: 'Nasdaq 100' },
  { symbol: 'DIA', label: 'Dow Jones' },
  { symbol: 'IWM', label: 'Russell 2000' },
] as const;
export const OVERVIEW_SECTORS = [
  { symbol: 'XLK', label: 'Technology' },
  { symbol: 'XLF', label: 'Financial' },
  { symbol: 'XLV', label: 'Healthcare' },
  { symbol: 'XLY', label: 'Consumer Cyclical' },
  { symbol: 'XLP', label: 'Consumer Defensive' },
  { symbol: 'XLC', label: 'Communication Services' },
  { symbol: 'XLI', label: 'Industrials' },
  { symbol: 'XLE', label: 'Energy' },
  { symbol: 'XLB', label: 'Basic Materials' },
  { symbol: 'XLU', label: 'Utilities' },
  { symbol: 'XLRE', label: 'Real Estate' },
] as const;

/* ---- Validation of market inputs (server routes and web forms) --------------------------- */

const trimmedUpper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
const trimmedLower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

/** A ticker as typed: trimmed and upper-cased. */
export const tickerField = z
  .string({ error: MARKET_MSG.tickerRequired })
  .trim()
  .min(1, { error: MARKET_MSG.tickerRequired })
  .max(16, { error: MARKET_MSG.tickerInvalid })
  .transform((t) => t.toUpperCase())
  .pipe(z.string().regex(TICKER_PATTERN, { error: MARKET_MSG.tickerInvalid }));

/** One of INTERVALS, case-insensitive. */
export const intervalField = z.preprocess(trimmedLower, z.enum(INTERVALS, { error: MARKET_MSG.intervalInvalid }));

/** SMA, EMA or VALUE, case-insensitive. */
export const taParameterField = z.preprocess(
  trimmedUpper,
  z.enum(TA_PARAMETERS, { error: MARKET_MSG.parameterInvalid }),
);

export const timePeriodField = fromDecimalText(
  z
    .number({ error: MARKET_MSG.timePeriodInvalid })
    .int({ error: MARKET_MSG.timePeriodInvalid })
    .min(1, { error: MARKET_MSG.timePeriodInvalid })
    .max(TA_TIME_PERIOD_MAX, { error: MARKET_MSG.timePeriodInvalid }),
);

/** BUY CALL, BUY PUT, STRANGLE or STRADDLE; case, underscores and repeated spaces are forgiven. */
export const strategyField = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .trim()
          .toUpperCase()
          .replace(/[\s_+]+/g, ' ')
      : v,
  z.enum(OPTION_STRATEGIES, { error: MARKET_MSG.strategyInvalid }),
);

/** An expiration date as YYYY-MM-DD (2-trading §9), a real calendar day. */
export const expirationDateField = z
  .string({ error: MARKET_MSG.dateInvalid })
  .trim()
  .refine(isCalendarDay, { error: MARKET_MSG.dateInvalid });

/** A strike price (2-trading §9: above 0, at most 10,000,000). */
export const strikeField = fromDecimalText(
  priceField(
    'Strike',
    { type: MARKET_MSG.strikeInvalid, least: MARKET_MSG.strikeInvalid, most: MARKET_MSG.strikeInvalid },
    { max: 10_000_000 },
  ),
);

/** The spec's fixed access `token` query parameter: accepted and ignored (auth is the header). */
const ignoredToken = z.string().optional();

/** Query of GET /stock/price. */
export const stockPriceQuery = z.object({ ticker: tickerField, token: ignoredToken });
export type StockPriceQuery = z.infer<typeof stockPriceQuery>;

/** Query of GET /stock/ta; a missing parameter, interval or time period takes the spec's default. */
export const stockTaQuery = z.object({
  ticker: tickerField,
  parameter: z.preprocess(blankToUndefined, taParameterField.optional()).transform((v) => v ?? TA_DEFAULTS.parameter),
  timePeriod: z.preprocess(blankToUndefined, timePeriodField.optional()).transform((v) => v ?? TA_DEFAULTS.timePeriod),
  interval: z.preprocess(blankToUndefined, intervalField.optional()).transform((v) => v ?? TA_DEFAULTS.interval),
  token: ignoredToken,
});
export type StockTaQuery = z.infer<typeof stockTaQuery>;

const optionalBlank = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/**
 * Query of GET /livetrading/get-option-price/. BUY CALL and BUY PUT read single_strike and
 * single_expiration_date; STRANGLE reads leg_one_strike (the call), leg_two_strike (the put) and
 * two_legs_expiration_date; STRADDLE reads leg_one_strike (leg_two_strike may repeat it) and
 * two_legs_expiration_date. Blank parameters count as absent.
 */
export const optionPriceQuery = z
  .object({
    ticker: tickerField,
    strategy: strategyField,
    single_strike: optionalBlank(strikeField),
    single_expiration_date: optionalBlank(expirationDateField),
    leg_one_strike: optionalBlank(strikeField),
    leg_two_strike: optionalBlank(strikeField),
    two_legs_expiration_date: optionalBlank(expirationDateField),
    token: ignoredToken,
  })
  .superRefine((q, ctx) => {
    const need = (key: keyof typeof q) => {
      if (q[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: MSG.fieldRequired });
    };
    if (q.strategy === 'BUY CALL' || q.strategy === 'BUY PUT') {
      need('single_strike');
      need('single_expiration_date');
      return;
    }
    need('leg_one_strike');
    need('two_legs_expiration_date');
    if (q.strategy === 'STRANGLE') need('leg_two_strike');
    else if (
      q.leg_two_strike !== undefined &&
      q.leg_one_strike !== undefined &&
      q.leg_two_strike !== q.leg_one_strike
    ) {
      ctx.addIssue({ code: 'custom', path: ['leg_two_strike'], message: MARKET_MSG.straddleOneStrike });
    }
  });
export type OptionPriceQuery = z.infer<typeof optionPriceQuery>;

/** `tickers=AAPL,MSFT`: comma-separated, de-duplicated, 1 to QUOTES_MAX_TICKERS of them. */
export const tickerListField = z.string({ error: MARKET_MSG.tickersRequired }).transform((s, ctx) => {
  const out: string[] = [];
  for (const raw of s.split(',')) {
    if (raw.trim() === '') continue;
    const parsed = tickerField.safeParse(raw);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: `${MARKET_MSG.tickerInvalid} (${raw.trim().slice(0, 16)})` });
      return z.NEVER;
    }
    if (!out.includes(parsed.data)) out.push(parsed.data);
  }
  if (out.length === 0) {
    ctx.addIssue({ code: 'custom', message: MARKET_MSG.tickersRequired });
    return z.NEVER;
  }
  if (out.length > QUOTES_MAX_TICKERS) {
    ctx.addIssue({ code: 'custom', message: MARKET_MSG.tooManyTickers(QUOTES_MAX_TICKERS) });
    return z.NEVER;
  }
  return out;
});

/** Query of GET /api/market/quotes. */
export const marketQuotesQuery = z.object({ tickers: tickerListField });

/** An instant as an ISO date (YYYY-MM-DD, midnight UTC) or ISO date-time. */
export const instantField = z
  .string({ error: MARKET_MSG.timeInvalid })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/, {
    error: MARKET_MSG.timeInvalid,
  })
  .transform((s, ctx) => {
    const d = new Date(s.length === 10 ? `${s}T00:00:00Z` : s.replace(' ', 'T'));
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: MARKET_MSG.timeInvalid });
      return z.NEVER;
    }
    return d;
  });

/** Query of GET /api/market/bars: `to` defaults to now, `from` to BARS_DEFAULT_DAYS before `to`. */
export const marketBarsQuery = z.object({
  ticker: tickerField,
  interval: z.preprocess(blankToUndefined, intervalField.optional()).transform((v) => v ?? '1day'),
  from: optionalBlank(instantField),
  to: optionalBlank(instantField),
});
export type MarketBarsQuery = z.infer<typeof marketBarsQuery>;

/** What a WebSocket client may send (WsClientMessage), checked on every message. */
export const wsClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(512) }),
  z.object({ type: z.literal('subscribe'), tickers: z.array(z.string().max(32)).max(WS_MAX_TICKERS * 4) }),
  z.object({ type: z.literal('unsubscribe'), tickers: z.array(z.string().max(32)).max(WS_MAX_TICKERS * 4) }),
  z.object({ type: z.literal('ping') }),
]);

/** GET /stock/price */
export const stockPriceResponseSchema = z.object({
  LivePrice: z.number(),
  Name: z.string(),
});
export type StockPriceResponse = z.infer<typeof stockPriceResponseSchema>;
/** GET /stock/ta */
export const technicalResponseSchema = z.object({
  query: z.object({
    ticker: z.string(),
    parameter: z.enum(TA_PARAMETERS),
    timePeriod: z.number(),
    interval: z.enum(INTERVALS),
  }),
  value: z.number(),
});
export type TechnicalResponse = z.infer<typeof technicalResponseSchema>;
/** GET /livetrading/get-option-price/ (0 when a leg does not apply) */
export const optionPriceResponseSchema = z.object({
  single_leg_price: z.number(),
  leg_one_price: z.number(),
  leg_two_price: z.number(),
});
export type OptionPriceResponse = z.infer<typeof optionPriceResponseSchema>;

/* ---- Operations ------------------------------------------------------------------------------- */

/**
 * Market reads: the spec's three look-ups (2-trading §7; their `token` query parameter is accepted
 * and ignored, the session header authenticates) and DRAT's own dashboard data. Signed-in only.
 */
export const MARKET_API = {
  stockPrice: operation({
    method: 'GET',
    path: '/stock/price',
    operationId: 'getStockPrice',
    summary: 'The live price and name of a ticker',
    tag: 'market',
    query: stockPriceQuery,
    response: stockPriceResponseSchema,
    errors: [400, 401, 503],
  }),
  technical: operation({
    method: 'GET',
    path: '/stock/ta',
    operationId: 'getTechnicalIndicator',
    summary: 'An SMA, EMA or last value of a ticker over an interval',
    tag: 'market',
    query: stockTaQuery,
    response: technicalResponseSchema,
    errors: [400, 401, 503],
  }),
  optionPrice: operation({
    method: 'GET',
    path: '/livetrading/get-option-price/',
    operationId: 'getOptionPrice',
    summary: 'The premium of each leg of an options strategy',
    tag: 'market',
    query: optionPriceQuery,
    response: optionPriceResponseSchema,
    errors: [400, 401, 503],
  }),
  quotes: operation({
    method: 'GET',
    path: '/market/quotes',
    operationId: 'listQuotes',
    summary: 'Quotes of up to 50 tickers',
    tag: 'market',
    query: marketQuotesQuery,
    response: quotesResponseSchema,
    errors: [400, 401, 503],
  }),
  bars: operation({
    method: 'GET',
    path: '/market/bars',
    operationId: 'listBars',
    summary: 'Price bars of a ticker over a window',
    tag: 'market',
    query: marketBarsQuery,
    response: barsResponseSchema,
    errors: [400, 401, 503],
  }),
  hotlists: operation({
    method: 'GET',
    path: '/market/hotlists',
    operationId: 'getHotlists',
    summary: "The day's top gainers, losers and most active",
    tag: 'market',
    response: hotlistsResponseSchema,
    errors: [401, 503],
  }),
  overview: operation({
    method: 'GET',
    path: '/market/overview',
    operationId: 'getMarketOverview',
    summary: 'The major index and sector ETFs with their day so far',
    tag: 'market',
    response: overviewResponseSchema,
    errors: [401, 503],
  }),
  clock: operation({
    method: 'GET',
    path: '/market/clock',
    operationId: 'getMarketClock',
    summary: 'Whether the market is open, and when that changes',
    tag: 'market',
    response: marketClockSchema,
    errors: [401, 503],
  }),
} as const;
