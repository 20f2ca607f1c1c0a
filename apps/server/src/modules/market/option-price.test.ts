import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_MSG, type OptionPriceResponse, type OptionQuote } from '@drat/contracts';
import { createSimMarket } from '../../providers/market/sim/index';
import { makeUser, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

const FROZEN = Date.parse('2026-03-04T15:30:00Z');
const market = createSimMarket({ seed: 'option-test', speed: 1, alwaysOpen: false, wallClock: () => FROZEN });
const TICKER = 'AAPL';

let t: TestApp;
let token: string;
let expiration: string;
let chain: OptionQuote[];
/** Strikes with both a call and a put, around the money. */
let strikes: number[];

beforeAll(async () => {
  t = await createTestApp({ market });
  token = await signIn(t.app, await makeUser(t.db));
  const expirations = await market.optionExpirations(TICKER);
  expiration = expirations[1] ?? expirations[0]!;
  chain = await market.optionChain(TICKER, expiration);
  const [quote] = await market.quotes([TICKER]);
  const both = [...new Set(chain.map((o) => o.strike))].filter((k) =>
    chain.some((o) => o.strike === k && o.option_type === 'put'),
  );
  strikes = both
    .sort((a, b) => Math.abs(a - quote!.last) - Math.abs(b - quote!.last))
    .slice(0, 5)
    .sort((a, b) => a - b);
});
afterAll(async () => {
  await t?.close();
});

const price = (query: Record<string, string | number>, as: string | undefined = token) =>
  t.get(
    `/livetrading/get-option-price/?${new URLSearchParams({ token: 'fixed-access-token', ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`,
    {
      token: as,
    },
  );

/** The provider's own mid of one contract of the chain. */
function mid(type: 'call' | 'put', strike: number): number {
  const o = chain.find((c) => c.option_type === type && c.strike === strike);
  if (!o) throw new Error(`no ${strike} ${type} in the chain`);
  expect(o.bid).toBeGreaterThan(0);
  expect(o.ask).toBeGreaterThanOrEqual(o.bid);
  return (o.bid + o.ask) / 2;
}

async function ok(query: Record<string, string | number>): Promise<OptionPriceResponse> {
  const res = await price(query);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<OptionPriceResponse>();
  expect(Object.keys(body).sort()).toEqual(['leg_one_price', 'leg_two_price', 'single_leg_price']);
  return body;
}

describe('GET /api/livetrading/get-option-price/', () => {
  it('BUY CALL and BUY PUT price the single leg at the chain’s mid; the two-leg prices are 0', async () => {
    const k = strikes[2]!;
    const call = await ok({
      ticker: TICKER,
      strategy: 'BUY CALL',
      single_strike: k,
      single_expiration_date: expiration,
    });
    expect(call.single_leg_price).toBeCloseTo(mid('call', k), 4);
    expect([call.leg_one_price, call.leg_two_price]).toEqual([0, 0]);
    const put = await ok({
      ticker: TICKER.toLowerCase(),
      strategy: 'buy put',
      single_strike: k,
      single_expiration_date: expiration,
    });
    expect(put.single_leg_price).toBeCloseTo(mid('put', k), 4);
    expect([put.leg_one_price, put.leg_two_price]).toEqual([0, 0]);
  });

  it('STRADDLE prices the call and the put at the same strike', async () => {
    const k = strikes[2]!;
    const body = await ok({
      ticker: TICKER,
      strategy: 'STRADDLE',
      leg_one_strike: k,
      leg_two_strike: k,
      two_legs_expiration_date: expiration,
    });
    expect(body.single_leg_price).toBe(0);
    expect(body.leg_one_price).toBeCloseTo(mid('call', k), 4);
    expect(body.leg_two_price).toBeCloseTo(mid('put', k), 4);
    const oneStrikeOnly = await ok({
      ticker: TICKER,
      strategy: 'STRADDLE',
      leg_one_strike: k,
      two_legs_expiration_date: expiration,
    });
    expect(oneStrikeOnly).toEqual(body);
  });

  it('STRANGLE prices leg one as the call at its strike and leg two as the put at its strike', async () => {
    const [low, high] = [strikes[0]!, strikes[4]!];
    const body = await ok({
      ticker: TICKER,
      strategy: 'STRANGLE',
      leg_one_strike: high,
      leg_two_strike: low,
      two_legs_expiration_date: expiration,
    });
    expect(body.single_leg_price).toBe(0);
    expect(body.leg_one_price).toBeCloseTo(mid('call', high), 4);
    expect(body.leg_two_price).toBeCloseTo(mid('put', low), 4);
    // calls get cheaper as the strike rises, puts dearer
    expect(mid('call', high)).toBeLessThan(mid('call', low));
    expect(mid('put', high)).toBeGreaterThan(mid('put', low));
  });

  it('ignores blank parameters of the legs a strategy does not use', async () => {
    const k = strikes[1]!;
    const body = await ok({
      ticker: TICKER,
      strategy: 'BUY CALL',
      single_strike: k,
      single_expiration_date: expiration,
      leg_one_strike: '',
      leg_two_strike: '',
      two_legs_expiration_date: '',
    });
    expect(body.single_leg_price).toBeCloseTo(mid('call', k), 4);
  });

  const single = () => ({
    ticker: TICKER,
    strategy: 'BUY CALL',
    single_strike: strikes[2]!,
    single_expiration_date: expiration,
  });
  const pair = () => ({
    ticker: TICKER,
    strategy: 'STRANGLE',
    leg_one_strike: strikes[4]!,
    leg_two_strike: strikes[0]!,
    two_legs_expiration_date: expiration,
  });

  it.each<[string, () => Record<string, string | number>, () => Record<string, string[]>]>([
    [
      'an unknown strategy',
      () => ({ ...single(), strategy: 'IRON CONDOR' }),
      () => ({ strategy: [MARKET_MSG.strategyInvalid] }),
    ],
    ['no strategy', () => ({ ticker: TICKER }), () => ({ strategy: [MARKET_MSG.strategyInvalid] })],
    [
      'a single leg without a strike',
      () => ({ ...single(), single_strike: '' }),
      () => ({ single_strike: ['This field is required.'] }),
    ],
    [
      'a single leg without a date',
      () => ({ ticker: TICKER, strategy: 'BUY PUT', single_strike: 100 }),
      () => ({ single_expiration_date: ['This field is required.'] }),
    ],
    [
      'a strangle without its put strike',
      () => ({ ...pair(), leg_two_strike: '' }),
      () => ({ leg_two_strike: ['This field is required.'] }),
    ],
    [
      'a strangle without its date',
      () => ({ ...pair(), two_legs_expiration_date: '' }),
      () => ({ two_legs_expiration_date: ['This field is required.'] }),
    ],
    [
      'a straddle with two strikes',
      () => ({ ...pair(), strategy: 'STRADDLE' }),
      () => ({ leg_two_strike: [MARKET_MSG.straddleOneStrike] }),
    ],
    [
      'a date in another format',
      () => ({ ...single(), single_expiration_date: '01/16/2026' }),
      () => ({ single_expiration_date: [MARKET_MSG.dateInvalid] }),
    ],
    [
      'a date that does not exist',
      () => ({ ...single(), single_expiration_date: '2026-02-30' }),
      () => ({ single_expiration_date: [MARKET_MSG.dateInvalid] }),
    ],
    [
      'a strike in words',
      () => ({ ...single(), single_strike: 'ten' }),
      () => ({ single_strike: [MARKET_MSG.strikeInvalid] }),
    ],
    [
      'a negative strike',
      () => ({ ...single(), single_strike: -5 }),
      () => ({ single_strike: [MARKET_MSG.strikeInvalid] }),
    ],
    [
      'a strike above 10,000,000',
      () => ({ ...single(), single_strike: 20_000_000 }),
      () => ({ single_strike: [MARKET_MSG.strikeInvalid] }),
    ],
    ['a garbage ticker', () => ({ ...single(), ticker: 'A$' }), () => ({ ticker: [MARKET_MSG.tickerInvalid] })],
    [
      'an unknown ticker',
      () => ({ ...single(), ticker: 'ZZZZQ' }),
      () => ({ ticker: [MARKET_MSG.unknownTicker('ZZZZQ')] }),
    ],
    [
      'a day with no expiration',
      () => ({ ...single(), single_expiration_date: '2026-03-08' }), // a Sunday
      () => ({ single_expiration_date: [MARKET_MSG.noSuchExpiration(TICKER, '2026-03-08')] }),
    ],
    [
      'an expiration in the next century',
      () => ({ ...single(), single_expiration_date: '2199-01-16' }),
      () => ({ single_expiration_date: [MARKET_MSG.noSuchExpiration(TICKER, '2199-01-16')] }),
    ],
    [
      'a strike that is not listed',
      () => ({ ...single(), single_strike: 0.37 }),
      () => ({ single_strike: [MARKET_MSG.noSuchStrike(TICKER, expiration, 0.37, 'call')] }),
    ],
    [
      'a strike beyond what an OCC symbol can hold',
      () => ({ ...single(), single_strike: 123456 }),
      () => ({ single_strike: [MARKET_MSG.noSuchStrike(TICKER, expiration, 123456, 'call')] }),
    ],
    [
      'a strangle whose put strike is not listed',
      () => ({ ...pair(), leg_two_strike: 0.37 }),
      () => ({ leg_two_strike: [MARKET_MSG.noSuchStrike(TICKER, expiration, 0.37, 'put')] }),
    ],
  ])('400 for %s', async (_label, query, body) => {
    const res = await price(query());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body());
  });
});
