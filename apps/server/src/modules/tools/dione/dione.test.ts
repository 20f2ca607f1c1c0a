import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ASK_DRAT_MSG,
  DIONE_MSG,
  MARKET_MSG,
  MSG,
  type AddDioneTickerResponse,
  type DioneAnalysisDto,
  type DioneHistoryListResponse,
  type DioneResultDto,
  type DioneSearchResponse,
  type DioneTrackerListResponse,
} from '@drat/contracts';
import { makeUser, signIn, type TestUser } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { creditsOf, expireSubscriptions, rowsOf, setCredits, steerableMarket } from '../../../../test/tools-fixture';

const market = steerableMarket();
let t: TestApp;
let user: TestUser;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ market });
  user = await makeUser(t.db, { dioneCredits: 5 });
  token = await signIn(t.app, user);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  market.setDown(false);
  await setCredits(t.db, user.id, { dione: 5 });
  await t.post('/alerts/reset-dione-history/', {}, { token });
  await t.post('/alerts/reset-dione-trackers/', {}, { token });
});

const search = (ticker: string, as = token) =>
  t.get(`/stock/dione?ticker=${encodeURIComponent(ticker)}&token=fixed`, { token: as });

async function searched(ticker = 'AAPL', as = token): Promise<DioneSearchResponse> {
  const res = await search(ticker, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DioneSearchResponse>();
}

function analysisOf(a: DioneResultDto['long_analysis']): DioneAnalysisDto {
  if (!('Buy Range' in a)) throw new Error(`term not found: ${a.message}`);
  return a;
}

const pair = (text: string) => text.split(' - ').map(Number) as [number, number];

describe('GET /api/stock/dione', () => {
  it('answers the result, the new history entry and the new balance, and charges one credit', async () => {
    const body = await searched('  aapl ');
    const r = body.result;
    expect(r.ticker).toBe('AAPL');
    expect(r.company_name).not.toBe('');
    expect(body.new_dione_credits).toBe(4);
    expect((await creditsOf(t.db, user.id)).dione).toBe(4);
    expect(body.new_dione_history_entry).toEqual(r);
    expect(await rowsOf(t.db, 'dioneHistory', user.id)).toBe(1);
    expect(Date.now() - Date.parse(r.date_queried)).toBeLessThan(60_000);

    expect([r.found, r.found_short, r.dione_type, r.tracked]).toEqual([true, true, 'LONG', false]);
    for (const a of [analysisOf(r.long_analysis), analysisOf(r.short_analysis)]) {
      expect(Object.keys(a).sort()).toEqual(
        [
          'Buy Range',
          'Drat Quote',
          'Last Price',
          'Risk Vs Reward',
          'Stop Loss',
          'Target Range',
          'message',
          'rating',
          'trend',
        ].sort(),
      );
      const [buyLow, buyHigh] = pair(a['Buy Range']);
      const [t1, t2] = pair(a['Target Range']);
      expect(a['Stop Loss']).toBeLessThan(buyLow);
      expect(buyLow).toBeLessThan(buyHigh);
      expect(buyHigh).toBeLessThan(t1);
      expect(t1).toBeLessThan(t2);
      expect(a['Risk Vs Reward']).toMatch(/^1 : \d+\.\d{2}$/);
      expect(a.rating).toBeGreaterThanOrEqual(1);
      expect(a.rating).toBeLessThanOrEqual(5);
      expect(a['Drat Quote']).toContain(a['Buy Range']);
      expect(a.message).toMatch(/^Based on \d+ (daily|weekly) bars up to \d{4}-\d{2}-\d{2}\.$/);
    }
    const long = analysisOf(r.long_analysis);
    expect(r.rating).toBe(long.rating);
    expect([r.buy_range_one, r.buy_range_two]).toEqual(pair(long['Buy Range']));
    expect([r.target_range_one, r.target_range_two]).toEqual(pair(long['Target Range']));
    expect(r.stop_loss).toBe(long['Stop Loss']);
    expect(r.alert_price).toBe(long['Last Price']);
    expect(r.risk_vs_reward).toBe(long['Risk Vs Reward']);
    expect(r.long_term_history_data).toEqual({
      id: r.id,
      ticker: 'AAPL',
      alert_price: long['Last Price'],
      target_range_one: r.target_range_one,
      target_range_two: r.target_range_two,
      dione_type: 'LONG',
    });
    expect(r.short_term_history_data).toMatchObject({ id: r.id, ticker: 'AAPL', dione_type: 'SHORT' });
  });

  it('follows the live price: a higher price gives a higher buy range', async () => {
    market.setPrice('MSFT', 300);
    const low = analysisOf((await searched('MSFT')).result.short_analysis);
    market.setPrice('MSFT', 330);
    const high = analysisOf((await searched('MSFT')).result.short_analysis);
    market.setPrice('MSFT', undefined);
    expect([low['Last Price'], high['Last Price']]).toEqual([300, 330]);
    expect(pair(high['Buy Range'])[0]).toBeGreaterThan(pair(low['Buy Range'])[0]);
  });

  it('reads the daily bars once per ticker and market day (the cache), however many searches', async () => {
    await searched('NVDA');
    const calls = market.barsCalls();
    await Promise.all([searched('NVDA'), searched('nvda')]);
    expect(market.barsCalls()).toBe(calls);
  });

  it('with no credit left: 400 with a clear message, nothing charged or recorded', async () => {
    await setCredits(t.db, user.id, { dione: 0 });
    const res = await search('AAPL');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: DIONE_MSG.noCredits, non_field_errors: [DIONE_MSG.noCredits] });
    expect((await creditsOf(t.db, user.id)).dione).toBe(0);
    expect(await rowsOf(t.db, 'dioneHistory', user.id)).toBe(0);
  });

  it('two searches at once with one credit left: exactly one succeeds, balance 0, one history row', async () => {
    await setCredits(t.db, user.id, { dione: 1 });
    const answers = await Promise.all([search('AAPL'), search('MSFT')]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400]);
    const ok = answers.find((r) => r.statusCode === 200)!;
    const refused = answers.find((r) => r.statusCode === 400)!;
    expect(ok.json<DioneSearchResponse>().new_dione_credits).toBe(0);
    expect(refused.json()).toEqual({ error: DIONE_MSG.noCredits, non_field_errors: [DIONE_MSG.noCredits] });
    expect((await creditsOf(t.db, user.id)).dione).toBe(0);
    expect(await rowsOf(t.db, 'dioneHistory', user.id)).toBe(1);
  });

  it('an unknown ticker: 400 naming it, nothing charged', async () => {
    const res = await search('ZZZZQ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: MARKET_MSG.unknownTicker('ZZZZQ') });
    expect((await creditsOf(t.db, user.id)).dione).toBe(5);
    expect(await rowsOf(t.db, 'dioneHistory', user.id)).toBe(0);
  });

  it.each([
    ['', MARKET_MSG.tickerRequired],
    ['   ', MARKET_MSG.tickerRequired],
    ['1ABC', MARKET_MSG.tickerInvalid],
    ['AAPL;DROP', MARKET_MSG.tickerInvalid],
  ])('a malformed ticker %j: 400 on the ticker field, nothing charged', async (ticker, message) => {
    const res = await search(ticker);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ticker: [message] });
    expect((await creditsOf(t.db, user.id)).dione).toBe(5);
  });

  it('a market-data outage: 503 with the service message, nothing charged', async () => {
    market.setDown(true);
    const res = await search('KO');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: ASK_DRAT_MSG.serviceError });
    market.setDown(false);
    expect((await creditsOf(t.db, user.id)).dione).toBe(5);
    expect(await rowsOf(t.db, 'dioneHistory', user.id)).toBe(0);
    expect((await search('KO')).statusCode).toBe(200);
  });
});

