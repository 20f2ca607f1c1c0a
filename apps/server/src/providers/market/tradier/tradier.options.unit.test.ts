import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTradierMarket, type TradierMarket } from './provider';
import { AAPL, AAPL_FUNDAMENTALS, GREEKS, option, OTC, SPY } from '../../../../test/tradier-fixtures';
import { FAKE_TOKEN, startFakeTradier, type FakeTradier } from '../../../../test/tradier-fake';
import { DEFAULT_TRADIER_UNIVERSE } from './universe';

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

describe('Tradier options', () => {
  it('expirations: all roots, sorted; a single date as a string; null', async () => {
    const bodies = [
      { expirations: { date: ['2025-04-17', '2025-03-21', '2025-03-28'] } },
      { expirations: { date: '2025-03-21' } },
      { expirations: null },
      { expirations: { date: 'null' } },
    ];
    fake.on('/v1/markets/options/expirations', (_r, nth) => ({ json: bodies[nth - 1] }));
    expect(await market.optionExpirations('aapl')).toEqual(['2025-03-21', '2025-03-28', '2025-04-17']);
    expect(await market.optionExpirations('AAPL')).toEqual(['2025-03-21']);
    expect(await market.optionExpirations('NOPE')).toEqual([]);
    expect(await market.optionExpirations('NOPE')).toEqual([]);
    const [req] = fake.to('/v1/markets/options/expirations');
    expect(Object.fromEntries(req!.query)).toEqual({ symbol: 'AAPL', includeAllRoots: 'true', strikes: 'false' });
  });

  it('strikes: numbers sorted; a single strike as a number; "null"', async () => {
    const bodies = [
      { strikes: { strike: [215, 200, 210.5] } },
      { strikes: { strike: 200 } },
      { strikes: 'null' },
      { strikes: null },
    ];
    fake.on('/v1/markets/options/strikes', (_r, nth) => ({ json: bodies[nth - 1] }));
    expect(await market.optionStrikes('AAPL', '2025-03-21')).toEqual([200, 210.5, 215]);
    expect(await market.optionStrikes('AAPL', '2025-03-21')).toEqual([200]);
    expect(await market.optionStrikes('AAPL', '2025-03-22')).toEqual([]);
    expect(await market.optionStrikes('AAPL', '2025-03-22')).toEqual([]);
    const [req] = fake.to('/v1/markets/options/strikes');
    expect(Object.fromEntries(req!.query)).toEqual({ symbol: 'AAPL', expiration: '2025-03-21' });
  });

  it('chain with greeks: mapped, sorted by strike then call before put; greeks null → zeros', async () => {
    fake.on('/v1/markets/options/chains', () => ({
      json: {
        options: { option: [option(220, 'put'), option(215, 'put'), option(215, 'call'), option(220, 'call', false)] },
      },
    }));
    const chain = await market.optionChain('AAPL', '2025-03-21');
    const [req] = fake.to('/v1/markets/options/chains');
    expect(Object.fromEntries(req!.query)).toEqual({ symbol: 'AAPL', expiration: '2025-03-21', greeks: 'true' });
    expect(chain.map((o) => o.symbol)).toEqual([
      'AAPL250321C00215000',
      'AAPL250321P00215000',
      'AAPL250321C00220000',
      'AAPL250321P00220000',
    ]);
    expect(chain[0]).toEqual({
      symbol: 'AAPL250321C00215000',
      underlying: 'AAPL',
      expiration: '2025-03-21',
      strike: 215,
      option_type: 'call',
      bid: 2.3,
      ask: 2.4,
      last: 2.35,
      volume: 1520,
      open_interest: 8841,
      greeks: {
        delta: GREEKS.delta,
        gamma: GREEKS.gamma,
        theta: GREEKS.theta,
        vega: GREEKS.vega,
        rho: GREEKS.rho,
        mid_iv: GREEKS.mid_iv,
      },
    });
    expect(chain[2]!.greeks).toEqual({ delta: 0, gamma: 0, theta: 0, vega: 0, rho: 0, mid_iv: 0 });
  });

  it('chain: a single option as an object; {options: null}', async () => {
    fake.on('/v1/markets/options/chains', (_r, nth) => ({
      json: nth === 1 ? { options: { option: option(215, 'call') } } : { options: null },
    }));
    expect(await market.optionChain('AAPL', '2025-03-21')).toHaveLength(1);
    expect(await market.optionChain('AAPL', '2025-03-28')).toEqual([]);
  });

  it('one option by OCC symbol through /markets/quotes with greeks; unmatched → null; malformed → null, unasked', async () => {
    fake.on('/v1/markets/quotes', (req) =>
      req.query.get('symbols') === 'AAPL250321C00215000'
        ? { json: { quotes: { quote: option(215, 'call') } } }
        : { json: { quotes: { unmatched_symbols: { symbol: req.query.get('symbols') } } } },
    );
    const o = await market.optionQuote('aapl250321c00215000');
    const [req] = fake.to('/v1/markets/quotes');
    expect(req!.query.get('symbols')).toBe('AAPL250321C00215000');
    expect(req!.query.get('greeks')).toBe('true');
    expect(o).toMatchObject({
      underlying: 'AAPL',
      strike: 215,
      option_type: 'call',
      expiration: '2025-03-21',
      open_interest: 8841,
    });
    expect(o!.greeks.mid_iv).toBe(GREEKS.mid_iv);
    expect(await market.optionQuote('AAPL250321C00999000')).toBeNull();
    expect(await market.optionQuote('not-an-option')).toBeNull();
    expect(fake.to('/v1/markets/quotes')).toHaveLength(2);
  });
});

