import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MARKET_MSG,
  UNKNOWN_PRICE,
  type Interval,
  type StockPriceResponse,
  type TechnicalResponse,
} from '@drat/contracts';
import { createSimMarket } from '../../providers/market/sim/index';
import { makeUser, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

/** A simulated market whose time stands still (a Wednesday, 10:30 in New York), so bars do not move. */
const FROZEN = Date.parse('2026-03-04T15:30:00Z');
const market = createSimMarket({ seed: 'stock-test', speed: 1, alwaysOpen: false, wallClock: () => FROZEN });
const DAY = 86_400_000;

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ market });
  token = await signIn(t.app, await makeUser(t.db));
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, as: string | undefined = token) => t.get(url, { token: as });

async function quoteOf(ticker: string) {
  const [quote] = await market.quotes([ticker]);
  if (!quote) throw new Error(`the simulated market does not know ${ticker}`);
  return quote;
}

/** The closes of `interval` bars up to the frozen now, oldest first, over a generous window. */
async function closes(ticker: string, interval: Interval, days: number): Promise<number[]> {
  const bars = await market.bars(ticker, interval, new Date(FROZEN - days * DAY), new Date(FROZEN));
  return bars.map((b) => b.close);
}

describe('GET /api/stock/price', () => {
  it('answers the live price and the name, for any case of the ticker; the spec’s token parameter is ignored', async () => {
    const quote = await quoteOf('AAPL');
    for (const url of [
      '/stock/price?ticker=AAPL',
      '/stock/price?ticker=aapl',
      '/stock/price?ticker=%20AAPL%20&token=fixed-access-token',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json<StockPriceResponse>()).toEqual({ LivePrice: quote.last, Name: quote.name });
    }
    expect(quote.last).toBeGreaterThan(0);
    expect(quote.name).not.toBe('');
  });

  it('answers the spec’s unknown price (-500) and an empty name for a ticker nobody knows', async () => {
    const res = await get('/stock/price?ticker=ZZZZQ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ LivePrice: UNKNOWN_PRICE, Name: '' });
  });

  it.each([
    ['no ticker', '/stock/price', MARKET_MSG.tickerRequired],
    ['a blank ticker', '/stock/price?ticker=%20%20', MARKET_MSG.tickerRequired],
    ['symbols', '/stock/price?ticker=%24%24%24', MARKET_MSG.tickerInvalid],
    ['a space inside', '/stock/price?ticker=AA%20PL', MARKET_MSG.tickerInvalid],
    ['too long', '/stock/price?ticker=ABCDEFGHIJKLMNOP', MARKET_MSG.tickerInvalid],
    ['starting with a digit', '/stock/price?ticker=1ABC', MARKET_MSG.tickerInvalid],
  ])('400 for %s', async (_label, url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ticker: [message] });
  });
});

