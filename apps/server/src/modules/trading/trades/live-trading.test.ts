import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, TRADE_MSG, type SmartTradeDto } from '@drat/contracts';
import { tradeIntents } from '../../../db/schema/index';
import { cents, makeSignedIn, restingTradeBody, type MakeUserOptions } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';

let t: TestApp;
let price: number;

const signedIn = (options: MakeUserOptions = {}) => makeSignedIn(t, options);

beforeAll(async () => {
  t = await createTestApp();
  price = (await t.market.quotes(['MSFT']))[0]!.bid;
});
afterAll(async () => {
  await t?.close();
});

const body = (accountId: string, patch: Record<string, unknown> = {}) =>
  restingTradeBody('MSFT', price, {
    account_id: accountId,
    amount_buy_range_low: 2,
    amount_buy_range_high: 2,
    ...patch,
  });
const place = async (me: { id: number; token: string }) => {
  const res = await t.post('/livetrading/create-trade/', body(`SIM-${me.id}`), { token: me.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SmartTradeDto;
};
const sendAll = async (tradeId: number) => {
  for (const i of await t.db.select().from(tradeIntents).where(eq(tradeIntents.tradeId, tradeId))) {
    if (i.state === 'PENDING') await t.modules.trading.runner.sendIntent(i.id);
  }
};

describe('live trading: who may call', () => {
  it.each([
    ['GET', '/livetrading/accounts'],
    ['GET', '/livetrading/trades'],
    ['GET', '/livetrading/archived-trades'],
    ['POST', '/livetrading/create-trade/'],
    ['POST', '/livetrading/cancel-live-trade/'],
    ['POST', '/livetrading/archive-live-trade/'],
    ['POST', '/livetrading/unarchive-live-trade/'],
  ])('%s %s: 401 anonymous, 403 for a demo trader in the spec words', async (method, url) => {
    const anonymous = method === 'GET' ? await t.get(url) : await t.post(url, {});
    expect(anonymous.statusCode).toBe(401);
    const demo = await signedIn({ plans: ['stocks-monthly'] });
    const valid = url.includes('create-trade')
      ? body(`SIM-${demo.id}`)
      : url.includes('live-trade')
        ? { live_trade_id: 1 }
        : undefined;
    const res =
      method === 'GET' ? await t.get(url, { token: demo.token }) : await t.post(url, valid, { token: demo.token });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().detail).toBe(MSG.liveTraderDenied);
  });

  it.each([
    ['a live trader', { isLiveTrader: true }],
    ['a super user', { isSuper: true, plans: [] }],
  ] satisfies [string, MakeUserOptions][])(
    '%s places a trade on the simulated brokerage and lists it',
    async (_, options) => {
      const me = await signedIn(options);
      const trade = await place(me);
      expect(trade).toMatchObject({ account_id: `SIM-${me.id}`, status: 'PENDING', ticker: 'MSFT' });
      const list = (await t.get('/livetrading/trades', { token: me.token })).json().data as SmartTradeDto[];
      expect(list.map((x) => x.id)).toEqual([trade.id]);
      // The demo list is another account's.
      expect((await t.get('/demo-trading/trades', { token: me.token })).json().data).toEqual([]);
    },
  );
});

describe('GET /api/livetrading/accounts', () => {
  it('a live trader has the simulated brokerage account, connected', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const res = await t.get('/livetrading/accounts', { token: me.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: { accounts: [{ account_id: `SIM-${me.id}`, connected: true, broker: 'paper', account_type: 'CASH' }] },
    });
  });
});

describe('POST /api/livetrading/create-trade/', () => {
  it("refuses an account that is not the caller's, naming account_id; nothing stored", async () => {
    const me = await signedIn({ isLiveTrader: true });
    const res = await t.post('/livetrading/create-trade/', body('SIM-999999'), { token: me.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().account_id).toContain(TRADE_MSG.accountNotYours);
    expect((await t.get('/livetrading/trades', { token: me.token })).json().data).toEqual([]);
  });

  it('refuses a body breaking §5 with the spec words on its field', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const res = await t.post(
      '/livetrading/create-trade/',
      body(`SIM-${me.id}`, { buy_range_low: 999, buy_range_high: 998 }),
      {
        token: me.token,
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().buy_range_low).toContain(TRADE_MSG.buyLowBelowHigh);
  });
});

describe('each buy below its own target (§5.2)', () => {
  it('create-trade with the buy range above the targets asks to adjust both ranges; nothing stored', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const res = await t.post(
      '/livetrading/create-trade/',
      body(`SIM-${me.id}`, { buy_range_low: cents(price * 1.3), buy_range_high: cents(price * 1.4) }),
      { token: me.token },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      target_range_high: [TRADE_MSG.adjustBuyTarget(1)],
      target_range_low: [TRADE_MSG.adjustBuyTarget(2)],
    });
    const trades = (await t.get('/livetrading/trades', { token: me.token })).json();
    expect(JSON.stringify(trades)).not.toContain('MSFT');
  });
});

describe('archive, cancel and the lists', () => {
  it('a running trade cannot be archived; cancelled, it moves to the archived list and back', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const trade = await place(me);
    await sendAll(trade.id);
    const early = await t.post('/livetrading/archive-live-trade/', { live_trade_id: trade.id }, { token: me.token });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(TRADE_MSG.onlyFinishedArchived);

    const cancel = await t.post('/livetrading/cancel-live-trade/', { live_trade_id: trade.id }, { token: me.token });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await sendAll(trade.id);
    const archived = await t.post('/livetrading/archive-live-trade/', { live_trade_id: trade.id }, { token: me.token });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({
      message: TRADE_MSG.tradeArchived,
      data: { archived: true, status: 'CANCELLED' },
    });
    expect((await t.get('/livetrading/trades', { token: me.token })).json().data).toEqual([]);
    const shelf = (await t.get('/livetrading/archived-trades', { token: me.token })).json().data as SmartTradeDto[];
    expect(shelf.map((x) => x.id)).toEqual([trade.id]);

    const back = await t.post('/livetrading/unarchive-live-trade/', { live_trade_id: trade.id }, { token: me.token });
    expect(back.json().message).toBe(TRADE_MSG.tradeUnarchived);
    expect(
      ((await t.get('/livetrading/trades', { token: me.token })).json().data as SmartTradeDto[]).map((x) => x.id),
    ).toEqual([trade.id]);
  });

  it("another trader's trade is not found; a demo trade is not a live one", async () => {
    const owner = await signedIn({ isLiveTrader: true });
    const other = await signedIn({ isLiveTrader: true });
    const trade = await place(owner);
    for (const url of ['/livetrading/cancel-live-trade/', '/livetrading/archive-live-trade/']) {
      const res = await t.post(url, { live_trade_id: trade.id }, { token: other.token });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(TRADE_MSG.tradeNotFound);
    }
  });

  it('lists by status group, newest first in each (2-trading §2.2)', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const first = await place(me);
    const second = await place(me);
    await t.post('/livetrading/cancel-live-trade/', { live_trade_id: first.id }, { token: me.token });
    await sendAll(first.id);
    const third = await place(me);
    const list = (await t.get('/livetrading/trades', { token: me.token })).json().data as SmartTradeDto[];
    expect(list.map((x) => [x.id, x.status])).toEqual([
      [third.id, 'PENDING'],
      [second.id, 'PENDING'],
      [first.id, 'CANCELLED'],
    ]);
  });
});
