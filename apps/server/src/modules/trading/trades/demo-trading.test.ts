import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEMO_ACCOUNT_START_VALUE, TRADE_MSG, type DemoTradeDto } from '@drat/contracts';
import { paperOrders, tradeIntents, trades } from '../../../db/schema/index';
import { cents, makeSignedIn, restingTradeBody, type MakeUserOptions } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';

let t: TestApp;
let price: number;

const signedIn = (options: MakeUserOptions = {}) => makeSignedIn(t, options);

beforeAll(async () => {
  t = await createTestApp();
  price = (await t.market.quotes(['AAPL']))[0]!.bid;
});
afterAll(async () => {
  await t?.close();
});

/** A custom trade on AAPL whose buys rest under the market (restingTradeBody). */
const body = (patch: Record<string, unknown> = {}) => restingTradeBody('AAPL', price, patch);
const create = (token: string, b: unknown, headers?: Record<string, string>) =>
  t.post('/demo-trading/create-demo-trade/', b, { token, ...(headers ? { headers } : {}) });
const tradesOf = (userId: number) => t.db.select().from(trades).where(eq(trades.userId, userId));

describe('demo trading: who may call', () => {
  it.each([
    ['GET', '/demo-trading'],
    ['POST', '/demo-trading/reset-demo-account/'],
    ['GET', '/demo-trading/trades'],
    ['POST', '/demo-trading/create-demo-trade/'],
    ['POST', '/demo-trading/cancel-demo-trade/'],
    ['GET', '/logs/live-trades?trade_id=1'],
    ['GET', '/livetrading/order-detail?order_id=1'],
  ])('%s %s refuses an anonymous caller with 401', async (method, url) => {
    const res = method === 'GET' ? await t.get(url) : await t.post(url, {});
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['a demo-only subscriber', { plans: ['stocks-monthly'] }],
    ['a live trader', { isLiveTrader: true }],
    ['a super user', { isSuper: true, plans: [] }],
  ] satisfies [string, MakeUserOptions][])(
    '%s has a demo account of 100,000 and can trade on it',
    async (_, options) => {
      const me = await signedIn(options);
      const account = await t.get('/demo-trading', { token: me.token });
      expect(account.statusCode, account.body).toBe(200);
      expect(account.json()).toEqual({
        buying_power: DEMO_ACCOUNT_START_VALUE,
        account_value: DEMO_ACCOUNT_START_VALUE,
        equities_value: 0,
        increased: false,
        decreased: false,
      });
      const res = await create(me.token, body());
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(TRADE_MSG.tradePlaced);
    },
  );
});

describe('POST /api/demo-trading/create-demo-trade/', () => {
  it('places the trade: PENDING, both buys recorded and sent to the demo account, buying power held', async () => {
    const me = await signedIn();
    const res = await create(me.token, body({ trade_notes: 'first demo trade' }));
    expect(res.statusCode, res.body).toBe(200);
    const trade: DemoTradeDto = res.json().data;
    expect(trade).toMatchObject({
      ticker: 'AAPL',
      status: 'PENDING',
      trade_type: 'CUSTOM',
      stock_type: 'STOCKS',
      account_id: `DEMO-${me.id}`,
      buy_range_1: cents(price * 0.9),
      buy_range_2: cents(price * 0.95),
      buy_range_1_stocks: 5,
      target_range_low: cents(price * 1.1),
      target_range_high: cents(price * 1.2),
      trade_notes: 'first demo trade',
      net_liquidity: null,
    });
    const intents = await t.db.select().from(tradeIntents).where(eq(tradeIntents.tradeId, trade.id));
    expect(intents.map((i) => i.clientOrderId)).toEqual([`T${trade.id}-R1-L0-BUY-1`, `T${trade.id}-R2-L0-BUY-1`]);
    for (const i of intents) await t.modules.trading.runner.sendIntent(i.id);
    const orders = await t.db
      .select()
      .from(paperOrders)
      .where(eq(paperOrders.accountId, `DEMO-${me.id}`));
    expect(orders.map((o) => [o.tag, o.status])).toEqual([
      [`T${trade.id}-R1-L0-BUY-1`, 'open'],
      [`T${trade.id}-R2-L0-BUY-1`, 'open'],
    ]);
    const held = cents(5 * cents(price * 0.9) + 5 * cents(price * 0.95));
    const account = (await t.get('/demo-trading', { token: me.token })).json();
    expect(account.buying_power).toBeCloseTo(DEMO_ACCOUNT_START_VALUE - held, 2);
    const list = (await t.get('/demo-trading/trades', { token: me.token })).json().data;
    expect(list.map((x: DemoTradeDto) => x.id)).toEqual([trade.id]);
  });

  it('an Idempotency-Key makes a retried create one trade', async () => {
    const me = await signedIn();
    const headers = { 'idempotency-key': 'demo-create-1' };
    const first = await create(me.token, body(), headers);
    const again = await create(me.token, body(), headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await tradesOf(me.id)).toHaveLength(1);
  });

  it.each([
    [
      'buy range low above high',
      { buy_range_low: 300, buy_range_high: 200 },
      'buy_range_low',
      TRADE_MSG.buyLowBelowHigh,
    ],
    [
      'target range low above high',
      { target_range_low: 500, target_range_high: 400 },
      'target_range_high',
      TRADE_MSG.targetHighAboveLow,
    ],
    ['a stop loss over the buy range', { stop_loss: 10_000 }, 'stop_loss', TRADE_MSG.invalidStopLoss],
    [
      'a trigger percent under the trailing profit',
      { set_trailing_profit: true, trailing_profit: 10, new_trailing_profit: 5, trigger_percent: 5 },
      'trigger_percent',
      TRADE_MSG.triggerAboveTrailing,
    ],
    ['a strategy that does not exist', { strategy: 'BUY STOCK' }, 'strategy', TRADE_MSG.invalidStrategy],
    [
      'a straddle with two strikes',
      { strategy: 'STRADDLE', legOneStrike: 150, legTwoStrike: 155, legOneExpiration: '2026-12-18' },
      'legTwoStrike',
      TRADE_MSG.straddleEqual,
    ],
    [
      'a cancel-by time in the past',
      { setCancelIfNotFilledBy: true, expiryDateTime: '2020-1-2 10:0:0' },
      'expiryDateTime',
      TRADE_MSG.cancelByPast,
    ],
    ['a ticker the market does not know', { ticker: 'NOSUCH' }, 'ticker', TRADE_MSG.unknownTicker('NOSUCH')],
    [
      'an alert that does not exist',
      { trade_type: 'ALERT', alert_id: 999999 },
      'alert_id',
      TRADE_MSG.alertNotFoundDione,
    ],
  ])('refuses %s with a 400 naming the field, and stores nothing', async (_, patch, field, message) => {
    const me = await signedIn();
    const res = await create(me.token, body(patch));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()[field]).toContain(message);
    expect(await tradesOf(me.id)).toEqual([]);
  });
});

