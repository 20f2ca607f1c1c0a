import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, TRADE_MSG, type SmartTradeDto } from '@drat/contracts';
import { indicatorKey } from '@drat/engine';
import { tradeIntents, trades } from '../../../db/schema/index';
import { cents, makeAlert, makeSignedIn, restingTradeBody, type MakeUserOptions } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';

let t: TestApp;
let price: number;
const TICKER = 'MSFT';

const signedIn = (options: MakeUserOptions = {}) => makeSignedIn(t, options);
type Me = { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  price = (await t.market.quotes([TICKER]))[0]!.bid;
});
afterAll(async () => {
  await t?.close();
});

const basic = (me: Me, patch: Record<string, unknown> = {}) =>
  restingTradeBody(TICKER, price, {
    account_id: `SIM-${me.id}`,
    amount_buy_range_low: 2,
    amount_buy_range_high: 2,
    ...patch,
  });

/** An advanced equity trade: two ranges resting under the price, the stop under both. */
const advanced = (me: Me, patch: Record<string, unknown> = {}) => ({
  ticker: TICKER,
  trade_type: 'ADVANCED',
  account_id: `SIM-${me.id}`,
  stop_loss: cents(price * 0.7),
  extra_ranges: [
    {
      buy_range: cents(price * 0.9),
      buy_range_quantity: 3,
      target_range: cents(price * 1.2),
      target_range_quantity: 3,
    },
    {
      buy_range: cents(price * 0.85),
      buy_range_quantity: 2,
      target_range: cents(price * 1.1),
      target_range_quantity: 2,
    },
  ],
  conditions: [],
  ...patch,
});

const placed = async (me: Me, url: string, body: unknown): Promise<SmartTradeDto> => {
  const res = await t.post(url, body, { token: me.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SmartTradeDto;
};
const stored = async (userId: number) => t.db.select().from(trades).where(eq(trades.userId, userId));
const intentsOf = async (tradeId: number) => t.db.select().from(tradeIntents).where(eq(tradeIntents.tradeId, tradeId));
const detail = async (me: Me, id: number) =>
  (await t.get(`/livetrading/order-detail?order_id=${id}`, { token: me.token })).json().data as SmartTradeDto;

describe('who may call the draft, advanced and edit calls', () => {
  it.each([
    ['POST', '/livetrading/draft-trade/'],
    ['GET', '/livetrading/delete-draft?order_id=1'],
    ['POST', '/livetrading/create-advanced-trade/'],
    ['POST', '/livetrading/order-edit/'],
    ['POST', '/livetrading/trades/range/edit/'],
    ['POST', '/livetrading/trades/conditions/edit/'],
    ['GET', '/livetrading/trade-alert?id=1'],
    ['GET', '/demo-trading/trade-alert?id=1'],
  ])('%s %s answers 401 to an anonymous caller', async (method, url) => {
    const res = method === 'GET' ? await t.get(url) : await t.post(url, {});
    expect(res.statusCode).toBe(401);
  });

  it('a demo trader may not save drafts: 403 in the spec words', async () => {
    const demo = await signedIn({ plans: ['stocks-monthly'] });
    const res = await t.post('/livetrading/draft-trade/', basic(demo), { token: demo.token });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().detail).toBe(MSG.liveTraderDenied);
    expect(await stored(demo.id)).toEqual([]);
  });

  it('a refusal comes before the body is checked: 403 for a demo trader or a live trader, even with a bad body', async () => {
    const demo = await signedIn({ plans: ['stocks-monthly'] });
    const live = await signedIn({ isLiveTrader: true });
    const bad = { ticker: 'MSFT' };
    expect((await t.post('/livetrading/create-trade/', bad, { token: demo.token })).json().detail).toBe(
      MSG.liveTraderDenied,
    );
    const advanced = await t.post('/livetrading/create-advanced-trade/', bad, { token: live.token });
    expect([advanced.statusCode, advanced.json().detail]).toEqual([403, TRADE_MSG.advancedOnlySuper]);
    const conditions = await t.post('/livetrading/trades/conditions/edit/', bad, { token: live.token });
    expect([conditions.statusCode, conditions.json().detail]).toEqual([403, TRADE_MSG.conditionsOnlySuper]);
  });

  it('a live trader may not place or save an advanced trade: 403, nothing stored', async () => {
    const live = await signedIn({ isLiveTrader: true });
    for (const url of ['/livetrading/create-advanced-trade/', '/livetrading/draft-trade/']) {
      const res = await t.post(url, advanced(live), { token: live.token });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().detail).toBe(TRADE_MSG.advancedOnlySuper);
    }
    expect(await stored(live.id)).toEqual([]);
  });

  it("a live trader may not edit an advanced trade's conditions: 403", async () => {
    const live = await signedIn({ isLiveTrader: true });
    const res = await t.post(
      '/livetrading/trades/conditions/edit/',
      { trade_id: 1, conditions: [] },
      { token: live.token },
    );
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().detail).toBe(TRADE_MSG.conditionsOnlySuper);
  });
});