describe('Dione history', () => {
  it('lists searches newest first with hasTickers, and clears them', async () => {
    const empty = await t.get('/alerts/dione-history-list', { token });
    expect(empty.json()).toEqual({ tickers: [], hasTickers: false });
    const first = await searched('AAPL');
    const second = await searched('MSFT');
    const list = (await t.get('/alerts/dione-history-list', { token })).json<DioneHistoryListResponse>();
    expect(list.hasTickers).toBe(true);
    expect(list.tickers).toEqual([second.new_dione_history_entry, first.new_dione_history_entry]);

    const cleared = await t.post('/alerts/reset-dione-history/', {}, { token });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ message: DIONE_MSG.historyCleared });
    expect((await t.get('/alerts/dione-history-list', { token })).json()).toEqual({ tickers: [], hasTickers: false });
    expect((await creditsOf(t.db, user.id)).dione).toBe(3);
  });

  it('is each user’s own', async () => {
    await searched('AAPL');
    const other = await makeUser(t.db, { dioneCredits: 1 });
    const otherToken = await signIn(t.app, other);
    expect((await t.get('/alerts/dione-history-list', { token: otherToken })).json()).toEqual({
      tickers: [],
      hasTickers: false,
    });
    await t.post('/alerts/reset-dione-history/', {}, { token: otherToken });
    expect(await rowsOf(t.db, 'dioneHistory', user.id)).toBe(1);
  });
});

