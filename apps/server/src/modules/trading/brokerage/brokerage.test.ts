import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import {
  BROKER_MSG,
  BROKER_ORDER_EVENT,
  MSG,
  PASSWORD_CONFIRMATION_REQUIRED,
  TRADE_MSG,
  STEP_UP_MINUTES,
  TRADING_MSG,
  type BrokerOrderEventPayload,
  type SmartTradeDto,
} from '@drat/contracts';
import { brokerConnections, paperPositions, tradeIntents, tradeOrders } from '../../../db/schema/index';
import { makeSignedIn, restingTradeBody, type MakeUserOptions } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  startFakeBrokerage,
  type FakeBrokerage,
} from '../../../../test/tradier-brokerage-fake';
import { signedInSocket, wsUrl } from '../../../../test/ws-client';
import type { Broker } from '../../../providers/broker/interface';
import { ProviderError } from '../../../providers/provider-error';
import { ALPACA_CLIENT_ID, ALPACA_CLIENT_SECRET, startAlpacaFake, type AlpacaFake } from '../../../../test/alpaca-fake';

let t: TestApp;
let fake: FakeBrokerage;
let alpaca: AlpacaFake;
/** A broker that fills orders itself, whose look over every order fails while this is set. */
let selfFillingFails = false;
const selfFilling = {
  name: 'self-filling',
  accountsToPoll: async () => {
    if (selfFillingFails) throw new ProviderError('self-filling', 'UPSTREAM', 'no quotes');
    return new Set<string>();
  },
} as unknown as Broker;
let price: number;

const signedIn = (options: MakeUserOptions = {}) => makeSignedIn(t, options);
/** The orders by hand (Exit, Modify) recorded as intents, meeting `where`. */
const byHand = (where: SQL) =>
  t.db
    .select()
    .from(tradeIntents)
    .where(and(isNull(tradeIntents.tradeId), where));

beforeAll(async () => {
  fake = await startFakeBrokerage();
  alpaca = await startAlpacaFake();
  t = await createTestApp({
    brokers: { 'self-filling': selfFilling },
    config: {
      brokerage: {
        tokenKey: randomBytes(32).toString('base64'),
        tradier: {
          clientId: FAKE_CLIENT_ID,
          clientSecret: FAKE_CLIENT_SECRET,
          baseUrl: fake.baseUrl,
          authorizeUrl: fake.authorizeUrl,
        },
        alpaca: {
          clientId: ALPACA_CLIENT_ID,
          clientSecret: ALPACA_CLIENT_SECRET,
          env: 'paper',
          baseUrl: alpaca.baseUrl,
          authorizeUrl: alpaca.authorizeUrl,
          tokenUrl: alpaca.tokenUrl,
        },
      },
    },
  });
  price = (await t.market.quotes(['MSFT']))[0]!.bid;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await alpaca?.close();
});

const sendAll = async (tradeId: number) => {
  for (const i of await t.db.select().from(tradeIntents).where(eq(tradeIntents.tradeId, tradeId))) {
    if (i.state === 'PENDING') await t.modules.trading.runner.sendIntent(i.id);
  }
};
const placeTrade = async (me: { token: string }, accountId: string) => {
  const res = await t.post(
    '/livetrading/create-trade/',
    restingTradeBody('MSFT', price, { account_id: accountId, amount_buy_range_low: 2, amount_buy_range_high: 2 }),
    { token: me.token },
  );
  expect(res.statusCode, res.body).toBe(200);
  const trade = res.json().data as SmartTradeDto;
  await sendAll(trade.id);
  return trade;
};

/** 4 MSFT held on a simulated account, bought elsewhere before: no smart trade holds them. */
const holdFourMsft = (accountId: string) =>
  t.db.insert(paperPositions).values({
    accountId,
    symbol: 'MSFT',
    qty: '4',
    cost: '1200.00',
    openedAt: new Date(Date.now() - 86_400_000),
  });

/** A super user with their simulated brokerage account opened. */
async function superOnSimulated() {
  const admin = await signedIn({ isSuper: true, plans: [] });
  await t.get('/livetrading/accounts', { token: admin.token });
  return { admin, account_id: `SIM-${admin.id}` };
}

/** A super user's Exit: sell `quantity` MSFT at market today. */
const sellMsftAtMarket = (admin: { token: string }, account_id: string, quantity: number) =>
  t.post(
    '/livetrading/place-tradier-order/',
    {
      account_id,
      order_class: 'equity',
      symbol: 'MSFT',
      order_type: 'market',
      duration: 'day',
      side: 'sell',
      quantity,
    },
    { token: admin.token },
  );

