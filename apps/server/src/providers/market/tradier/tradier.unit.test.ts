import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTradierMarket, type TradierMarket } from './provider';
import { AAPL, edt, MSFT, OTC } from '../../../../test/tradier-fixtures';
import { FAKE_TOKEN, startFakeTradier, type FakeTradier } from '../../../../test/tradier-fake';

let fake: FakeTradier;
let market: TradierMarket;
beforeAll(async () => {
  fake = await startFakeTradier();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
  market = createTradierMarket({
    token: FAKE_TOKEN,
    baseUrl: fake.baseUrl,
    backoffBaseMs: 5,
    requestsPerMinute: 10_000,
  });
});

const at = (sec: number) => new Date(sec * 1000);

describe('Tradier quotes', () => {
  it('sends the bearer token, Accept JSON and the symbols; maps fields; keeps order; drops unmatched', async () => {
    fake.on('/v1/markets/quotes', () => ({
      json: { quotes: { quote: [MSFT, AAPL], unmatched_symbols: { symbol: 'NOPE' } } },
    }));
    const quotes = await market.quotes(['aapl', 'NOPE', 'MSFT', 'AAPL']);
    const [req] = fake.to('/v1/markets/quotes');
    expect(req!.method).toBe('GET');
    expect(req!.headers.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
    expect(req!.headers.accept).toBe('application/json');
    expect(req!.query.get('symbols')).toBe('AAPL,NOPE,MSFT');
    expect(req!.query.get('greeks')).toBe('false');
    expect(quotes.map((q) => q.symbol)).toEqual(['AAPL', 'MSFT']);
    expect(quotes[0]).toEqual({
      symbol: 'AAPL',
      name: 'Apple Inc',
      last: 213.49,
      bid: 213.48,
      ask: 213.5,
      open: 211.25,
      high: 214.1,
      low: 210.9,
      prevclose: 211.36,
      change: 2.13,
      change_percentage: 1.01,
      volume: 60234123,
      at: new Date(edt(14, 15, 59) * 1000).toISOString(),
    });
  });

  it('accepts a single quote as an object instead of an array', async () => {
    fake.on('/v1/markets/quotes', () => ({ json: { quotes: { quote: AAPL } } }));
    const quotes = await market.quotes(['AAPL']);
    expect(quotes).toHaveLength(1);
    expect(quotes[0]!.name).toBe('Apple Inc');
  });

  it('gives [] when nothing matches (unmatched only, null or "null") and asks nothing for no symbols', async () => {
    const bodies = [
      { quotes: { unmatched_symbols: { symbol: ['NOPE', 'ZZZZ'] } } },
      { quotes: { unmatched_symbols: { symbol: 'NOPE' } } },
      { quotes: null },
      { quotes: 'null' },
      { quotes: { quote: 'null' } },
    ];
    fake.on('/v1/markets/quotes', (_r, nth) => ({ json: bodies[nth - 1] }));
    for (let i = 0; i < bodies.length; i++) expect(await market.quotes(['NOPE', 'ZZZZ'])).toEqual([]);
    expect(await market.quotes([])).toEqual([]);
    expect(await market.quotes(['  ', 'bad symbol!'])).toEqual([]);
    expect(fake.to('/v1/markets/quotes')).toHaveLength(bodies.length);
  });

  it('derives last, change and percentage when Tradier sends null (no trade yet)', async () => {
    fake.on('/v1/markets/quotes', () => ({ json: { quotes: { quote: OTC } } }));
    const [q] = await market.quotes(['TCEHY']);
    expect(q!.last).toBe(64.2);
    expect(q!.change).toBe(0);
    expect(q!.change_percentage).toBe(0);
  });

  it('POSTs a long symbol list as a form instead of a huge query string', async () => {
    const symbols = Array.from({ length: 300 }, (_, i) => `T${String(i).padStart(3, '0')}`);
    fake.on('/v1/markets/quotes', (req) => ({
      json: {
        quotes: {
          quote: req.form
            .get('symbols')!
            .split(',')
            .map((s) => ({ ...AAPL, symbol: s })),
        },
      },
    }));
    const quotes = await market.quotes(symbols);
    const [req] = fake.to('/v1/markets/quotes');
    expect(req!.method).toBe('POST');
    expect(req!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req!.form.get('symbols')!.split(',')).toHaveLength(300);
    expect(req!.form.get('greeks')).toBe('false');
    expect(quotes.map((q) => q.symbol)).toEqual(symbols);
  });
});

describe('Tradier bars', () => {
  const day = (date: string, close: number) => ({
    date,
    open: close - 1,
    high: close + 1,
    low: close - 2,
    close,
    volume: 1000,
  });

  it('1day from /markets/history (daily): dates to 09:30 Eastern, range [from, to)', async () => {
    fake.on('/v1/markets/history', () => ({
      json: { history: { day: [day('2025-03-12', 10), day('2025-03-13', 11), day('2025-03-14', 12)] } },
    }));
    const bars = await market.bars('aapl', '1day', at(edt(13, 0, 0)), at(edt(14, 23, 0)));
    const [req] = fake.to('/v1/markets/history');
    expect(Object.fromEntries(req!.query)).toEqual({
      symbol: 'AAPL',
      interval: 'daily',
      start: '2025-03-13',
      end: '2025-03-14',
    });
    expect(bars).toEqual([
      { time: edt(13, 9, 30), open: 10, high: 12, low: 9, close: 11, volume: 1000 },
      { time: edt(14, 9, 30), open: 11, high: 13, low: 10, close: 12, volume: 1000 },
    ]);
  });

  it('1week and 1month ask for weekly and monthly; a single day object and {history: null} are handled', async () => {
    fake.on('/v1/markets/history', (req) =>
      req.query.get('interval') === 'weekly'
        ? { json: { history: { day: day('2025-03-10', 20) } } }
        : { json: { history: null } },
    );
    const weeks = await market.bars('AAPL', '1week', at(edt(1, 0, 0)), at(edt(20, 0, 0)));
    expect(weeks).toEqual([{ time: edt(10, 9, 30), open: 19, high: 21, low: 18, close: 20, volume: 1000 }]);
    expect(await market.bars('AAPL', '1month', at(edt(1, 0, 0)), at(edt(20, 0, 0)))).toEqual([]);
    expect(fake.to('/v1/markets/history').map((r) => r.query.get('interval'))).toEqual(['weekly', 'monthly']);
  });

  it('daily bars in winter sit at 09:30 EST (14:30 UTC)', async () => {
    fake.on('/v1/markets/history', () => ({ json: { history: { day: day('2025-01-15', 5) } } }));
    const [bar] = await market.bars('AAPL', '1day', new Date('2025-01-15T00:00:00Z'), new Date('2025-01-16T00:00:00Z'));
    expect(new Date(bar!.time * 1000).toISOString()).toBe('2025-01-15T14:30:00.000Z');
  });

  const slice = (sec: number, close: number, volume = 100) => ({
    time: new Date((sec - 4 * 3600) * 1000).toISOString().slice(0, 19),
    timestamp: sec,
    price: close,
    open: close - 0.5,
    high: close + 1,
    low: close - 1,
    close,
    volume,
    vwap: close,
  });

  it('5min from /markets/timesales: Eastern start/end, session_filter, [from, to)', async () => {
    fake.on('/v1/markets/timesales', () => ({
      json: { series: { data: [slice(edt(14, 9, 30), 1), slice(edt(14, 9, 35), 2), slice(edt(14, 9, 40), 3)] } },
    }));
    const bars = await market.bars('AAPL', '5min', at(edt(14, 9, 30)), at(edt(14, 9, 40)));
    const [req] = fake.to('/v1/markets/timesales');
    expect(Object.fromEntries(req!.query)).toEqual({
      symbol: 'AAPL',
      interval: '5min',
      start: '2025-03-14 09:30',
      end: '2025-03-14 09:40',
      session_filter: 'open',
    });
    expect(bars.map((b) => [b.time, b.close])).toEqual([
      [edt(14, 9, 30), 1],
      [edt(14, 9, 35), 2],
    ]);
  });

  it('1min accepts one slice as an object, {series: null} and slices without timestamp (Eastern time)', async () => {
    const bodies = [
      { series: { data: slice(edt(14, 10, 0), 7) } },
      { series: null },
      { series: { data: [{ ...slice(edt(14, 10, 1), 8), timestamp: undefined }] } },
    ];
    fake.on('/v1/markets/timesales', (_r, nth) => ({ json: bodies[nth - 1] }));
    const range = [at(edt(14, 9, 30)), at(edt(14, 16, 0))] as const;
    expect((await market.bars('AAPL', '1min', ...range)).map((b) => b.time)).toEqual([edt(14, 10, 0)]);
    expect(await market.bars('AAPL', '1min', ...range)).toEqual([]);
    expect((await market.bars('AAPL', '1min', ...range)).map((b) => b.time)).toEqual([edt(14, 10, 1)]);
    expect(fake.to('/v1/markets/timesales')[0]!.query.get('interval')).toBe('1min');
  });

  it('1hr is aggregated from 15min slices in buckets from 09:30 Eastern, fetching one bucket past `to`', async () => {
    const data: ReturnType<typeof slice>[] = [];
    for (let i = 0; i < 12; i++) data.push(slice(edt(14, 9, 30) + i * 900, 100 + i, 10 + i)); // 09:30 … 12:15
    fake.on('/v1/markets/timesales', () => ({ json: { series: { data } } }));
    const bars = await market.bars('AAPL', '1hr', at(edt(14, 9, 30)), at(edt(14, 11, 30)));
    const [req] = fake.to('/v1/markets/timesales');
    expect(req!.query.get('interval')).toBe('15min');
    expect(req!.query.get('end')).toBe('2025-03-14 12:30');
    expect(bars).toEqual([
      { time: edt(14, 9, 30), open: 99.5, high: 104, low: 99, close: 103, volume: 10 + 11 + 12 + 13 },
      { time: edt(14, 10, 30), open: 103.5, high: 108, low: 103, close: 107, volume: 14 + 15 + 16 + 17 },
    ]);
  });

  it('every aggregated interval asks for 15min; 4hr buckets start 09:30 and 13:30', async () => {
    const data: ReturnType<typeof slice>[] = [];
    for (let i = 0; i < 26; i++) data.push(slice(edt(14, 9, 30) + i * 900, 50 + i)); // whole session
    fake.on('/v1/markets/timesales', () => ({ json: { series: { data } } }));
    const range = [at(edt(14, 9, 30)), at(edt(14, 16, 0))] as const;
    const fourHours = await market.bars('AAPL', '4hr', ...range);
    expect(fourHours.map((b) => b.time)).toEqual([edt(14, 9, 30), edt(14, 13, 30)]);
    expect(fourHours[1]!.close).toBe(75);
    for (const interval of ['30min', '45min', '2hr'] as const) await market.bars('AAPL', interval, ...range);
    expect(fake.to('/v1/markets/timesales').map((r) => r.query.get('interval'))).toEqual([
      '15min',
      '15min',
      '15min',
      '15min',
    ]);
  });

  it('an empty range asks nothing', async () => {
    expect(await market.bars('AAPL', '1day', at(edt(14, 0, 0)), at(edt(14, 0, 0)))).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('Tradier clock', () => {
  it('maps the state and dates next_change on the clock day', async () => {
    fake.on('/v1/markets/clock', () => ({
      json: {
        clock: {
          date: '2025-03-14',
          description: 'Market is open from 09:30 to 16:00',
          state: 'open',
          timestamp: edt(14, 10, 0),
          next_change: '16:00',
          next_state: 'postmarket',
        },
      },
    }));
    expect(await market.clock()).toEqual({
      state: 'open',
      at: new Date(edt(14, 10, 0) * 1000).toISOString(),
      next_state: 'postmarket',
      next_change: new Date(edt(14, 16, 0) * 1000).toISOString(),
      description: 'Market is open from 09:30 to 16:00',
    });
  });

  it('after Friday close the next premarket is Monday', async () => {
    fake.on('/v1/markets/clock', () => ({
      json: {
        clock: {
          date: '2025-03-14',
          description: 'Market is closed',
          state: 'closed',
          timestamp: edt(14, 21, 0),
          next_change: '07:00',
          next_state: 'premarket',
        },
      },
    }));
    const clock = await market.clock();
    expect(clock.state).toBe('closed');
    expect(clock.next_state).toBe('premarket');
    expect(clock.next_change).toBe(new Date(edt(17, 7, 0) * 1000).toISOString());
  });

  it('premarket and postmarket states pass through', async () => {
    fake.on('/v1/markets/clock', (_r, nth) => ({
      json: {
        clock: {
          date: '2025-03-14',
          description: '',
          state: nth === 1 ? 'premarket' : 'postmarket',
          timestamp: edt(14, nth === 1 ? 8 : 17, 0),
          next_change: nth === 1 ? '09:30' : '20:00',
          next_state: nth === 1 ? 'open' : 'closed',
        },
      },
    }));
    expect((await market.clock()).state).toBe('premarket');
    const post = await market.clock();
    expect([post.state, post.next_state, post.next_change]).toEqual([
      'postmarket',
      'closed',
      new Date(edt(14, 20, 0) * 1000).toISOString(),
    ]);
  });
});