describe('drafts', () => {
  it('a saved draft is listed first, sends no order, and can be saved again in place', async () => {
    const me = await signedIn({ isLiveTrader: true });
    await placed(me, '/livetrading/create-trade/', basic(me));
    const res = await t.post('/livetrading/draft-trade/', basic(me, { trade_notes: 'first' }), { token: me.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(TRADE_MSG.draftSaved);
    const draft = res.json().data as SmartTradeDto;
    expect(draft).toMatchObject({ status: 'DRAFT', trade_notes: 'first', account_id: `SIM-${me.id}` });
    expect(await intentsOf(draft.id)).toEqual([]);

    const list = (await t.get('/livetrading/trades', { token: me.token })).json().data as SmartTradeDto[];
    expect(list.map((x) => x.status)).toEqual(['DRAFT', 'PENDING']);

    const again = await placed(
      me,
      '/livetrading/draft-trade/',
      basic(me, { draft_id: draft.id, trade_notes: 'second' }),
    );
    expect(again).toMatchObject({ id: draft.id, status: 'DRAFT', trade_notes: 'second' });
    expect((await stored(me.id)).length).toBe(2);
  });

  it('a draft keeps a cancel-by time already past; placing it checks the time', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const past = { setCancelIfNotFilledBy: true, expiryDateTime: '2020-1-2 10:00:00' };
    const draft = await placed(me, '/livetrading/draft-trade/', basic(me, past));
    expect(draft.status).toBe('DRAFT');
    const res = await t.post('/livetrading/create-trade/', basic(me, { ...past, draft_id: draft.id }), {
      token: me.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().expiryDateTime).toEqual([TRADE_MSG.cancelByPast]);
  });

  it('trading a draft places the trade and deletes the draft', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const draft = await placed(me, '/livetrading/draft-trade/', basic(me));
    const trade = await placed(me, '/livetrading/create-trade/', basic(me, { draft_id: draft.id }));
    expect(trade.status).toBe('PENDING');
    expect((await stored(me.id)).map((r) => r.id)).toEqual([trade.id]);
  });

  it("someone else's draft is not found, on draft_id and on delete", async () => {
    const owner = await signedIn({ isLiveTrader: true });
    const other = await signedIn({ isLiveTrader: true });
    const draft = await placed(owner, '/livetrading/draft-trade/', basic(owner));
    const res = await t.post('/livetrading/create-trade/', basic(other, { draft_id: draft.id }), {
      token: other.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().draft_id).toEqual([TRADE_MSG.draftNotFound]);
    const del = await t.get(`/livetrading/delete-draft?order_id=${draft.id}`, { token: other.token });
    expect(del.statusCode).toBe(404);
    expect((await stored(owner.id)).length).toBe(1);
    expect(await stored(other.id)).toEqual([]);
  });

  it('delete-draft deletes a draft; a placed trade is cancelled instead (409)', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const draft = await placed(me, '/livetrading/draft-trade/', basic(me));
    const trade = await placed(me, '/livetrading/create-trade/', basic(me));
    const refused = await t.get(`/livetrading/delete-draft?order_id=${trade.id}`, { token: me.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(TRADE_MSG.onlyDraftsDeleted);
    const ok = await t.get(`/livetrading/delete-draft?order_id=${draft.id}`, { token: me.token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(TRADE_MSG.draftDeleted);
    expect((await stored(me.id)).map((r) => r.id)).toEqual([trade.id]);
  });

  it('a draft follows the rules of its trade: a 400 naming the field, nothing stored', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const res = await t.post('/livetrading/draft-trade/', basic(me, { stop_loss: cents(price * 0.95) }), {
      token: me.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().stop_loss).toEqual([TRADE_MSG.invalidStopLoss]);
    expect(await stored(me.id)).toEqual([]);
  });
});

describe('POST /api/livetrading/create-advanced-trade/', () => {
  it('a super user places an advanced trade: each range buys its own quantity', async () => {
    const su = await signedIn({ isSuper: true, plans: [] });
    const trade = await placed(su, '/livetrading/create-advanced-trade/', advanced(su));
    expect(trade).toMatchObject({ trade_type: 'ADVANCED', status: 'PENDING', stock_type: 'STOCKS' });
    expect(trade.extra_ranges.map((r) => [r.range_id, r.buy_range_quantity])).toEqual([
      [1, 3],
      [2, 2],
    ]);
    const places = (await intentsOf(trade.id)).map((i) => i.intent).filter((i) => i.type === 'place');
    expect(places.map((i) => (i.type === 'place' ? i.qty : ''))).toEqual(['3', '2']);
  });

  it('a range whose buy waits for a condition row is not sent until the row holds', async () => {
    const su = await signedIn({ isSuper: true, plans: [] });
    const conditions = [
      [
        { uuid: 'c1', conditionType: 'Order Filled', rules: { selectedOrder: 'buy_range_1', filled: true } },
        { uuid: 'a1', conditionType: 'ACTION', rules: { type: 'execute', selectedOrder: 'buy_range_2' } },
      ],
    ];
    const trade = await placed(su, '/livetrading/create-advanced-trade/', advanced(su, { conditions }));
    const places = (await intentsOf(trade.id)).map((i) => i.intent).filter((i) => i.type === 'place');
    expect(places.map((i) => (i.type === 'place' ? i.rangeId : ''))).toEqual(['R1']);
    expect((await detail(su, trade.id)).conditions).toEqual([
      [
        expect.objectContaining({ uuid: 'c1', conditionType: 'Order Filled' }),
        expect.objectContaining({ uuid: 'a1', conditionType: 'ACTION' }),
      ],
    ]);
  });

  it.each([
    ['no range', { extra_ranges: [] }, 'extra_ranges', TRADE_MSG.addExtraRange],
    ['a stop above a range', { stop_loss: 10_000 }, 'stop_loss', TRADE_MSG.stopLossBelowRanges],
  ])('%s: 400 in the spec words, nothing stored', async (_, patch, field, message) => {
    const su = await signedIn({ isSuper: true, plans: [] });
    const res = await t.post('/livetrading/create-advanced-trade/', advanced(su, patch), { token: su.token });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()[field]).toContain(message);
    expect(await stored(su.id)).toEqual([]);
  });

  it('writing options (sell to open) is refused on the range, nothing stored', async () => {
    const su = await signedIn({ isSuper: true, plans: [] });
    const [expiration] = await t.market.optionExpirations(TICKER);
    const range = {
      buy_range: 1,
      buy_range_quantity: 1,
      target_range: 2,
      target_range_quantity: 1,
      buy_instruction: 'sell_to_open',
      sell_instruction: 'buy_to_close',
      expiration,
      strike: Math.round(price),
      call_or_put: 'call',
    };
    const res = await t.post(
      '/livetrading/create-advanced-trade/',
      advanced(su, { is_options: true, stop_loss: 0.5, extra_ranges: [range] }),
      { token: su.token },
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().extra_ranges).toEqual([TRADE_MSG.shortOptionsUnsupported(1)]);
    expect(await stored(su.id)).toEqual([]);
  });

  it('an options range trades its own contract', async () => {
    const su = await signedIn({ isSuper: true, plans: [] });
    const expirations = await t.market.optionExpirations(TICKER);
    const expiration = expirations[1] ?? expirations[0]!;
    const call = (await t.market.optionChain(TICKER, expiration)).find((o) => o.option_type === 'call')!;
    const range = {
      buy_range: 1,
      buy_range_quantity: 1,
      target_range: 2,
      target_range_quantity: 1,
      buy_instruction: 'buy_to_open',
      sell_instruction: 'sell_to_close',
      expiration,
      strike: call.strike,
      call_or_put: 'call',
    };
    const trade = await placed(
      su,
      '/livetrading/create-advanced-trade/',
      advanced(su, { is_options: true, stop_loss: 0.5, extra_ranges: [range] }),
    );
    expect(trade.stock_type).toBe('OPTIONS');
    expect(trade.extra_ranges[0]).toMatchObject({ expiration, strike: call.strike, call_or_put: 'call' });
    const [place] = (await intentsOf(trade.id)).map((i) => i.intent);
    expect(place).toMatchObject({ type: 'place', instrument: { key: call.symbol, kind: 'option' } });
  });
});

describe('POST /api/livetrading/order-edit/', () => {
  it('a new buy price moves the working order (a modify, not a new order)', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const trade = await placed(me, '/livetrading/create-trade/', basic(me));
    const lower = cents(price * 0.88);
    const res = await t.post(
      '/livetrading/order-edit/',
      { order_id: String(trade.id), buy_range_low: lower, trade_notes: 'lower entry' },
      { token: me.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(TRADE_MSG.tradeEdited);
    expect(res.json().data).toMatchObject({ buy_range_1: lower, trade_notes: 'lower entry' });
    const modifies = (await intentsOf(trade.id)).filter((i) => i.kind === 'modify');
    expect(modifies.map((i) => i.intent)).toEqual([
      { type: 'modify', clientOrderId: `T${trade.id}-R1-L0-BUY-1`, limitPrice: String(lower) },
    ]);
  });

  it('a demo trader edits their own demo trade', async () => {
    const demo = await signedIn({ plans: ['stocks-monthly'] });
    const trade = await placed(demo, '/demo-trading/create-demo-trade/', basic(demo, { account_id: undefined }));
    const stop = cents(price * 0.75);
    const res = await t.post(
      '/livetrading/order-edit/',
      { order_id: String(trade.id), stop_loss: stop },
      { token: demo.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.stop_loss).toBe(stop);
  });

  it('prices out of order on the trade as changed: 400 on both fields, nothing changed', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const trade = await placed(me, '/livetrading/create-trade/', basic(me));
    const res = await t.post(
      '/livetrading/order-edit/',
      { order_id: String(trade.id), buy_range_low: cents(price * 0.97) },
      { token: me.token },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      buy_range_low: [TRADE_MSG.buyLowBelowHigh],
      buy_range_high: [TRADE_MSG.buyHighAboveLow],
    });
    expect((await detail(me, trade.id)).buy_range_1).toBe(trade.buy_range_1);
    expect((await intentsOf(trade.id)).filter((i) => i.kind === 'modify')).toEqual([]);
  });

  it('a target moved below its own buy (range 2 buys at buy range high) is refused on it, nothing changed', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const trade = await placed(me, '/livetrading/create-trade/', basic(me));
    // The trade buys range 2 at 0.95 of the price; a target range low of 0.94 is below that buy.
    const res = await t.post(
      '/livetrading/order-edit/',
      { order_id: String(trade.id), target_range_low: cents(price * 0.94) },
      { token: me.token },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ target_range_low: [TRADE_MSG.adjustBuyTarget(2)] });
    expect((await detail(me, trade.id)).target_range_low).toBe(trade.target_range_low);
  });

  it("someone else's trade is not found", async () => {
    const owner = await signedIn({ isLiveTrader: true });
    const other = await signedIn({ isLiveTrader: true });
    const trade = await placed(owner, '/livetrading/create-trade/', basic(owner));
    const res = await t.post(
      '/livetrading/order-edit/',
      { order_id: String(trade.id), stop_loss: 1 },
      { token: other.token },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(TRADE_MSG.tradeNotFound);
  });

  it('a cancelled trade cannot be edited: 409', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const trade = await placed(me, '/livetrading/create-trade/', basic(me));
    await t.db.update(trades).set({ status: 'CANCELLED' }).where(eq(trades.id, trade.id));
    const res = await t.post(
      '/livetrading/order-edit/',
      { order_id: String(trade.id), stop_loss: 1 },
      { token: me.token },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(TRADE_MSG.notEditable);
  });

  it('a filled buy keeps its price: 409 in the engine words', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const trade = await placed(me, '/livetrading/create-trade/', basic(me));
    const fill = { type: 'order', clientOrderId: `T${trade.id}-R1-L0-BUY-1`, status: 'filled' } as const;
    await t.modules.trading.runner.apply(trade.id, {
      ...fill,
      filledQty: '2',
      avgFillPrice: String(trade.buy_range_1),
      at: t.clock.now().getTime(),
    });
    const res = await t.post(
      '/livetrading/order-edit/',
      { order_id: String(trade.id), buy_range_low: cents(price * 0.85) },
      { token: me.token },
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().detail).toBe("buy_range_1's buy is filled: its buy price is locked");
  });
});

describe('POST /api/livetrading/trades/range/edit/', () => {
  it("changes one range's buy and target", async () => {
    const su = await signedIn({ isSuper: true, plans: [] });
    const trade = await placed(su, '/livetrading/create-advanced-trade/', advanced(su));
    const range = { range_id: 2, buy_range: cents(price * 0.8), target_range: cents(price * 1.3) };
    const res = await t.post('/livetrading/trades/range/edit/', { trade_id: trade.id, range }, { token: su.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.extra_ranges[1]).toMatchObject({
      buy_range: range.buy_range,
      target_range: range.target_range,
    });
  });

  it.each([
    [
      'a range the trade does not have',
      { range_id: 9, buy_range: 1, target_range: 2 },
      'range',
      TRADE_MSG.unknownRange(9),
    ],
    ['no buy price', { range_id: 1, target_range: 2 }, 'range', TRADE_MSG.pleaseInput('Buy Range')],
  ])('%s: 400 naming the field', async (_, range, field, message) => {
    const me = await signedIn({ isLiveTrader: true });
    const trade = await placed(me, '/livetrading/create-trade/', basic(me));
    const res = await t.post('/livetrading/trades/range/edit/', { trade_id: trade.id, range }, { token: me.token });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()[field], res.body).toEqual([message]);
  });
});

describe('POST /api/livetrading/trades/conditions/edit/', () => {
  const gate = (order: string) => [
    [
      {
        uuid: 'p1',
        conditionType: 'Price',
        rules: { technicalParameter: 'VALUE', value: 1, outComeSelected: 'greater_than' },
      },
      { uuid: 'a1', conditionType: 'ACTION', rules: { type: 'cancel', selectedOrder: order } },
    ],
  ];

  it("replaces an advanced trade's rows", async () => {
    const su = await signedIn({ isSuper: true, plans: [] });
    const trade = await placed(su, '/livetrading/create-advanced-trade/', advanced(su));
    const res = await t.post(
      '/livetrading/trades/conditions/edit/',
      { trade_id: trade.id, conditions: gate('buy_range_2') },
      { token: su.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as SmartTradeDto).conditions).toEqual([
      [expect.objectContaining({ uuid: 'p1' }), expect.objectContaining({ uuid: 'a1' })],
    ]);
  });

  it('a row naming a range the trade does not have: 400 on its order', async () => {
    const su = await signedIn({ isSuper: true, plans: [] });
    const trade = await placed(su, '/livetrading/create-advanced-trade/', advanced(su));
    const res = await t.post(
      '/livetrading/trades/conditions/edit/',
      { trade_id: trade.id, conditions: gate('buy_range_5') },
      { token: su.token },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().conditions).toEqual([TRADE_MSG.unknownRange(5)]);
  });

  it('a basic trade has no condition rows: 400', async () => {
    const su = await signedIn({ isSuper: true, plans: [] });
    const trade = await placed(su, '/livetrading/create-trade/', basic(su));
    const res = await t.post(
      '/livetrading/trades/conditions/edit/',
      { trade_id: trade.id, conditions: gate('buy_range_1') },
      { token: su.token },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().trade_id).toEqual([TRADE_MSG.conditionsOnlyAdvanced]);
  });
});

describe('GET /api/{livetrading,demo-trading}/trade-alert', () => {
  it('an alert trade finds its alert; a custom trade answers found: false', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const alert = await makeAlert(t.db, { ticker: TICKER, alertPrice: price });
    const fromAlert = await placed(
      me,
      '/livetrading/create-trade/',
      basic(me, { trade_type: 'ALERT', alert_id: alert.id }),
    );
    const custom = await placed(me, '/livetrading/create-trade/', basic(me));
    const found = await t.get(`/livetrading/trade-alert?id=${fromAlert.id}&type=ALERT`, { token: me.token });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ found: true, data: { id: alert.id, ticker: TICKER } });
    const none = await t.get(`/livetrading/trade-alert?id=${custom.id}&type=CUSTOM`, { token: me.token });
    expect(none.json()).toEqual({ found: false });
  });

  it('a live trade is not found on the demo path, nor a trade of someone else', async () => {
    const me = await signedIn({ isLiveTrader: true });
    const other = await signedIn({ isLiveTrader: true });
    const trade = await placed(me, '/livetrading/create-trade/', basic(me));
    expect((await t.get(`/demo-trading/trade-alert?id=${trade.id}`, { token: me.token })).statusCode).toBe(404);
    expect((await t.get(`/livetrading/trade-alert?id=${trade.id}`, { token: other.token })).statusCode).toBe(404);
  });
});

describe('the runner delivers indicator values to condition rows', () => {
  it('a trade whose row compares the price with SMA 5 of daily bars gets its value on the next watch', async () => {
    const su = await signedIn({ isSuper: true, plans: [] });
    const conditions = [
      [
        {
          uuid: 'sma',
          conditionType: 'Price',
          rules: { technicalParameter: 'SMA', timePeriod: 5, interval: '1day', outComeSelected: 'less_than' },
        },
        { uuid: 'act', conditionType: 'ACTION', rules: { type: 'execute', selectedOrder: 'buy_range_2' } },
      ],
    ];
    const trade = await placed(su, '/livetrading/create-advanced-trade/', advanced(su, { conditions }));
    const sma = () => t.modules.market.technical({ ticker: TICKER, parameter: 'SMA', timePeriod: 5, interval: '1day' });
    // Today's bar moves with the price: the value the runner saw is the market's just before or after.
    const before = (await sma()).value;
    await t.modules.trading.runner.watch();
    const after = (await sma()).value;
    const [row] = await t.db.select().from(trades).where(eq(trades.id, trade.id));
    expect([before, after]).toContain(Number(row!.state.indicators[indicatorKey('SMA', 5, '1day')]));
  });
});
