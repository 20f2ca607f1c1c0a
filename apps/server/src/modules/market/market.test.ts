import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BARS_MAX_DAYS,
  HOTLIST_SIZE,
  MARKET_MSG,
  OVERVIEW_INDICES,
  OVERVIEW_SECTORS,
  QUOTES_MAX_TICKERS,
  type BarsResponse,
  type HotlistsResponse,
  type MarketClock,
  type OverviewResponse,
  type Quote,
  type QuotesResponse,
} from '@drat/contracts';
import { createSimMarket } from '../../providers/market/sim/index';
import { makeUser, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

const FROZEN = Date.parse('2026-03-04T15:30:00Z');
const market = createSimMarket({ seed: 'market-test', speed: 1, alwaysOpen: false, wallClock: () => FROZEN });
const DAY = 86_400_000;
const QUOTE_KEYS = [
  'ask',
  'at',
  'bid',
  'change',
  'change_percentage',
  'high',
  'last',
  'low',
  'name',
  'open',
  'prevclose',
  'symbol',
  'volume',
];

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ market });
  token = await signIn(t.app, await makeUser(t.db));
});
afterAll(async () => {
  await t?.close();
});

async function ok<T>(url: string): Promise<T> {
  const res = await t.get(url, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}
async function bad(url: string): Promise<unknown> {
  const res = await t.get(url, { token });
  expect(res.statusCode, res.body).toBe(400);
  return res.json();
}

describe('GET /api/market/quotes', () => {
  it('answers the quotes of the known tickers, in the order asked, without duplicates', async () => {
    const body = await ok<QuotesResponse>('/market/quotes?tickers=msft,%20AAPL,ZZZZQ,MSFT');
    expect(body.quotes.map((q) => q.symbol)).toEqual(['MSFT', 'AAPL']);
    for (const q of body.quotes) expect(Object.keys(q).sort()).toEqual(QUOTE_KEYS);
    expect(body.quotes).toEqual(await market.quotes(['MSFT', 'AAPL']));
  });

  it.each([
    ['no tickers', '/market/quotes', MARKET_MSG.tickersRequired],
    ['only commas', '/market/quotes?tickers=,,', MARKET_MSG.tickersRequired],
    ['a garbage ticker', '/market/quotes?tickers=AAPL,%24%24', `${MARKET_MSG.tickerInvalid} ($$)`],
    [
      `more than ${QUOTES_MAX_TICKERS}`,
      `/market/quotes?tickers=${Array.from({ length: QUOTES_MAX_TICKERS + 1 }, (_, i) => `T${i}`).join(',')}`,
      MARKET_MSG.tooManyTickers(QUOTES_MAX_TICKERS),
    ],
  ])('400 for %s', async (_label, url, message) => {
    expect(await bad(url)).toEqual({ tickers: [message] });
  });
});

describe('GET /api/market/bars', () => {
  it('answers a year of daily bars by default, oldest first, ending at the market’s now', async () => {
    const body = await ok<BarsResponse>('/market/bars?ticker=aapl');
    expect(body.ticker).toBe('AAPL');
    expect(body.interval).toBe('1day');
    expect(body.bars.length).toBeGreaterThan(200);
    expect(body.bars.length).toBeLessThan(260);
    const times = body.bars.map((b) => b.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.at(-1)! * 1000).toBeLessThanOrEqual(FROZEN);
    for (const b of body.bars) {
      expect(Object.keys(b).sort()).toEqual(['close', 'high', 'low', 'open', 'time', 'volume']);
      expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
      expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close));
    }
  });

  it('answers the provider’s bars of an explicit window', async () => {
    const from = '2026-03-02';
    const to = '2026-03-03T21:00:00Z';
    const body = await ok<BarsResponse>(`/market/bars?ticker=MSFT&interval=15min&from=${from}&to=${to}`);
    expect(body.bars).toEqual(await market.bars('MSFT', '15min', new Date(`${from}T00:00:00Z`), new Date(to)));
    expect(body.bars.length).toBeGreaterThan(20);
  });

  it('never reads past the market’s now', async () => {
    const body = await ok<BarsResponse>('/market/bars?ticker=MSFT&interval=1hr&from=2026-03-03&to=2027-01-01');
    expect(body.bars.at(-1)!.time * 1000).toBeLessThanOrEqual(FROZEN);
  });

  it.each([
    ['no ticker', '/market/bars?interval=1day', { ticker: [MARKET_MSG.tickerRequired] }],
    ['an unknown ticker', '/market/bars?ticker=ZZZZQ', { ticker: [MARKET_MSG.unknownTicker('ZZZZQ')] }],
    ['an unknown interval', '/market/bars?ticker=AAPL&interval=3min', { interval: [MARKET_MSG.intervalInvalid] }],
    ['a time that is not ISO', '/market/bars?ticker=AAPL&from=yesterday', { from: [MARKET_MSG.timeInvalid] }],
    ['from after to', '/market/bars?ticker=AAPL&from=2026-03-03&to=2026-03-02', { from: [MARKET_MSG.rangeInvalid] }],
    [
      'years of minutes',
      '/market/bars?ticker=AAPL&interval=1min&from=2024-01-01&to=2026-03-01',
      { from: [MARKET_MSG.windowTooWide('1min', BARS_MAX_DAYS['1min'])] },
    ],
    [
      'more days of 5-minute bars than allowed',
      `/market/bars?ticker=AAPL&interval=5min&from=${new Date(FROZEN - (BARS_MAX_DAYS['5min'] + 1) * DAY).toISOString()}`,
      { from: [MARKET_MSG.windowTooWide('5min', BARS_MAX_DAYS['5min'])] },
    ],
  ])('400 for %s', async (_label, url, body) => {
    expect(await bad(url)).toEqual(body);
  });
});

