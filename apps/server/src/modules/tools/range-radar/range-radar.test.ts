import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ASK_DRAT_MSG,
  MARKET_MSG,
  MSG,
  TRADE_IDEAS_MSG,
  type TradeIdeasHistoryResponse,
  type TradeIdeasInfoResponse,
} from '@drat/contracts';
import { makeUser, signIn, type TestUser } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { creditsOf, expireSubscriptions, rowsOf, setCredits, steerableMarket } from '../../../../test/tools-fixture';

const market = steerableMarket('range-radar-test');
let t: TestApp;
let user: TestUser;
let token: string;
const HISTORY = '/alerts/trade-ideas-analysis-history/';

beforeAll(async () => {
  t = await createTestApp({ market });
  user = await makeUser(t.db, { tradeIdeasCredits: 5 });
  token = await signIn(t.app, user);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  market.setDown(false);
  await setCredits(t.db, user.id, { tradeIdeas: 5 });
  await t.inject({ method: 'DELETE', url: `/api${HISTORY}`, headers: { authorization: `Token ${token}` } });
});

const search = (ticker: string, as = token) =>
  t.get(`/trade-ideas/info?ticker=${encodeURIComponent(ticker)}`, { token: as });
const clear = (as = token) =>
  t.inject({ method: 'DELETE', url: `/api${HISTORY}`, headers: { authorization: `Token ${as}` } });

async function searched(ticker = 'AAPL', as = token): Promise<TradeIdeasInfoResponse> {
  const res = await search(ticker, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TradeIdeasInfoResponse>();
}

describe('GET /api/trade-ideas/info', () => {
  it('answers supports and resistances for the short and the long term, and charges one credit', async () => {
    market.setPrice('AAPL', 250);
    const body = await searched(' aapl');
    market.setPrice('AAPL', undefined);
    expect(body.new_trade_ideas_credits).toBe(4);
    expect((await creditsOf(t.db, user.id)).tradeIdeas).toBe(4);
    expect(await rowsOf(t.db, 'tradeIdeasHistory', user.id)).toBe(1);
    expect(body.data.map((d) => d.type)).toEqual(['Short Term', 'Long Term']);
    expect(body.new_trade_ideas_history_entry).toMatchObject({ ticker: 'AAPL', price: 250, data: body.data });
    for (const d of body.data) {
      expect(Object.keys(d).sort()).toEqual(
        ['date_queried', 'found', 'message', 'price', 'resistances', 'supports', 'ticker', 'type'].sort(),
      );
      expect([d.ticker, d.price, d.found]).toEqual(['AAPL', 250, true]);
      expect(d.supports.length + d.resistances.length).toBeGreaterThan(0);
      expect(d.supports.length).toBeLessThanOrEqual(5);
      expect(d.resistances.length).toBeLessThanOrEqual(5);
      const s = d.supports.map((l) => l.price);
      const r = d.resistances.map((l) => l.price);
      expect(s).toEqual([...s].sort((a, b) => b - a));
      expect(r).toEqual([...r].sort((a, b) => a - b));
      expect(d.supports.every((l) => l.type === 'support' && l.price <= 250 && l.touches >= 1)).toBe(true);
      expect(d.resistances.every((l) => l.type === 'resistance' && l.price > 250)).toBe(true);
      expect(d.supports.concat(d.resistances).every((l) => /^\d{4}-\d{2}-\d{2}$/.test(l.last_touched))).toBe(true);
    }
  });

  it('with no credit left: 400 with a clear message, nothing charged or recorded', async () => {
    await setCredits(t.db, user.id, { tradeIdeas: 0 });
    const res = await search('AAPL');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: TRADE_IDEAS_MSG.noCredits, non_field_errors: [TRADE_IDEAS_MSG.noCredits] });
    expect(await rowsOf(t.db, 'tradeIdeasHistory', user.id)).toBe(0);
  });

  it('two searches at once with one credit left: exactly one succeeds, balance 0, one history row', async () => {
    await setCredits(t.db, user.id, { tradeIdeas: 1 });
    const answers = await Promise.all([search('AAPL'), search('SPY')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.statusCode === 400)!.json()).toMatchObject({ error: TRADE_IDEAS_MSG.noCredits });
    expect((await creditsOf(t.db, user.id)).tradeIdeas).toBe(0);
    expect(await rowsOf(t.db, 'tradeIdeasHistory', user.id)).toBe(1);
  });

  it('an unknown ticker: 400 naming it, nothing charged; a malformed one: 400 on the field', async () => {
    const res = await search('ZZZZQ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: MARKET_MSG.unknownTicker('ZZZZQ') });
    const blank = await search('  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ ticker: [MARKET_MSG.tickerRequired] });
    expect((await creditsOf(t.db, user.id)).tradeIdeas).toBe(5);
  });

  it('a market-data outage: 503 with the service message, nothing charged', async () => {
    market.setDown(true);
    const res = await search('QQQ');
    market.setDown(false);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: ASK_DRAT_MSG.serviceError });
    expect((await creditsOf(t.db, user.id)).tradeIdeas).toBe(5);
  });
});

describe('Range Radar history', () => {
  it('lists searches newest first and clears them with the spec’s message', async () => {
    expect((await t.get(HISTORY, { token })).json()).toEqual({ data: [] });
    const first = await searched('AAPL');
    const second = await searched('SPY');
    const list = (await t.get(HISTORY, { token })).json<TradeIdeasHistoryResponse>();
    expect(list.data).toEqual([second.new_trade_ideas_history_entry, first.new_trade_ideas_history_entry]);

    const res = await clear();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Trade Ideas history cleared successfully' });
    expect((await t.get(HISTORY, { token })).json()).toEqual({ data: [] });
  });

  it('is each user’s own', async () => {
    await searched('AAPL');
    const other = await makeUser(t.db);
    const otherToken = await signIn(t.app, other);
    expect((await t.get(HISTORY, { token: otherToken })).json()).toEqual({ data: [] });
    await clear(otherToken);
    expect(await rowsOf(t.db, 'tradeIdeasHistory', user.id)).toBe(1);
  });
});

describe('who may use Range Radar', () => {
  const calls: [string, (as: string) => ReturnType<TestApp['get']>][] = [
    ['GET /trade-ideas/info', (as) => search('AAPL', as)],
    ['GET history', (as) => t.get(HISTORY, { token: as })],
    ['DELETE history', (as) => clear(as)],
  ];

  it.each(calls)('without TIA: %s is 403, nothing charged', async (_label, call) => {
    const noTia = await makeUser(t.db, { plans: ['basic-monthly'], tradeIdeasCredits: 3 });
    const res = await call(await signIn(t.app, noTia));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: TRADE_IDEAS_MSG.noAccess });
    expect((await creditsOf(t.db, noTia.id)).tradeIdeas).toBe(3);
  });

  it.each(calls)('expired subscription: %s is 401 with the spec’s text', async (_label, call) => {
    const lapsed = await makeUser(t.db, { tradeIdeasCredits: 3 });
    const lapsedToken = await signIn(t.app, lapsed);
    await expireSubscriptions(t.db, lapsed.id);
    const res = await call(lapsedToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: MSG.accountInactiveOrExpired });
    expect((await creditsOf(t.db, lapsed.id)).tradeIdeas).toBe(3);
  });
});
