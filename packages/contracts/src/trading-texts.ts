/**
 * Constants and texts of the trading screens (the dashboard's market widgets and trades, the
 * broker's accounts and orders) and of the market and brokerage calls, written once for the server
 * and the web app. Their own module, free of zod (first-download.test.ts): market.ts, brokerage.ts
 * and trading.ts make their schemas when they load, so a screen that showed one of these texts from
 * there downloaded zod and those schemas with it.
 */

/* ---- Market (2-trading §7, §9) ---------------------------------------------------------------- */

export const INTERVALS = [
  '1min',
  '5min',
  '15min',
  '30min',
  '45min',
  '1hr',
  '2hr',
  '4hr',
  '1day',
  '1week',
  '1month',
] as const;
export type Interval = (typeof INTERVALS)[number];

export const TA_PARAMETERS = ['SMA', 'EMA', 'VALUE'] as const;
export type TaParameter = (typeof TA_PARAMETERS)[number];

/** Most tickers one GET /api/market/quotes may ask for. */
export const QUOTES_MAX_TICKERS = 50;

/** Time periods of GET /stock/ta: a whole number of bars (2-trading §9 defaults to 50). */
export const TA_TIME_PERIOD_MAX = 500;

/** The spec's "unknown price" value (2-trading §4 "Live price fields"). */
export const UNKNOWN_PRICE = -500;

/** Texts of the market endpoints' 400 answers and of the WebSocket's `error` messages. */
export const MARKET_MSG = {
  tickerRequired: 'Enter a ticker symbol.',
  tickerInvalid:
    'A ticker is 1 to 10 letters or digits starting with a letter, with an optional class suffix such as BRK.B.',
  unknownTicker: (ticker: string) => `Unknown ticker: ${ticker}.`,
  /** The web app's look-up of a typed ticker did not get an answer (the dashboard's ticker box). */
  tickerLookupFailed: (ticker: string) => `${ticker} could not be looked up. Try again.`,
  marketUnavailable: 'Market data is unavailable right now. Try again in a moment.',
  tickersRequired: 'Enter at least one ticker, separated by commas.',
  tooManyTickers: (max: number) => `Ask for at most ${max} tickers at once.`,
  intervalInvalid: `Interval must be one of ${INTERVALS.join(', ')}.`,
  parameterInvalid: `Parameter must be one of ${TA_PARAMETERS.join(', ')}.`,
  timePeriodInvalid: `Time period must be a whole number from 1 to ${TA_TIME_PERIOD_MAX}.`,
  notEnoughBars: (ticker: string, interval: Interval, have: number, need: number) =>
    `Not enough ${interval} price history for ${ticker}: the time period needs ${need} bars and ${have} ${have === 1 ? 'is' : 'are'} available.`,
  strategyInvalid: 'Invalid Strategy',
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  strikeInvalid: 'A strike is a number above 0 and at most 10,000,000.',
  straddleOneStrike:
    'A straddle buys the call and the put at the same strike: leg_two_strike must equal leg_one_strike.',
  noSuchExpiration: (ticker: string, date: string) => `${ticker} has no options expiring on ${date}.`,
  noSuchStrike: (ticker: string, date: string, strike: number, type: 'call' | 'put') =>
    `${ticker} has no ${strike} ${type} expiring on ${date}.`,
  timeInvalid: 'Enter a time as an ISO date (YYYY-MM-DD) or date-time.',
  rangeInvalid: '`from` must be before `to`.',
  windowTooWide: (interval: Interval, maxDays: number) =>
    `One request for ${interval} bars may cover at most ${maxDays} days; ask for a shorter window.`,
  wsAuthFirst: 'Authenticate first: send {"type":"auth","token":"…"}.',
  wsUnauthorized: 'Invalid or expired session token.',
  wsBadMessage: 'Unreadable message: expected JSON such as {"type":"subscribe","tickers":["AAPL"]}.',
  wsTooManyTickers: (max: number) => `A connection may follow at most ${max} tickers; unsubscribe from some first.`,
} as const;

/* ---- Brokerage (2-trading §2.5-§2.7, §8, §9) ------------------------------------------------- */

/** The brokers a trader may connect; `paper` is the simulated brokerage. */
export const BROKERS = ['paper', 'tradier', 'alpaca'] as const;
export type BrokerName = (typeof BROKERS)[number];
export const BROKER_LABELS: Record<BrokerName, string> = {
  paper: 'Simulated brokerage',
  tradier: 'Tradier',
  alpaca: 'Alpaca',
};