describe('DIONE trackers', () => {
  const trackBody = (h: NonNullable<DioneResultDto['long_term_history_data']>) => ({
    history_id: h.id,
    ticker: h.ticker,
    lastprice: h.alert_price,
    t1: h.target_range_one,
    t2: h.target_range_two,
  });

  it('tracks a term of a search; the list shows it with progress from the live price', async () => {
    const r = (await searched('AAPL')).result;
    const h = r.long_term_history_data!;
    const res = await t.post('/alerts/add-dione-ticker/', trackBody(h), { token });
    expect(res.statusCode, res.body).toBe(200);
    const added = res.json<AddDioneTickerResponse>();
    expect(added.message).toBe(DIONE_MSG.tracked);
    expect(added.data).toMatchObject({
      history_id: r.id,
      ticker: 'AAPL',
      dione_type: 'LONG',
      alert_price: h.alert_price,
      target_range_one: h.target_range_one,
      target_range_two: h.target_range_two,
    });

    const halfway = (h.alert_price + h.target_range_two) / 2;
    market.setPrice('AAPL', halfway);
    const list = (await t.get('/alerts/dione-tracker-list', { token })).json<DioneTrackerListResponse>();
    market.setPrice('AAPL', undefined);
    expect(list.hasTickers).toBe(true);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ id: added.data.id, last_price: halfway, progress: 50 });
    expect(Object.keys(list.data[0]!).sort()).toEqual(
      [
        'alert_date',
        'alert_price',
        'dione_type',
        'history_id',
        'id',
        'last_price',
        'progress',
        'target_range_one',
        'target_range_two',
        'ticker',
      ].sort(),
    );

    const history = (await t.get('/alerts/dione-history-list', { token })).json<DioneHistoryListResponse>();
    expect(history.tickers[0]).toMatchObject({ id: r.id, tracked: true, tracked_long: true, tracked_short: false });
  });

  it('tracking the same term twice keeps one tracker; the short term is a second one', async () => {
    const r = (await searched('AAPL')).result;
    const a = await t.post('/alerts/add-dione-ticker/', trackBody(r.long_term_history_data!), { token });
    const b = await t.post('/alerts/add-dione-ticker/', trackBody(r.long_term_history_data!), { token });
    expect(b.json<AddDioneTickerResponse>().data.id).toBe(a.json<AddDioneTickerResponse>().data.id);
    const s = await t.post('/alerts/add-dione-ticker/', trackBody(r.short_term_history_data!), { token });
    expect(s.json<AddDioneTickerResponse>().data.dione_type).toBe('SHORT');
    expect(await rowsOf(t.db, 'dioneTrackers', user.id)).toBe(2);
  });

  it('refuses prices or a ticker that do not match the search, and searches of others', async () => {
    const r = (await searched('AAPL')).result;
    const body = trackBody(r.long_term_history_data!);
    for (const wrong of [
      { ...body, t2: body.t2 + 1 },
      { ...body, lastprice: body.lastprice * 2 },
      { ...body, ticker: 'MSFT' },
    ]) {
      const res = await t.post('/alerts/add-dione-ticker/', wrong, { token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: DIONE_MSG.trackMismatch });
    }
    const other = await makeUser(t.db);
    const otherToken = await signIn(t.app, other);
    const theirs = await t.post('/alerts/add-dione-ticker/', body, { token: otherToken });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: DIONE_MSG.searchNotFound });
    const bad = await t.post('/alerts/add-dione-ticker/', { ...body, history_id: 'x', t1: -3 }, { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ history_id: [DIONE_MSG.idInvalid], t1: [DIONE_MSG.priceInvalid] });
    expect(await rowsOf(t.db, 'dioneTrackers', user.id)).toBe(0);
  });

  it('removes one tracker, only the caller’s, and 404s a missing one', async () => {
    const r = (await searched('AAPL')).result;
    const id = (
      await t.post('/alerts/add-dione-ticker/', trackBody(r.long_term_history_data!), { token })
    ).json<AddDioneTickerResponse>().data.id;
    const other = await makeUser(t.db);
    const otherToken = await signIn(t.app, other);
    const notYours = await t.post('/alerts/remove-dione-ticker/', { id }, { token: otherToken });
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json()).toEqual({ detail: DIONE_MSG.trackerNotFound });

    const removed = await t.post('/alerts/remove-dione-ticker/', { id }, { token });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: DIONE_MSG.trackerRemoved });
    expect((await t.get('/alerts/dione-tracker-list', { token })).json()).toEqual({ data: [], hasTickers: false });
    expect((await t.post('/alerts/remove-dione-ticker/', { id }, { token })).statusCode).toBe(404);
    expect((await t.post('/alerts/remove-dione-ticker/', { id: 0 }, { token })).json()).toEqual({
      id: [DIONE_MSG.idInvalid],
    });
  });

  it('reset clears every tracker of the caller and no one else’s', async () => {
    const other = await makeUser(t.db, { dioneCredits: 1 });
    const otherToken = await signIn(t.app, other);
    const theirs = (await searched('KO', otherToken)).result;
    await t.post('/alerts/add-dione-ticker/', trackBody(theirs.long_term_history_data!), { token: otherToken });
    const mine = (await searched('AAPL')).result;
    await t.post('/alerts/add-dione-ticker/', trackBody(mine.long_term_history_data!), { token });
    await t.post('/alerts/add-dione-ticker/', trackBody(mine.short_term_history_data!), { token });

    const res = await t.post('/alerts/reset-dione-trackers/', {}, { token });
    expect(res.json()).toEqual({ message: DIONE_MSG.trackersCleared });
    expect(await rowsOf(t.db, 'dioneTrackers', user.id)).toBe(0);
    expect(await rowsOf(t.db, 'dioneTrackers', other.id)).toBe(1);
  });

  it('a tracker outlives the cleared history it came from', async () => {
    const r = (await searched('AAPL')).result;
    await t.post('/alerts/add-dione-ticker/', trackBody(r.long_term_history_data!), { token });
    await t.post('/alerts/reset-dione-history/', {}, { token });
    const list = (await t.get('/alerts/dione-tracker-list', { token })).json<DioneTrackerListResponse>();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ history_id: null, ticker: 'AAPL' });
  });
});