describe('cancelling, logs and details', () => {
  it('a cancelled demo trade cancels its orders and ends CANCELLED; its log says what happened', async () => {
    const me = await signedIn();
    const { data: trade } = (await create(me.token, body())).json();
    const runner = t.modules.trading.runner;
    const send = async () => {
      for (const i of await t.db.select().from(tradeIntents).where(eq(tradeIntents.tradeId, trade.id))) {
        if (i.state === 'PENDING') await runner.sendIntent(i.id);
      }
    };
    await send();
    const res = await t.post('/demo-trading/cancel-demo-trade/', { demo_trade_id: trade.id }, { token: me.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(TRADE_MSG.tradeCancelled);
    await send();
    const done = (await t.get(`/livetrading/order-detail?order_id=${trade.id}`, { token: me.token })).json().data;
    expect(done.status).toBe('CANCELLED');
    const log = (await t.get(`/logs/live-trades?trade_id=${trade.id}`, { token: me.token })).json().data;
    expect(log.map((l: { text: string }) => l.text)).toEqual(
      expect.arrayContaining(['Trade submitted', 'Status PENDING → CANCELLED']),
    );
    const again = await t.post('/demo-trading/cancel-demo-trade/', { demo_trade_id: trade.id }, { token: me.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(TRADE_MSG.cannotCancel);
  });

  it("another user's trade is not found, whatever the call", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const { data: trade } = (await create(owner.token, body())).json();
    for (const res of [
      await t.get(`/livetrading/order-detail?order_id=${trade.id}`, { token: other.token }),
      await t.get(`/logs/live-trades?trade_id=${trade.id}`, { token: other.token }),
      await t.post('/demo-trading/cancel-demo-trade/', { demo_trade_id: trade.id }, { token: other.token }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(TRADE_MSG.tradeNotFound);
    }
    expect((await t.get('/demo-trading/trades', { token: other.token })).json().data).toEqual([]);
  });
});

describe('POST /api/demo-trading/reset-demo-account/', () => {
  it('ends the running demo trades and puts the account back to 100,000', async () => {
    const me = await signedIn();
    const { data: trade } = (await create(me.token, body())).json();
    const res = await t.post('/demo-trading/reset-demo-account/', {}, { token: me.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: TRADE_MSG.demoReset,
      buying_power: DEMO_ACCOUNT_START_VALUE,
      account_value: DEMO_ACCOUNT_START_VALUE,
      equities_value: 0,
      increased: false,
      decreased: false,
    });
    const [row] = await t.db.select().from(trades).where(eq(trades.id, trade.id));
    expect(row!.state.exitReason).toBe('USER_CANCEL');
  });
});