describe('Tradier company reference', () => {
  const quotes = { AAPL, SPY, TCEHY: OTC, ZZZZ: { ...AAPL, symbol: 'ZZZZ', description: 'Unknown Co' } };
  beforeEach(() => {
    fake.on('/v1/markets/quotes', (req) => {
      const sym = req.query.get('symbols') as keyof typeof quotes;
      return {
        json: quotes[sym] ? { quotes: { quote: quotes[sym] } } : { quotes: { unmatched_symbols: { symbol: sym } } },
      };
    });
    fake.on('/v1/markets/etb', () => ({
      json: { securities: { security: [{ symbol: 'AAPL', exchange: 'Q', type: 'stock', description: 'Apple Inc' }] } },
    }));
  });

  it('from fundamentals (beta API) and the quote', async () => {
    fake.on('/beta/markets/fundamentals/company', () => ({ json: AAPL_FUNDAMENTALS }));
    const ref = await market.company('aapl');
    expect(fake.to('/beta/markets/fundamentals/company')[0]!.query.get('symbols')).toBe('AAPL');
    expect(fake.to('/beta/markets/fundamentals/company')[0]!.headers.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
    expect(ref).toEqual({
      symbol: 'AAPL',
      name: 'Apple Inc',
      sector: 'Technology',
      industry: '',
      exchange: 'NASDAQ',
      type: 'stock',
      website: 'https://www.apple.com',
      description: 'Apple designs a wide variety of consumer electronic devices.',
      shares_outstanding: 15_000_000_000,
      float: 14_000_000_000,
      average_volume: 55012345,
      optionable: true,
      shortable: true,
    });
  });

  it('falls back to the quote and the followed universe when fundamentals are refused; ETB list read once a day', async () => {
    fake.on('/beta/markets/fundamentals/company', () => ({ status: 403, text: 'Forbidden' }));
    const aapl = await market.company('AAPL');
    expect(aapl).toMatchObject({
      sector: 'Technology',
      name: 'Apple Inc',
      shares_outstanding: 0,
      shortable: true,
      optionable: true,
    });
    const spy = await market.company('SPY');
    expect(spy).toMatchObject({ sector: 'ETF', type: 'etf', exchange: 'NYSE ARCA', shortable: false });
    expect(fake.to('/beta/markets/fundamentals/company')).toHaveLength(2); // one attempt each, no retries
    expect(fake.to('/v1/markets/etb')).toHaveLength(1);
  });

  it('OTC names are typed otc; unknown sector without fundamentals → null; unknown symbol → null', async () => {
    const withSector = createTradierMarket({
      token: FAKE_TOKEN,
      baseUrl: fake.baseUrl,
      universe: [{ symbol: 'TCEHY', sector: 'Communication Services' }],
    });
    const otc = await withSector.company('TCEHY');
    expect(otc).toMatchObject({ type: 'otc', exchange: 'OTC', sector: 'Communication Services', optionable: false });
    expect(await market.company('ZZZZ')).toBeNull();
    expect(await market.company('NOPE')).toBeNull();
  });
});

describe('Tradier universe, now and health', () => {
  it('universe is the followed list; now is the wall clock', async () => {
    expect(await market.universe()).toEqual(DEFAULT_TRADIER_UNIVERSE.map((u) => u.symbol));
    expect(Math.abs(market.now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('health: true when the clock answers, false (once, no retries) when it does not', async () => {
    fake.on('/v1/markets/clock', (_r, nth) =>
      nth === 1
        ? {
            json: {
              clock: {
                date: '2025-03-14',
                description: '',
                state: 'open',
                timestamp: 1,
                next_change: '16:00',
                next_state: 'postmarket',
              },
            },
          }
        : { status: 503, text: 'Service Unavailable' },
    );
    expect(await market.health()).toBe(true);
    expect(await market.health()).toBe(false);
    expect(fake.to('/v1/markets/clock')).toHaveLength(2);
    const badToken = createTradierMarket({ token: 'wrong', baseUrl: fake.baseUrl });
    expect(await badToken.health()).toBe(false);
  });
});