describe('who may use Dione', () => {
  const daOnly: [string, string, unknown?][] = [
    ['GET', '/stock/dione?ticker=AAPL'],
    ['GET', '/alerts/dione-history-list'],
    ['POST', '/alerts/reset-dione-history/', {}],
    ['POST', '/alerts/add-dione-ticker/', { history_id: 1, ticker: 'AAPL', lastprice: 1, t1: 2, t2: 3 }],
  ];
  const call = (method: string, url: string, body: unknown, as?: string) =>
    method === 'GET' ? t.get(url, { token: as }) : t.post(url, body, { token: as });

  it.each(daOnly)('without DA: %s %s is 403, nothing charged', async (method, url, body) => {
    const noDa = await makeUser(t.db, { plans: ['weekly-trade-idea-monthly'], dioneCredits: 3 });
    const res = await call(method, url, body, await signIn(t.app, noDa));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: DIONE_MSG.noAccess });
    expect((await creditsOf(t.db, noDa.id)).dione).toBe(3);
  });

  it.each(daOnly)('expired subscription: %s %s is 401 with the spec’s text', async (method, url, body) => {
    const lapsed = await makeUser(t.db, { dioneCredits: 3 });
    const lapsedToken = await signIn(t.app, lapsed);
    await expireSubscriptions(t.db, lapsed.id);
    const res = await call(method, url, body, lapsedToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: MSG.accountInactiveOrExpired });
    expect((await creditsOf(t.db, lapsed.id)).dione).toBe(3);
  });

  it('the DIONE Tracker tab needs only a session: a user without DA sees an empty list', async () => {
    const noDa = await makeUser(t.db, { plans: ['weekly-trade-idea-monthly'] });
    const res = await t.get('/alerts/dione-tracker-list', { token: await signIn(t.app, noDa) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], hasTickers: false });
  });

  it.each([
    [undefined, MSG.authRequired],
    ['not-a-real-token', MSG.invalidToken],
  ])('token %j: 401 %j', async (as, detail) => {
    for (const url of ['/stock/dione?ticker=AAPL', '/alerts/dione-tracker-list']) {
      const res = await t.get(url, { token: as });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail });
    }
  });

  it('a super user without plans may search', async () => {
    const admin = await makeUser(t.db, { plans: [], isSuper: true, dioneCredits: 1 });
    const res = await search('AAPL', await signIn(t.app, admin));
    expect(res.statusCode).toBe(200);
  });
});
