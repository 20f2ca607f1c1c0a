import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIONE_MSG, TRADE_IDEAS_MSG, type DioneSearchResponse, type TradeIdeasInfoResponse } from '@drat/contracts';
import { makeUser, signIn, type TestUser } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { creditsOf, rowsOf, steerableMarket } from '../../../../test/tools-fixture';

/** Tickers with a short history (a recent listing): the `found` flags, and no charge when nothing can be said. */
const market = steerableMarket('history-depth');
market.setHistory('MSFT', 80); // ~16 weeks: short term only (the long term needs 45 weeks)
market.setHistory('KO', 12); // under the 30 sessions of the short term too

let t: TestApp;
let user: TestUser;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ market });
  user = await makeUser(t.db, { dioneCredits: 5, tradeIdeasCredits: 5 });
  token = await signIn(t.app, user);
});
afterAll(async () => {
  await t?.close();
});

describe('a short price history', () => {
  it('Dione: the long term is not found, the short term is, and the search is charged', async () => {
    const res = await t.get('/stock/dione?ticker=MSFT', { token });
    expect(res.statusCode, res.body).toBe(200);
    const { result: r, new_dione_credits } = res.json<DioneSearchResponse>();
    expect([r.found, r.found_short, r.dione_type]).toEqual([false, true, 'SHORT']);
    expect(r.long_analysis).toEqual({
      message: expect.stringMatching(/^Not enough price history for a long term view: \d+ of 45 weekly bars\.$/),
    });
    expect(r.long_term_history_data).toBeNull();
    expect(r.short_term_history_data).toMatchObject({ id: r.id, dione_type: 'SHORT' });
    expect(r.target_range_two).toBe(r.short_term_history_data!.target_range_two);
    expect(new_dione_credits).toBe(4);
  });

  it('Dione: with too little history for either term, 400 and nothing charged', async () => {
    const before = await creditsOf(t.db, user.id);
    const res = await t.get('/stock/dione?ticker=KO', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: DIONE_MSG.notEnoughHistory('KO') });
    expect(await creditsOf(t.db, user.id)).toEqual(before);
  });

  it('Range Radar: the long term is empty and says why; with too little history, 400 and nothing charged', async () => {
    const res = await t.get('/trade-ideas/info?ticker=MSFT', { token });
    expect(res.statusCode, res.body).toBe(200);
    const [short, long] = res.json<TradeIdeasInfoResponse>().data;
    expect(short).toMatchObject({ type: 'Short Term', found: true });
    expect(long).toMatchObject({ type: 'Long Term', found: false, supports: [], resistances: [] });

    const rows = await rowsOf(t.db, 'tradeIdeasHistory', user.id);
    const refused = await t.get('/trade-ideas/info?ticker=KO', { token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: TRADE_IDEAS_MSG.notEnoughHistory('KO') });
    expect((await creditsOf(t.db, user.id)).tradeIdeas).toBe(4);
    expect(await rowsOf(t.db, 'tradeIdeasHistory', user.id)).toBe(rows);
  });
});