describe('GET /api/market/hotlists', () => {
  it('lists the top gainers, losers and most active of the provider’s universe', async () => {
    const body = await ok<HotlistsResponse>('/market/hotlists');
    const all = await market.quotes(await market.universe());
    // ties (equal rounded percentages) go by symbol
    const expected = (list: Quote[], key: (q: Quote) => number) =>
      [...list]
        .sort((a, b) => key(b) - key(a) || a.symbol.localeCompare(b.symbol))
        .slice(0, HOTLIST_SIZE)
        .map((q) => q.symbol);
    expect(body.gainers.map((q) => q.symbol)).toEqual(
      expected(
        all.filter((q) => q.change_percentage > 0),
        (q) => q.change_percentage,
      ),
    );
    expect(body.losers.map((q) => q.symbol)).toEqual(
      expected(
        all.filter((q) => q.change_percentage < 0),
        (q) => -q.change_percentage,
      ),
    );
    expect(body.most_active.map((q) => q.symbol)).toEqual(expected(all, (q) => q.volume));
    expect(body.gainers.length + body.losers.length).toBeGreaterThan(0);
    expect(body.most_active).toHaveLength(Math.min(HOTLIST_SIZE, all.length));
  });
});

describe('GET /api/market/overview', () => {
  it('answers the major ETFs and the sector ETFs the provider knows, in order, each with the day’s closes', async () => {
    const body = await ok<OverviewResponse>('/market/overview');
    const known = new Set(
      (await market.quotes([...OVERVIEW_INDICES, ...OVERVIEW_SECTORS].map((s) => s.symbol))).map((q) => q.symbol),
    );
    expect(body.indices.map((i) => i.quote.symbol)).toEqual(
      OVERVIEW_INDICES.map((s) => s.symbol).filter((s) => known.has(s)),
    );
    expect(body.sectors.map((i) => i.quote.symbol)).toEqual(
      OVERVIEW_SECTORS.map((s) => s.symbol).filter((s) => known.has(s)),
    );
    expect(body.indices.map((i) => i.label)).toContain('S&P 500');
    const spy = body.indices.find((i) => i.quote.symbol === 'SPY');
    expect(spy).toBeDefined();
    expect(spy!.spark.length).toBeGreaterThan(1);
    // the day's last close is the session's latest price
    expect(spy!.spark.at(-1)).toBeCloseTo(spy!.quote.last, 1);
  });
});

describe('GET /api/market/clock', () => {
  it('answers the market clock', async () => {
    const body = await ok<MarketClock>('/market/clock');
    expect(body).toEqual(await market.clock());
    expect(body.state).toBe('open'); // a Wednesday at 10:30 in New York
  });
});

describe('who may read market data', () => {
  it.each([
    '/market/quotes?tickers=AAPL',
    '/market/bars?ticker=AAPL',
    '/market/hotlists',
    '/market/overview',
    '/market/clock',
  ])('401 without a token: %s', async (url) => {
    const res = await t.get(url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('detail');
  });
});