/** Authorizes the fake Tradier for a signed-in user through auth-code-setup and auth-code. */
async function authorizeTradier(
  me: { token: string },
  token: string,
  accounts: { number: string; type: 'cash' | 'margin' }[] = [{ number: 'VA100', type: 'cash' }],
) {
  const code = fake.addUser(token, accounts);
  const setup = await t.post('/livetrading/auth-code-setup/', { broker: 'tradier' }, { token: me.token });
  expect(setup.statusCode, setup.body).toBe(200);
  const state = new URL(setup.json().url).searchParams.get('state')!;
  const res = await t.post('/livetrading/auth-code/', { code, state }, { token: me.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Authorizes the fake Alpaca for a signed-in user (OAuth) with one paper cash account. */
async function authorizeAlpaca(me: { token: string }, account: string, token: string) {
  const { code } = alpaca.addAccount({ number: account, type: 'cash', token });
  const setup = await t.post('/livetrading/auth-code-setup/', { broker: 'alpaca' }, { token: me.token });
  const state = new URL(setup.json().url).searchParams.get('state')!;
  expect((await t.post('/livetrading/auth-code/', { code, state }, { token: me.token })).statusCode).toBe(200);
}

describe('brokerage calls: who may call', () => {
  it.each([
    ['POST', '/livetrading/account-info/'],
    ['POST', '/livetrading/set-current-account/'],
    ['POST', '/livetrading/sync-accounts/'],
    ['POST', '/livetrading/trade-list/'],
    ['GET', '/livetrading/all-account-id-list/'],
    ['POST', '/livetrading/positions-list/'],
    ['POST', '/livetrading/modify-live-order/'],
    ['POST', '/livetrading/place-tradier-order/'],
  ])('%s %s: 401 anonymous, 403 for a demo trader in the spec words, before the body', async (method, url) => {
    const anonymous = method === 'GET' ? await t.get(url) : await t.post(url, {});
    expect(anonymous.statusCode).toBe(401);
    const demo = await signedIn({ plans: ['stocks-monthly'] });
    const res =
      method === 'GET' ? await t.get(url, { token: demo.token }) : await t.post(url, {}, { token: demo.token });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().detail).toBe(MSG.liveTraderDenied);
  });

  it.each([
    ['GET', '/livetrading/all-account-id-list/'],
    ['POST', '/livetrading/place-tradier-order/'],
  ])('%s %s: a live trader is refused, super users only', async (method, url) => {
    const me = await signedIn({ isLiveTrader: true });
    const res = method === 'GET' ? await t.get(url, { token: me.token }) : await t.post(url, {}, { token: me.token });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().detail).toBe(MSG.noPermission);
  });

  it('broker-connection: 401 anonymous, 403 without the live trader, the offered brokers for a plan with it', async () => {
    expect((await t.get('/livetrading/broker-connection/')).statusCode).toBe(401);
    const demo = await signedIn({ plans: ['stocks-monthly'] });
    const refused = await t.get('/livetrading/broker-connection/', { token: demo.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(MSG.liveTraderDenied);
    // Allowed but not live yet: the menu, and no connection (nothing is opened by looking).
    const allowed = await signedIn({ plans: ['elite-monthly'] });
    const res = await t.get('/livetrading/broker-connection/', { token: allowed.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      offered: [
        { broker: 'paper', label: 'Simulated brokerage', keys: false },
        { broker: 'tradier', label: 'Tradier', keys: false },
        { broker: 'alpaca', label: 'Alpaca', keys: true },
      ],
      connection: null,
    });
    // A super user (not live) has the page too.
    const admin = await signedIn({ isSuper: true, plans: [] });
    expect((await t.get('/livetrading/broker-connection/', { token: admin.token })).statusCode).toBe(200);
  });

  it('starting an authorization needs a plan with the live trader', async () => {
    const demo = await signedIn({ plans: ['stocks-monthly'] });
    const res = await t.post('/livetrading/auth-code-setup/', {}, { token: demo.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(MSG.liveTraderDenied);
  });
});

describe('the simulated brokerage account', () => {
  it('account-info answers the balances of a cash account, without available funds, kept 3 minutes', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const res = await t.post('/livetrading/account-info/', { account_id: `SIM-${me.id}` }, { token: me.token });
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json().data;
    expect(info).toMatchObject({
      account_id: `SIM-${me.id}`,
      broker: 'paper',
      account_type: 'CASH',
      live_account_value: 100000,
      live_buying_power: 100000,
      live_equities_value: 0,
      available_funds: null,
    });
    const again = await t.post('/livetrading/account-info/', { account_id: `SIM-${me.id}` }, { token: me.token });
    expect(again.json().data.as_of).toBe(info.as_of);
  });

  it('balances are read again at once when an order of the account changed: a placed trade holds buying power', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const account_id = `SIM-${me.id}`;
    const before = (await t.post('/livetrading/account-info/', { account_id }, { token: me.token })).json().data;
    expect(before.live_buying_power).toBe(100000);
    await placeTrade(me, account_id);
    const after = (await t.post('/livetrading/account-info/', { account_id }, { token: me.token })).json().data;
    expect(after.live_buying_power).toBeLessThan(100000);
  });

  it("another trader's account, or none, is refused naming account_id", async () => {
    const me = await signedIn({ isLiveTrader: true });
    const other = await signedIn({ isLiveTrader: true });
    await t.get('/livetrading/accounts', { token: other.token });
    for (const account_id of [`SIM-${other.id}`, 'NOPE-1']) {
      const res = await t.post('/livetrading/trade-list/', { account_id }, { token: me.token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ account_id: [BROKER_MSG.accountUnknown] });
    }
    const missing = await t.post('/livetrading/positions-list/', {}, { token: me.token });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(['account_id']);
  });

  it("a super user reads any trader's orders and lists every account with its owner", async () => {
    const email = `owner-${Date.now()}@test.drat`;
    const trader = await signedIn({ isLiveTrader: true, email });
    await t.get('/livetrading/accounts', { token: trader.token });
    const admin = await signedIn({ isSuper: true, plans: [] });
    const list = await t.post('/livetrading/trade-list/', { account_id: `SIM-${trader.id}` }, { token: admin.token });
    expect(list.statusCode, list.body).toBe(200);
    const all = await t.get('/livetrading/all-account-id-list/', { token: admin.token });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.accounts).toContainEqual({ account_id: `SIM-${trader.id}`, email, broker: 'paper' });
  });

  it("a smart trade's orders are in the monitor, working and modifiable, and a modify changes the price", async () => {
    const me = await signedIn({ isLiveTrader: true });
    const account_id = `SIM-${me.id}`;
    await placeTrade(me, account_id);
    const list = (await t.post('/livetrading/trade-list/', { account_id }, { token: me.token })).json().data;
    expect(list.all_orders).toHaveLength(2);
    expect(list.working_orders).toHaveLength(2);
    expect(list.filled_orders).toEqual([]);
    const order = list.working_orders[0];
    expect(order).toMatchObject({ symbol: 'MSFT', side: 'buy', type: 'limit', class: 'equity', modifiable: true });
    expect(order.tag).toMatch(/^T\d+-R\d-L0-BUY-1$/);

    const newPrice = Number((order.price - 0.05).toFixed(2));
    const res = await t.post(
      '/livetrading/modify-live-order/',
      { account_id, order_id: order.id, order_type: 'limit', duration: 'gtc', price: newPrice },
      { token: me.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: BROKER_MSG.orderModified, data: { id: order.id, price: newPrice } });
  });

  it('modify: order type and duration are required, a limit needs its price, a stop is not offered here', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const account_id = `SIM-${me.id}`;
    await placeTrade(me, account_id);
    const order = (await t.post('/livetrading/trade-list/', { account_id }, { token: me.token })).json().data
      .working_orders[0];
    const modify = (body: Record<string, unknown>) =>
      t.post('/livetrading/modify-live-order/', { account_id, order_id: order.id, ...body }, { token: me.token });

    const missing = await modify({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      order_type: [BROKER_MSG.orderTypeRequired],
      duration: [BROKER_MSG.durationRequired],
    });
    const noPrice = await modify({ order_type: 'limit', duration: 'day' });
    expect(noPrice.json()).toEqual({ price: [BROKER_MSG.priceRequired('limit')] });
    const stop = await modify({ order_type: 'stop', duration: 'day', stop: 1 });
    expect(stop.statusCode).toBe(400);
    expect(stop.json().non_field_errors[0]).toMatch(/takes market and limit orders, not stop/);
    const unknown = await modify({ order_id: '999999', order_type: 'limit', duration: 'day', price: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(BROKER_MSG.orderNotFound);
  });

  it("the owner's socket hears each order change: the broker's answers and a modify", async () => {
    const me = await signedIn({ isLiveTrader: true });
    const account_id = `SIM-${me.id}`;
    const socket = await signedInSocket(await wsUrl(t.app), me.token);
    try {
      const trade = await placeTrade(me, account_id);
      const answered = await socket.next(
        'event',
        (m) =>
          m.event.kind === BROKER_ORDER_EVENT && (m.event.payload as BrokerOrderEventPayload).status === 'accepted',
        15_000,
      );
      expect(answered.event.payload).toMatchObject({
        account_id,
        client_order_id: `T${trade.id}-R1-L0-BUY-1`,
        status: 'accepted',
      });
      const order = (await t.post('/livetrading/trade-list/', { account_id }, { token: me.token })).json().data
        .working_orders[0];
      await t.post(
        '/livetrading/modify-live-order/',
        { account_id, order_id: order.id, order_type: 'limit', duration: 'day', price: order.price },
        { token: me.token },
      );
      const modified = await socket.next(
        'event',
        (m) =>
          m.event.kind === BROKER_ORDER_EVENT && (m.event.payload as BrokerOrderEventPayload).order_id === order.id,
        15_000,
      );
      expect(modified.event.payload).toMatchObject({ account_id, order_id: order.id, status: 'open' });
    } finally {
      await socket.close();
    }
  });

  it('a live trader sees their connection in Broker Settings: the simulated brokerage, which does not lapse', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const res = await t.get('/livetrading/broker-connection/', { token: me.token });
    expect(res.json().data.connection).toMatchObject({
      broker: 'paper',
      label: 'Simulated brokerage',
      expires_at: null,
      expired: false,
      ends_soon: false,
    });
  });

  it('a cancelled order cannot be modified (409)', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const account_id = `SIM-${me.id}`;
    const trade = await placeTrade(me, account_id);
    await t.post('/livetrading/cancel-live-trade/', { live_trade_id: trade.id }, { token: me.token });
    await sendAll(trade.id);
    const data = (await t.post('/livetrading/trade-list/', { account_id }, { token: me.token })).json().data;
    const cancelled = data.cancelled_orders[0];
    expect(cancelled).toMatchObject({ status: 'canceled', modifiable: false });
    const res = await t.post(
      '/livetrading/modify-live-order/',
      { account_id, order_id: cancelled.id, order_type: 'limit', duration: 'day', price: 1 },
      { token: me.token },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(BROKER_MSG.notModifiable);
  });

  it("an Exit of shares not held is refused in the broker's words, and the order is recorded as refused", async () => {
    const { admin, account_id } = await superOnSimulated();
    const res = await sellMsftAtMarket(admin, account_id, 5);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().non_field_errors).toEqual([BROKER_MSG.brokerRefused('Not enough shares to sell')]);
    const rows = await byHand(eq(tradeIntents.accountId, account_id));
    expect(rows.map((r) => [r.kind, r.state, r.error])).toEqual([['exit', 'FAILED', 'Not enough shares to sell']]);
  });

  it('amounts out of bounds are refused on their field before anything is recorded, and the next Exit goes through', async () => {
    const { admin, account_id } = await superOnSimulated();
    await holdFourMsft(account_id);
    const exit = (patch: Record<string, unknown>) =>
      t.inject({
        method: 'POST',
        url: '/api/livetrading/place-tradier-order/',
        headers: { authorization: `Token ${admin.token}`, 'content-type': 'application/json' },
        payload: `{"account_id":"${account_id}","order_class":"equity","symbol":"MSFT","order_type":"limit","duration":"day","side":"sell","quantity":${patch.quantity ?? 4},"price":${patch.price ?? 300}}`,
      });
    const tooLarge = await exit({ price: '1e308' });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toEqual({ price: ['Price must be at most 1,000,000,000.'] });
    expect((await exit({ price: '1e-9' })).json()).toEqual({ price: ['Price has more than 8 decimals.'] });
    for (const quantity of ['"0x10"', 'true', '"1e2"', '1e-9', '0']) {
      const res = await exit({ quantity });
      expect(res.statusCode, quantity).toBe(400);
      expect(res.json(), quantity).toEqual({ quantity: [BROKER_MSG.quantityRequired] });
    }
    expect(await byHand(eq(tradeIntents.accountId, account_id))).toEqual([]);
    // Nothing was left SENDING to block the position: its Exit is placed at once.
    expect((await sellMsftAtMarket(admin, account_id, 4)).statusCode).toBe(200);
  });

  it('a modify with a price no broker takes is refused on price, and the order keeps its price', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const account_id = `SIM-${me.id}`;
    await placeTrade(me, account_id);
    const list = async () =>
      (await t.post('/livetrading/trade-list/', { account_id }, { token: me.token })).json().data.working_orders;
    const order = (await list())[0];
    for (const price of [1e308, 9999999999]) {
      const res = await t.post(
        '/livetrading/modify-live-order/',
        { account_id, order_id: order.id, order_type: 'limit', duration: 'day', price },
        { token: me.token },
      );
      expect(res.statusCode, String(price)).toBe(400);
      expect(res.json()).toEqual({ price: ['Price must be at most 1,000,000,000.'] });
    }
    expect((await list()).find((o: { id: string }) => o.id === order.id).price).toBe(order.price);
  });

  it('an Exit of shares held at market fills as it is placed: the position goes, the order shows filled', async () => {
    const { admin, account_id } = await superOnSimulated();
    await holdFourMsft(account_id);
    const exit = await sellMsftAtMarket(admin, account_id, 4);
    expect(exit.statusCode, exit.body).toBe(200);
    expect(exit.json()).toMatchObject({ message: BROKER_MSG.orderPlaced, data: { status: 'filled', side: 'sell' } });
    // The next poll changes nothing: one fill.
    await t.modules.trading.runner.pollOrders();
    const positions = (await t.post('/livetrading/positions-list/', { account_id }, { token: admin.token })).json()
      .data;
    expect(positions.open_positions).toEqual([]);
    const filled = (await t.post('/livetrading/trade-list/', { account_id }, { token: admin.token })).json().data
      .filled_orders;
    expect(filled).toMatchObject([{ id: exit.json().data.id, symbol: 'MSFT', exec_quantity: 4 }]);
  });

  it('an Exit needs type, duration, side and class; an option its symbol', async () => {
    const admin = await signedIn({ isSuper: true, plans: [] });
    const res = await t.post(
      '/livetrading/place-tradier-order/',
      { account_id: `SIM-${admin.id}`, symbol: 'MSFT', quantity: 1 },
      { token: admin.token },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      order_class: [BROKER_MSG.classRequired],
      order_type: [BROKER_MSG.orderTypeRequired],
      duration: [BROKER_MSG.durationRequired],
      side: [BROKER_MSG.sideRequired],
    });
    const option = await t.post(
      '/livetrading/place-tradier-order/',
      {
        account_id: `SIM-${admin.id}`,
        order_class: 'option',
        symbol: 'MSFT',
        order_type: 'market',
        duration: 'day',
        side: 'sell_to_close',
        quantity: 1,
      },
      { token: admin.token },
    );
    expect(option.json()).toEqual({ option_symbol: [BROKER_MSG.optionSymbolRequired] });
    expect(await byHand(eq(tradeIntents.userId, admin.id))).toEqual([]);
  });

  it('positions-list answers open and closed positions (none yet)', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const res = await t.post('/livetrading/positions-list/', { account_id: `SIM-${me.id}` }, { token: me.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { open_positions: [], closed_positions: [] } });
  });

  it('authorizing the simulated brokerage comes straight back to Broker Settings with a code', async () => {
    const me = await signedIn({ plans: ['elite-monthly'] });
    const setup = await t.post('/livetrading/auth-code-setup/', {}, { token: me.token });
    expect(setup.statusCode, setup.body).toBe(200);
    const url = new URL(setup.json().url);
    expect(url.origin + url.pathname).toBe('http://drat.test/trade/settings');
    const res = await t.post(
      '/livetrading/auth-code/',
      { code: url.searchParams.get('code'), state: url.searchParams.get('state') },
      { token: me.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ broker: 'paper', is_live_trader: true, message: BROKER_MSG.authorized });
    expect(res.json().accounts).toEqual([
      { account_id: `SIM-${me.id}`, connected: true, broker: 'paper', account_type: 'CASH' },
    ]);
  });
});