describe('GET /api/stock/ta', () => {
  const ta = async (query: string) => {
    const res = await get(`/stock/ta?${query}&token=fixed-access-token`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TechnicalResponse>();
  };

  it.each([
    ['1day', 20, 200],
    ['1hr', 14, 30],
    ['5min', 50, 10],
    ['1week', 10, 400],
  ] as const)(
    'SMA over %s bars is the mean of the last timePeriod closes (period %i)',
    async (interval, period, days) => {
      const body = await ta(`ticker=msft&parameter=SMA&timePeriod=${period}&interval=${interval}`);
      expect(body.query).toEqual({ ticker: 'MSFT', parameter: 'SMA', timePeriod: period, interval });
      const last = (await closes('MSFT', interval, days)).slice(-period);
      expect(last).toHaveLength(period);
      expect(body.value).toBeCloseTo(last.reduce((a, b) => a + b, 0) / period, 3);
    },
  );

  it.each([
    ['1day', 10, 200],
    ['15min', 20, 20],
  ] as const)(
    'EMA over %s bars runs 2/(n+1) weighting over the last three periods of closes (period %i)',
    async (interval, period, days) => {
      const body = await ta(`ticker=AAPL&parameter=EMA&timePeriod=${period}&interval=${interval}`);
      const window = (await closes('AAPL', interval, days)).slice(-3 * period);
      expect(window).toHaveLength(3 * period);
      const k = 2 / (period + 1);
      let ema = window[0]!;
      for (const c of window.slice(1)) ema = c * k + ema * (1 - k);
      expect(body.value).toBeCloseTo(ema, 3);
    },
  );

  it('VALUE is the last price', async () => {
    const body = await ta('ticker=AAPL&parameter=VALUE&timePeriod=5&interval=1min');
    expect(body.value).toBe((await quoteOf('AAPL')).last);
  });

  it('takes the spec’s defaults (SMA, 1day, 50) for what is left out', async () => {
    const body = await ta('ticker=AAPL');
    expect(body.query).toEqual({ ticker: 'AAPL', parameter: 'SMA', timePeriod: 50, interval: '1day' });
    const last = (await closes('AAPL', '1day', 200)).slice(-50);
    expect(body.value).toBeCloseTo(last.reduce((a, b) => a + b, 0) / 50, 3);
  });

  it.each([
    ['an unknown parameter', 'ticker=AAPL&parameter=RSI', { parameter: [MARKET_MSG.parameterInvalid] }],
    ['an unknown interval', 'ticker=AAPL&interval=2min', { interval: [MARKET_MSG.intervalInvalid] }],
    ['a time period of 0', 'ticker=AAPL&timePeriod=0', { timePeriod: [MARKET_MSG.timePeriodInvalid] }],
    ['a time period above 500', 'ticker=AAPL&timePeriod=501', { timePeriod: [MARKET_MSG.timePeriodInvalid] }],
    ['a fractional time period', 'ticker=AAPL&timePeriod=1.5', { timePeriod: [MARKET_MSG.timePeriodInvalid] }],
    ['a time period in words', 'ticker=AAPL&timePeriod=ten', { timePeriod: [MARKET_MSG.timePeriodInvalid] }],
    ['no ticker', 'parameter=SMA', { ticker: [MARKET_MSG.tickerRequired] }],
    ['a garbage ticker', 'ticker=%3Cscript%3E', { ticker: [MARKET_MSG.tickerInvalid] }],
    ['an unknown ticker', 'ticker=ZZZZQ', { ticker: [MARKET_MSG.unknownTicker('ZZZZQ')] }],
  ])('400 for %s', async (_label, query, body) => {
    const res = await get(`/stock/ta?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
  });

  it('400 naming the shortfall when the history is shorter than the time period', async () => {
    // The simulated market keeps every past bar; a ticker listed last week is played by keeping
    // only the sim's bars since then (the same market otherwise).
    const listed = FROZEN - 7 * DAY;
    const young = {
      ...market,
      bars: async (...args: Parameters<typeof market.bars>) =>
        (await market.bars(...args)).filter((b) => b.time * 1000 >= listed),
    };
    const other = await createTestApp({ market: young });
    try {
      const youngToken = await signIn(other.app, await makeUser(other.db));
      const have = (await young.bars('AAPL', '1day', new Date(FROZEN - 30 * DAY), new Date(FROZEN))).length;
      expect(have).toBeGreaterThan(0);
      expect(have).toBeLessThan(20);
      const res = await other.get('/stock/ta?ticker=AAPL&parameter=SMA&timePeriod=20&interval=1day', {
        token: youngToken,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ timePeriod: [MARKET_MSG.notEnoughBars('AAPL', '1day', have, 20)] });
      const enough = await other.get(`/stock/ta?ticker=AAPL&parameter=EMA&timePeriod=${have}&interval=1day`, {
        token: youngToken,
      });
      expect(enough.statusCode, enough.body).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('who may call the market look-ups', () => {
  it.each([
    '/stock/price?ticker=AAPL',
    '/stock/ta?ticker=AAPL',
    '/livetrading/get-option-price/?ticker=AAPL&strategy=BUY%20CALL',
  ])('401 without a token, and with a token that is not a session: %s', async (url) => {
    const none = await t.get(url);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toHaveProperty('detail');
    expect((await get(url, 'not-a-session')).statusCode).toBe(401);
  });
});