export const BROKER_MSG = {
  // 2-trading §8 and 1-core §8.
  orderModified: 'Order modified successfully',
  modifyFailed: 'Failed to modify order',
  orderPlaced: 'Order placed successfully',
  placeFailed: 'Failed to place order',
  accountsFailed: 'Error fetching your live accounts.',
  syncFailed: 'There was an error',
  // Our own words, where the spec gives none.
  orderTypeRequired: 'Please select the order type!',
  durationRequired: 'Please select the duration!',
  sideRequired: 'Please select the side!',
  classRequired: 'Please select the class!',
  choose: (label: string, allowed: readonly string[]) => `${label} must be one of: ${allowed.join(', ')}.`,
  symbolRequired: 'Please input the symbol!',
  optionSymbolRequired: 'An option order names its option symbol (OCC), e.g. AAPL261218C00150000.',
  quantityRequired: 'Quantity must be a whole number greater than 0.',
  priceRequired: (type: string) => `A ${type} order needs a price.`,
  stopRequired: (type: string) => `A ${type} order needs a stop price.`,
  pricePositive: 'Price must be greater than 0.',
  orderIdRequired: 'Give the id of the order to modify.',
  accountSelected: 'Account selected',
  accountsSynced: 'Accounts synced',
  authorized: 'Your brokerage account is connected: you are trading live.',
  authLinkInvalid: 'This authorization has expired or was not started by you. Start again from Broker Settings.',
  authRefused: 'The broker did not grant access. Try again from Broker Settings.',
  notConnected: 'Connect your brokerage account in Broker Settings first.',
  tokenExpired: 'Your broker authorization has expired. Re-authorize from Broker Settings.',
  authorizationEnding: (at: string) =>
    `Your broker authorization ends at ${at}. Re-authorize in Broker Settings to keep your trades running.`,
  notPermitted: 'Your broker authorization does not allow this. Re-authorize from Broker Settings.',
  brokerNotOffered: (broker: string) => `${broker} is not offered on this server.`,
  accountUnknown: 'There is no such brokerage account.',
  orderNotFound: 'Order not found.',
  notModifiable: 'Only open or pending orders that are not part of a multileg order can be modified.',
  orderTypeUnsupported: (broker: string, type: string) => `${broker} does not take ${type} orders.`,
  keyIdRequired: 'Please input the API key ID!',
  secretKeyRequired: 'Please input the API secret key!',
  keysNotTaken: (broker: string) => `${broker} is connected by authorization, not with API keys.`,
  keysRefused: (broker: string) =>
    `${broker} did not accept this key pair. Check the key ID and the secret key, and that they are for this server's kind of account (paper or live).`,
  keyTooLong: 'An API key is at most 200 characters.',
  brokerRefused: (reason: string) => `The broker refused the order: ${reason}`,
  brokerUnavailable: 'The broker did not answer. Nothing was changed; try again in a moment.',
  neverReached: 'The broker never received this order: it was not placed.',
  unconfirmed: 'The broker could not confirm this order in time. Check your account at the broker.',
  outcomeUnknown:
    'The broker did not confirm this order, and it may have been placed. DRAT is checking: look at the Trade Monitor in a minute before placing it again.',
  exitUnconfirmed: (instrument: string) =>
    `An order for ${instrument} on this account is still being confirmed with the broker. Look at the Trade Monitor in a minute.`,
} as const;

/**
 * User event over the WebSocket: an order at the broker changed (a smart trade's order answered,
 * an order modified or placed by hand). The Trade Monitor and the balances read it again.
 */
export const BROKER_ORDER_EVENT = 'broker-order';
export interface BrokerOrderEventPayload {
  account_id: string;
  /** Our client order id (a smart trade's order), when there is one. */
  client_order_id: string | null;
  /** The broker's order id, when known. */
  order_id: string | null;
  status: string;
}

/* ---- Smart trades --------------------------------------------------------------------------- */

/** User event over the WebSocket: a smart trade changed (a fill, a status); the screens read it again. */
export const TRADE_EVENT = 'trade';
export interface TradeEventPayload {
  id: number;
  status: 'DRAFT' | 'PENDING' | 'OPEN' | 'COMPLETED' | 'CANCELLED' | 'FAIL';
  /** Why it failed (FAIL): the broker's words. */
  reason?: string;
}