describe('Tradier through OAuth', () => {
  it('authorizing Tradier connects its accounts, seals the token and makes the trader live', async () => {
    const me = await signedIn({ plans: ['elite-monthly'] });
    const reply = await authorizeTradier(me, 'tok-live-1', [
      { number: 'VA201', type: 'cash' },
      { number: 'VA202', type: 'margin' },
    ]);
    expect(reply).toMatchObject({ broker: 'tradier', is_live_trader: true });
    expect(reply.accounts).toEqual([
      { account_id: 'VA201', connected: true, broker: 'tradier', account_type: 'CASH' },
      { account_id: 'VA202', connected: false, broker: 'tradier', account_type: 'MARGIN' },
    ]);
    const [row] = await t.db.select().from(brokerConnections).where(eq(brokerConnections.userId, me.id));
    expect(row!.accessToken).not.toContain('tok-live-1');
    expect(row!.accessToken!.startsWith('v1.')).toBe(true);
    expect(row!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 86_000_000);

    const margin = await t.post('/livetrading/account-info/', { account_id: 'VA202' }, { token: me.token });
    expect(margin.json().data).toMatchObject({
      account_type: 'MARGIN',
      live_buying_power: 12727.72,
      available_funds: 6363.86,
    });
    const chosen = await t.post('/livetrading/set-current-account/', { account_id: 'VA202' }, { token: me.token });
    expect(chosen.json().accounts.find((a: { connected: boolean }) => a.connected).account_id).toBe('VA202');
  });

  it('a live trade goes to the Tradier account with its client order id as the tag; the monitor lists it', async () => {
    const me = await signedIn({ plans: ['elite-monthly'] });
    await authorizeTradier(me, 'tok-live-2', [{ number: 'VA301', type: 'cash' }]);
    const trade = await placeTrade(me, 'VA301');
    const sent = fake.orders.filter((o) => o.account === 'VA301');
    expect(sent.map((o) => o.tag)).toEqual([`T${trade.id}-R1-L0-BUY-1`, `T${trade.id}-R2-L0-BUY-1`]);
    const list = (await t.post('/livetrading/trade-list/', { account_id: 'VA301' }, { token: me.token })).json().data;
    expect(list.working_orders.map((o: { tag: string }) => o.tag).sort()).toEqual(sent.map((o) => o.tag).sort());
  });

  it('six Exits of one position at once: one reaches the broker, the other five wait for it (409)', async () => {
    const admin = await signedIn({ isSuper: true, plans: ['elite-monthly'] });
    await authorizeTradier(admin, 'tok-six', [{ number: 'VA811', type: 'cash' }]);
    fake.slowPlaces(400);
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => sellMsftAtMarket(admin, 'VA811', 2)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      for (const a of answers.filter((x) => x.statusCode === 409)) {
        expect(a.json().detail).toBe(BROKER_MSG.exitUnconfirmed('MSFT'));
      }
      expect(fake.placements().filter((r) => r.path.includes('/VA811/')).length).toBe(1);
    } finally {
      fake.slowPlaces(0);
    }
    const rows = await byHand(eq(tradeIntents.accountId, 'VA811'));
    expect(rows.map((r) => [r.kind, r.state, r.instrument])).toEqual([['exit', 'SENT', 'MSFT']]);
    // Answered, the next Exit is a new decision and goes through.
    expect((await sellMsftAtMarket(admin, 'VA811', 1)).statusCode).toBe(200);
    expect(fake.placements().filter((r) => r.path.includes('/VA811/')).length).toBe(2);
  });

  it('an Exit whose answer was lost is looked for by its tag at the next sweep, never sent again, and no second Exit goes meanwhile', async () => {
    const admin = await signedIn({ isSuper: true, plans: ['elite-monthly'] });
    await authorizeTradier(admin, 'tok-lost', [{ number: 'VA801', type: 'cash' }]);
    const stamp = new Date().toISOString();
    // One reached Tradier before its answer was lost; the other never did.
    fake.orders.push({
      id: 9801,
      account: 'VA801',
      class: 'equity',
      symbol: 'MSFT',
      side: 'sell',
      quantity: 2,
      type: 'market',
      duration: 'day',
      status: 'open',
      exec_quantity: 0,
      avg_fill_price: 0,
      tag: 'Mlost1',
      create_date: stamp,
      transaction_date: stamp,
    });
    const minutesAgo = (m: number) => new Date(t.clock.now().getTime() - m * 60_000);
    // As recorded before sending, claimed once (attempts 1), the answer never recorded.
    const lost = (tag: string, symbol: string, createdAt: Date) =>
      t.db.insert(tradeIntents).values({
        tradeId: null,
        clientOrderId: tag,
        kind: 'exit',
        intent: { type: 'exit', clientOrderId: tag, request: { tag, symbol, optionSymbol: null } },
        state: 'PENDING',
        unknown: true,
        attempts: 1,
        broker: 'tradier',
        accountId: 'VA801',
        userId: admin.id,
        instrument: symbol,
        createdAt,
        sentAt: createdAt,
      });
    await lost('Mlost1', 'MSFT', minutesAgo(5));
    await lost('Mlost2', 'AAPL', minutesAgo(5));
    // Older than the broker's order list reaches back: it cannot be told either way.
    await lost('Mlost3', 'IBM', minutesAgo(13 * 60));
    // Meanwhile another Exit of MSFT on this account waits: it may be the same shares.
    const again = await sellMsftAtMarket(admin, 'VA801', 2);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(BROKER_MSG.exitUnconfirmed('MSFT'));

    const placedBefore = fake.placements().length;
    expect(await t.modules.trading.runner.settleByHand()).toBe(3);
    const rows = await byHand(eq(tradeIntents.accountId, 'VA801'));
    expect(rows.map((r) => [r.clientOrderId, r.state, r.brokerOrderId, r.error]).sort()).toEqual([
      ['Mlost1', 'SENT', '9801', null],
      ['Mlost2', 'FAILED', null, BROKER_MSG.neverReached],
      ['Mlost3', 'UNKNOWN', null, BROKER_MSG.unconfirmed],
    ]);
    // Nothing was placed again, and a second sweep changes nothing.
    expect(fake.placements().length).toBe(placedBefore);
    expect(await t.modules.trading.runner.settleByHand()).toBe(0);
  });

  it("one trader's expired authorization, or a broker that cannot look at its orders, does not stop the others' fills", async () => {
    const expiredTrader = await signedIn({ plans: ['elite-monthly'] });
    await authorizeTradier(expiredTrader, 'tok-poll-a', [{ number: 'VA901', type: 'cash' }]);
    await placeTrade(expiredTrader, 'VA901');
    fake.expire('tok-poll-a');
    const other = await signedIn({ plans: ['elite-monthly'] });
    await authorizeTradier(other, 'tok-poll-b', [{ number: 'VA902', type: 'cash' }]);
    const trade = await placeTrade(other, 'VA902');
    const buy = fake.orders.find((o) => o.account === 'VA902' && o.tag === `T${trade.id}-R1-L0-BUY-1`)!;
    fake.fill(buy.id, buy.quantity, buy.price!);

    // And a broker that fills orders itself cannot look at them now: the others are still asked.
    selfFillingFails = true;
    try {
      await t.modules.trading.runner.pollOrders();
    } finally {
      selfFillingFails = false;
    }
    const trades = (await t.get('/livetrading/trades', { token: other.token })).json().data as SmartTradeDto[];
    expect(trades.find((x) => x.id === trade.id)?.status).toBe('OPEN');
  });

  it("a live trade may name another of the trader's accounts (the drawer's selector), never someone else's", async () => {
    const me = await signedIn({ plans: ['elite-monthly'] });
    await authorizeTradier(me, 'tok-two', [
      { number: 'VA311', type: 'cash' },
      { number: 'VA312', type: 'margin' },
    ]);
    const trade = await placeTrade(me, 'VA312');
    expect(trade.account_id).toBe('VA312');
    expect(fake.orders.filter((o) => o.tag?.startsWith(`T${trade.id}-`)).map((o) => o.account)).toEqual([
      'VA312',
      'VA312',
    ]);
    const other = await signedIn({ isLiveTrader: true });
    await t.get('/livetrading/accounts', { token: other.token });
    const res = await t.post('/livetrading/create-trade/', restingTradeBody('MSFT', price, { account_id: 'VA312' }), {
      token: other.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ account_id: [TRADE_MSG.accountNotYours] });
  });

  it("another user posting a trader's state is refused naming state, and the owner's authorization still succeeds", async () => {
    const me = await signedIn({ plans: ['elite-monthly'] });
    const other = await signedIn({ plans: ['elite-monthly'] });
    const code = fake.addUser('tok-state', [{ number: 'VA401', type: 'cash' }]);
    const setup = await t.post('/livetrading/auth-code-setup/', { broker: 'tradier' }, { token: me.token });
    const state = new URL(setup.json().url).searchParams.get('state')!;
    const stolen = await t.post('/livetrading/auth-code/', { code, state }, { token: other.token });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({ state: [BROKER_MSG.authLinkInvalid] });
    // The attempt left the owner's state alone: their own return from the broker connects.
    const mine = await t.post('/livetrading/auth-code/', { code, state }, { token: me.token });
    expect(mine.statusCode).toBe(200);
    // The state is single-use: the same return again is refused.
    const again = await t.post('/livetrading/auth-code/', { code, state }, { token: me.token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ state: [BROKER_MSG.authLinkInvalid] });
  });

  it('an expired Tradier token asks the trader to re-authorize (403), never signs them out', async () => {
    const me = await signedIn({ plans: ['elite-monthly'] });
    await authorizeTradier(me, 'tok-expiring', [{ number: 'VA501', type: 'cash' }]);
    const before = (await t.get('/livetrading/broker-connection/', { token: me.token })).json().data.connection;
    expect(before).toMatchObject({ broker: 'tradier', label: 'Tradier', expired: false, ends_soon: false });
    expect(Date.parse(before.expires_at)).toBeGreaterThan(Date.now() + 86_000_000);
    fake.expire('tok-expiring');
    const res = await t.post('/livetrading/positions-list/', { account_id: 'VA501' }, { token: me.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(BROKER_MSG.tokenExpired);
  });

  it('deauthorizing forgets the token and the accounts: Now set to Demo Mode', async () => {
    const me = await signedIn({ plans: ['elite-monthly'] });
    await authorizeTradier(me, 'tok-bye', [{ number: 'VA601', type: 'cash' }]);
    const res = await t.post('/livetrading/deauthorize/', { broker: 'tradier' }, { token: me.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(TRADING_MSG.demoMode);
    expect(await t.db.select().from(brokerConnections).where(eq(brokerConnections.userId, me.id))).toEqual([]);
    const after = await t.post('/livetrading/account-info/', { account_id: 'VA601' }, { token: me.token });
    expect(after.statusCode).toBe(403);
  });
});

describe('Alpaca: a second broker behind the same interface', () => {
  it('authorizing Alpaca by OAuth connects its one paper account; a live trade reaches it with the client order id', async () => {
    const me = await signedIn({ plans: ['elite-monthly'] });
    const { code } = alpaca.addAccount({ number: 'PA0001', type: 'margin', token: 'alp-token-1' });
    const setup = await t.post('/livetrading/auth-code-setup/', { broker: 'alpaca' }, { token: me.token });
    expect(setup.statusCode, setup.body).toBe(200);
    const url = new URL(setup.json().url);
    expect([url.searchParams.get('client_id'), url.searchParams.get('env')]).toEqual([ALPACA_CLIENT_ID, 'paper']);
    const state = url.searchParams.get('state')!;
    const res = await t.post('/livetrading/auth-code/', { code, state }, { token: me.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      broker: 'alpaca',
      is_live_trader: true,
      accounts: [{ account_id: 'PA0001', connected: true, broker: 'alpaca', account_type: 'MARGIN' }],
    });
    const [row] = await t.db.select().from(brokerConnections).where(eq(brokerConnections.userId, me.id));
    expect(row!.accessToken).not.toContain('alp-token-1');

    const info = (await t.post('/livetrading/account-info/', { account_id: 'PA0001' }, { token: me.token })).json();
    expect(info.data).toMatchObject({ broker: 'alpaca', account_type: 'MARGIN' });
    expect(typeof info.data.available_funds).toBe('number');

    const trade = await placeTrade(me, 'PA0001');
    expect(alpaca.placements().map((r) => r.json?.client_order_id)).toEqual([
      `T${trade.id}-R1-L0-BUY-1`,
      `T${trade.id}-R2-L0-BUY-1`,
    ]);
    const list = (await t.post('/livetrading/trade-list/', { account_id: 'PA0001' }, { token: me.token })).json().data;
    expect(list.all_orders.map((o: { tag: string }) => o.tag).sort()).toEqual(
      [`T${trade.id}-R1-L0-BUY-1`, `T${trade.id}-R2-L0-BUY-1`].sort(),
    );
  });

  it("an order modified in the Trade Monitor comes back from Alpaca under a new id: the trade's cancel reaches that one", async () => {
    const me = await signedIn({ plans: ['elite-monthly'] });
    await authorizeAlpaca(me, 'PA0003', 'alp-token-3');
    const trade = await placeTrade(me, 'PA0003');
    const tag = `T${trade.id}-R1-L0-BUY-1`;
    const list = (await t.post('/livetrading/trade-list/', { account_id: 'PA0003' }, { token: me.token })).json().data;
    const before = list.all_orders.find((o: { tag: string }) => o.tag === tag);
    const [sentRow] = await t.db.select().from(tradeOrders).where(eq(tradeOrders.clientOrderId, tag));
    t.clock.advance(1_000);
    const res = await t.post(
      '/livetrading/modify-live-order/',
      { account_id: 'PA0003', order_id: before.id, order_type: 'limit', duration: 'gtc', price: before.price - 1 },
      { token: me.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data;
    expect(after.id).not.toBe(before.id);
    const [bound] = await t.db.select().from(tradeOrders).where(eq(tradeOrders.clientOrderId, tag));
    expect(bound!.brokerOrderId).toBe(after.id);
    // Its row says it changed, so the watch loop asks the account at once, not at its 2 s pace.
    expect(bound!.updatedAt.getTime()).toBe(t.clock.now().getTime());
    expect(bound!.updatedAt.getTime()).toBeGreaterThan(sentRow!.updatedAt.getTime());

    // Replaced at the broker's own site instead: the next poll binds the new id.
    await t.db.update(tradeOrders).set({ brokerOrderId: before.id }).where(eq(tradeOrders.clientOrderId, tag));
    await t.modules.trading.runner.pollOrders();
    const [polled] = await t.db.select().from(tradeOrders).where(eq(tradeOrders.clientOrderId, tag));
    expect(polled!.brokerOrderId).toBe(after.id);

    const cancel = await t.post('/livetrading/cancel-live-trade/', { live_trade_id: trade.id }, { token: me.token });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await sendAll(trade.id);
    expect(alpaca.orders.find((o) => o.id === after.id)?.status).toBe('canceled');
  });

  it("connecting with the trader's own API keys: a wrong secret is refused on secret_key and nothing is kept; the right pair connects", async () => {
    const me = await signedIn({ plans: ['elite-monthly'] });
    alpaca.addAccount({ number: 'PA0002', type: 'cash', keyPair: { keyId: 'PKTEST2', secretKey: 'right-secret' } });
    const wrong = await t.post(
      '/livetrading/broker-keys/',
      { broker: 'alpaca', key_id: 'PKTEST2', secret_key: 'wrong-secret' },
      { token: me.token },
    );
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json()).toEqual({ secret_key: [BROKER_MSG.keysRefused('Alpaca')] });
    expect(await t.db.select().from(brokerConnections).where(eq(brokerConnections.userId, me.id))).toEqual([]);

    // Keys of the other kind of account (live keys on paper): Alpaca answers 403, told the same way.
    alpaca.inject(
      { method: 'GET', path: '/v2/account' },
      { status: 403, json: { code: 40310000, message: 'forbidden.' } },
      1,
    );
    const otherKind = await t.post(
      '/livetrading/broker-keys/',
      { broker: 'alpaca', key_id: 'PKTEST2', secret_key: 'right-secret' },
      { token: me.token },
    );
    expect(otherKind.json()).toEqual({ secret_key: [BROKER_MSG.keysRefused('Alpaca')] });

    const right = await t.post(
      '/livetrading/broker-keys/',
      { broker: 'alpaca', key_id: 'PKTEST2', secret_key: 'right-secret' },
      { token: me.token },
    );
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({
      message: BROKER_MSG.authorized,
      is_live_trader: true,
      accounts: [{ account_id: 'PA0002', broker: 'alpaca', account_type: 'CASH' }],
    });
    const [row] = await t.db.select().from(brokerConnections).where(eq(brokerConnections.userId, me.id));
    expect(row!.accessToken).not.toContain('right-secret');
    // The pair reaches the account: its balances are read with it.
    const info = await t.post('/livetrading/account-info/', { account_id: 'PA0002' }, { token: me.token });
    expect(info.json().data).toMatchObject({ broker: 'alpaca', account_type: 'CASH', available_funds: null });
    expect(alpaca.to('/v2/account').at(-1)!.headers['apca-api-key-id']).toBe('PKTEST2');
  });

  it('broker-keys: 401 anonymous, 403 without the live trader, a fresh password, and only brokers that take keys', async () => {
    const body = { broker: 'alpaca', key_id: 'PK', secret_key: 'S' };
    expect((await t.post('/livetrading/broker-keys/', body)).statusCode).toBe(401);
    const demo = await signedIn({ plans: ['stocks-monthly'] });
    const refused = await t.post('/livetrading/broker-keys/', body, { token: demo.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(MSG.liveTraderDenied);

    const me = await signedIn({ plans: ['elite-monthly'] });
    const paper = await t.post('/livetrading/broker-keys/', { ...body, broker: 'paper' }, { token: me.token });
    expect(paper.json()).toEqual({ broker: [BROKER_MSG.keysNotTaken('Simulated brokerage')] });
    const empty = await t.post('/livetrading/broker-keys/', { broker: 'alpaca' }, { token: me.token });
    expect(empty.json()).toEqual({
      key_id: [BROKER_MSG.keyIdRequired],
      secret_key: [BROKER_MSG.secretKeyRequired],
    });

    t.clock.advanceMinutes(STEP_UP_MINUTES + 1);
    const stale = await t.post('/livetrading/broker-keys/', body, { token: me.token });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: PASSWORD_CONFIRMATION_REQUIRED, reason: 'AUTHORIZATION' });
  });
});

describe('the end of a broker authorization', () => {
  it('Broker Settings says the Tradier authorization ends soon within two hours, then that it ended', async () => {
    const me = await signedIn({ plans: ['elite-monthly'] });
    await authorizeTradier(me, 'tok-ending', [{ number: 'VA991', type: 'cash' }]);
    const read = async () =>
      (await t.get('/livetrading/broker-connection/', { token: me.token })).json().data.connection;
    const endsIn = (minutes: number) =>
      t.db
        .update(brokerConnections)
        .set({ expiresAt: new Date(t.clock.now().getTime() + minutes * 60_000) })
        .where(eq(brokerConnections.userId, me.id));
    expect(await read()).toMatchObject({ expired: false, ends_soon: false });
    await endsIn(90);
    expect(await read()).toMatchObject({ expired: false, ends_soon: true });
    await endsIn(-1);
    expect(await read()).toMatchObject({ expired: true, ends_soon: true });
  });
});

describe('a fill the broker reports after confirming the cancel (issue 24, item 7)', () => {
  /** Places a trade on `account`, cancels it, and has the broker confirm the cancels (the trade ends CANCELLED). */
  async function cancelledTrade(me: { token: string }, account: string) {
    const trade = await placeTrade(me, account);
    const cancel = await t.post('/livetrading/cancel-live-trade/', { live_trade_id: trade.id }, { token: me.token });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await sendAll(trade.id);
    await t.modules.trading.runner.pollOrders();
    const trades = (await t.get('/livetrading/trades', { token: me.token })).json().data as SmartTradeDto[];
    expect(trades.find((x) => x.id === trade.id)?.status).toBe('CANCELLED');
    const [order] = await t.db
      .select()
      .from(tradeOrders)
      .where(eq(tradeOrders.clientOrderId, `T${trade.id}-R1-L0-BUY-1`));
    expect(order).toMatchObject({ done: true, brokerStatus: 'canceled:0' });
    expect(order!.watchUntil!.getTime()).toBeGreaterThan(t.clock.now().getTime());
    return trade;
  }

  /** What the trade does with the late shares, and what the trader is told. */
  async function expectTakenIn(me: { token: string }, tradeId: number, { swept = true } = {}) {
    if (swept) {
      // The open orders' poll no longer asks this account (nothing of ours is open there)…
      await t.modules.trading.runner.pollOrders();
      // …but the minute's sweep asks about the confirmed cancels it still watches.
      await t.modules.trading.runner.sweep();
    }
    const trades = (await t.get('/livetrading/trades', { token: me.token })).json().data as SmartTradeDto[];
    expect(trades.find((x) => x.id === tradeId)?.status).toBe('OPEN');
    // The documented rule: a late fill on a finished trade re-opens it to sell what came in.
    const intents = await t.db.select().from(tradeIntents).where(eq(tradeIntents.tradeId, tradeId));
    expect(intents.filter((i) => i.clientOrderId.includes('-EXIT-')).map((i) => i.intent)).toEqual([
      expect.objectContaining({ type: 'place', side: 'sell', purpose: 'EXIT', orderType: 'market', qty: '2' }),
    ]);
    const logs = (await t.get(`/logs/live-trades?trade_id=${tradeId}`, { token: me.token })).json().data as {
      text: string;
    }[];
    expect(logs.map((l) => l.text).join('\n')).toMatch(/bought 2 at/);
    const inbox = (await t.get('/notifications', { token: me.token })).json().notifications as {
      kind: string;
      title: string;
      content: string;
    }[];
    expect(inbox).toContainEqual(
      expect.objectContaining({
        kind: 'LATE_FILL',
        title: expect.stringContaining(`Trade ${tradeId} (MSFT): filled after its cancel`) as string,
        content: expect.stringContaining('The broker filled 2 more of a buy after confirming its cancel') as string,
      }),
    );
  }

  it('Tradier: the cancel confirmed, then a fill of 2: the trade takes them in, logs it and tells the trader', async () => {
    const me = await signedIn({ plans: ['elite-monthly'] });
    await authorizeTradier(me, 'tok-late-fill', [{ number: 'VA950', type: 'cash' }]);
    const trade = await cancelledTrade(me, 'VA950');
    const buy = fake.orders.find((o) => o.account === 'VA950' && o.tag === `T${trade.id}-R1-L0-BUY-1`)!;
    expect(buy.status).toBe('canceled');
    fake.fill(buy.id, 2, buy.price!);
    await expectTakenIn(me, trade.id);
  });

  it('Alpaca: the cancel confirmed, then a fill of 2: the trade takes them in, logs it and tells the trader', async () => {
    const me = await signedIn({ plans: ['elite-monthly'] });
    await authorizeAlpaca(me, 'PA0950', 'alp-late-fill');
    const trade = await cancelledTrade(me, 'PA0950');
    const [order] = await t.db
      .select()
      .from(tradeOrders)
      .where(eq(tradeOrders.clientOrderId, `T${trade.id}-R1-L0-BUY-1`));
    const buy = alpaca.orders.find((o) => o.id === order!.brokerOrderId)!;
    expect(buy.status).toBe('canceled');
    alpaca.fill(String(buy.id), '2', String(buy.limit_price));
    await expectTakenIn(me, trade.id);
  });

  it("a sync compares the account's positions with what its trades hold: a fill found there after the watch ended is taken in", async () => {
    const me = await signedIn({ plans: ['elite-monthly'] });
    await authorizeTradier(me, 'tok-late-sync', [{ number: 'VA952', type: 'cash' }]);
    const trade = await cancelledTrade(me, 'VA952');
    // The next day: the cancel is no longer watched, and the broker now reports 2 bought.
    await t.db.update(tradeOrders).set({ watchUntil: null }).where(eq(tradeOrders.tradeId, trade.id));
    const buy = fake.orders.find((o) => o.account === 'VA952' && o.tag === `T${trade.id}-R1-L0-BUY-1`)!;
    fake.fill(buy.id, 2, buy.price!);
    fake.setPositions('VA952', [
      { symbol: 'MSFT', quantity: 2, cost_basis: 2 * buy.price!, date_acquired: '2026-11-27' },
    ]);
    expect(await t.modules.trading.runner.pollWatched()).toBe(0);
    const sync = await t.post('/livetrading/sync-accounts/', {}, { token: me.token });
    expect(sync.statusCode, sync.body).toBe(200);
    await expectTakenIn(me, trade.id, { swept: false });
  });

  it('a watched cancel is let go at the end of the day: its account is no longer asked', async () => {
    const me = await signedIn({ plans: ['elite-monthly'] });
    await authorizeTradier(me, 'tok-late-none', [{ number: 'VA951', type: 'cash' }]);
    const trade = await cancelledTrade(me, 'VA951');
    t.clock.advance(25 * 3_600_000);
    await t.modules.trading.runner.sweep();
    const [order] = await t.db
      .select()
      .from(tradeOrders)
      .where(eq(tradeOrders.clientOrderId, `T${trade.id}-R1-L0-BUY-1`));
    expect(order!.watchUntil).toBeNull();
    expect(await t.modules.trading.runner.pollWatched()).toBe(0);
  });
});

describe("fills pushed by the brokers' order streams", () => {
  const cases = [
    {
      broker: 'Alpaca (trade updates)',
      async connect(me: { token: string }) {
        await authorizeAlpaca(me, 'PA0960', 'alp-stream');
        return 'PA0960';
      },
      listening: () => alpaca.streamsListening('PA0960'),
      asks: () => alpaca.to('/v2/orders', 'GET').filter((r) => r.headers.authorization === 'Bearer alp-stream').length,
      fill(tag: string) {
        const o = alpaca.orders.find((x) => x.client_order_id === tag)!;
        alpaca.fill(o.id, o.qty, String(o.limit_price));
        return o.qty;
      },
    },
    {
      broker: 'Tradier (account events)',
      async connect(me: { token: string }) {
        await authorizeTradier(me, 'tok-stream', [{ number: 'VA960', type: 'cash' }]);
        return 'VA960';
      },
      listening: () => fake.streamsListening('tok-stream'),
      asks: () => fake.http.to('/v1/accounts/VA960/orders').filter((r) => r.method === 'GET').length,
      fill(tag: string) {
        const o = fake.orders.find((x) => x.account === 'VA960' && x.tag === tag)!;
        fake.fill(o.id, o.quantity, o.price!);
        return String(o.quantity);
      },
    },
  ];

  it.each(cases)(
    '$broker: a fill the stream tells of reaches the trade with the next loop, not at the pace',
    async (c) => {
      // The app's clock at the fake brokers' own (real) time, as a server's and a broker's agree:
      // a test above moved it a day on, and the asks list what changed since the last one.
      t.clock.set(new Date());
      const me = await signedIn({ plans: ['elite-monthly'] });
      const account = await c.connect(me);
      const trade = await placeTrade(me, account);
      const runner = t.modules.trading.runner;
      const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
      // The watch loop asks (its orders were just sent) and opens the account's stream. The clock
      // moves only where the test says: no ask below comes from the pace unless it says so.
      t.clock.advance(1);
      await runner.pollOrders(true);
      for (let i = 0; i < 300 && c.listening() === 0; i++) await settle();
      expect(c.listening()).toBe(1);
      // Asked again since it was up (when it said so, or at the pace), and once more 2 s later (an
      // ask the stream caused is followed by one at the 2 s pace); then the account is quiet (30 s).
      for (let i = 0; i < 3; i++) {
        t.clock.advance(2_000);
        await runner.pollOrders(true);
      }
      const asked = c.asks();
      t.clock.advance(2_000);
      await runner.pollOrders(true);
      expect(c.asks()).toBe(asked);
      // Filled at the broker: the stream tells, and the fill reaches the trade with the next loop.
      const tag = `T${trade.id}-R2-L0-BUY-1`;
      const filled = `filled:${c.fill(tag)}`;
      t.clock.advance(1_000);
      const statusOf = async () =>
        (await t.db.select().from(tradeOrders).where(eq(tradeOrders.clientOrderId, tag)))[0]!.brokerStatus;
      for (let i = 0; i < 300 && (await statusOf()) !== filled; i++) {
        await settle();
        await runner.pollOrders(true);
      }
      expect(await statusOf()).toBe(filled);
    },
  );
});
