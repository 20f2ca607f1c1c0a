/**
 * The paper broker against the real database (docs/paper-broker.md). Prices come from a tape the
 * test writes (bid, ask and cumulative volume per symbol) laid over the simulated market, so every
 * fill is known to the cent; symbols not on the tape are the simulated market's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import type { OptionQuote, Quote } from '@drat/contracts';
import { paperFills, paperOrders } from '../../../db/schema/index';
import { makeUser } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { createSimMarket } from '../../market/sim/index';
import { paperRepo } from './paper.repo';
import type { MarketDataProvider } from '../../market/interface';
import type { PlaceOrder } from '../interface';
import { createPaperBroker, PAPER_REASONS, PLACED_AGAIN, type PaperBroker } from './paper';

const sim = createSimMarket({
  seed: 'paper-test',
  speed: 1,
  alwaysOpen: true,
  wallClock: () => Date.UTC(2026, 2, 13, 17),
});
const tape = new Map<string, { bid: number; ask: number; volume: number }>();
/** Sets a symbol's bid, ask and cumulative volume on the tape. */
const quote = (symbol: string, bid: number, ask: number, volume: number) => tape.set(symbol, { bid, ask, volume });

const market: MarketDataProvider = {
  ...sim,
  async quotes(symbols) {
    const fromSim = await sim.quotes(symbols.filter((s) => !tape.has(s)));
    return symbols.flatMap((s): Quote[] => {
      const q = tape.get(s);
      if (!q) return fromSim.filter((x) => x.symbol === s);
      const p = {
        last: q.bid,
        open: q.bid,
        high: q.ask,
        low: q.bid,
        prevclose: q.bid,
        change: 0,
        change_percentage: 0,
      };
      return [{ symbol: s, name: s, ...p, bid: q.bid, ask: q.ask, volume: q.volume, at: new Date().toISOString() }];
    });
  },
  async optionQuote(occ) {
    const q = tape.get(occ);
    if (!q) return sim.optionQuote(occ);
    const greeks = { delta: 0, gamma: 0, theta: 0, vega: 0, rho: 0, mid_iv: 0 };
    const option: OptionQuote = {
      ...{ symbol: occ, underlying: 'ACME', expiration: '2026-04-17', strike: 50, option_type: 'call' },
      ...{ bid: q.bid, ask: q.ask, last: q.bid, volume: q.volume, open_interest: 0, greeks },
    };
    return option;
  },
};

let t: TestApp;
let broker: PaperBroker;
/** What the broker warned of, as its log lines. */
const warned: { msg: string; account?: string; tag?: string }[] = [];
const log = pino({ level: 'warn' }, { write: (line: string) => void warned.push(JSON.parse(line)) });
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ market });
  broker = createPaperBroker({ db: t.db, market, now: t.clock.now, log });
});
afterAll(async () => {
  await t?.close();
});

/** A fresh demo account (100,000.00) of a new user. */
const account = async () => broker.ensureAccount((await makeUser(t.db)).id, 'DEMO');
/** A limit buy on `account`, with a fresh tag unless given. */
const order = (acct: string, patch: Partial<PlaceOrder> = {}): PlaceOrder => ({
  account: acct,
  tag: `T${++seq}-R1-L0-BUY-1`,
  symbol: 'ACME',
  kind: 'equity',
  multiplier: 1,
  side: 'buy',
  type: 'limit',
  duration: 'gtc',
  qty: '100',
  limitPrice: '10.00',
  ...patch,
});
const sell = (acct: string, patch: Partial<PlaceOrder> = {}) =>
  order(acct, { side: 'sell', tag: `T${++seq}-R1-L0-SELL-1`, ...patch });
const market_ = (acct: string, patch: Partial<PlaceOrder> = {}) =>
  order(acct, { type: 'market', limitPrice: null, ...patch });
/** Matches and answers the order with this id. */
const look = async (acct: string, id: string) => (await broker.orders(acct, null)).find((o) => o.id === id)!;
const orderRow = async (orderId: string) =>
  (
    await t.db
      .select()
      .from(paperOrders)
      .where(eq(paperOrders.id, Number(orderId)))
  )[0]!;
const fillsOf = (orderId: string) =>
  t.db
    .select()
    .from(paperFills)
    .where(eq(paperFills.orderId, Number(orderId)));

describe('accounts', () => {
  it('a demo account starts at 100,000.00, once per user and kind', async () => {
    const user = await makeUser(t.db);
    const id = await broker.ensureAccount(user.id, 'DEMO');
    expect(id).toBe(`DEMO-${user.id}`);
    expect(await broker.ensureAccount(user.id, 'DEMO')).toBe(id);
    expect(await broker.accountOf(user.id, 'DEMO')).toBe(id);
    expect(await broker.accountOf(user.id, 'SIM')).toBeNull();
    expect(await broker.balances(id)).toEqual({
      account: id,
      accountValue: '100000',
      buyingPower: '100000',
      equitiesValue: '0',
      cash: '100000',
      accountType: 'CASH',
      availableFunds: null,
    });
  });

  it('an unknown account or order is NOT_FOUND', async () => {
    await expect(broker.placeOrder(order('DEMO-0'))).rejects.toMatchObject({ provider: 'paper', code: 'NOT_FOUND' });
    await expect(broker.balances('DEMO-0')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const acct = await account();
    await expect(broker.cancelOrder(acct, '999999')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(broker.modifyOrder(acct, 'x', { limitPrice: '1' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('placing', () => {
  it('the same tag twice makes one order, even sent at once, and each place again is logged', async () => {
    const acct = await account();
    quote('ACME', 9.9, 10.1, 1000);
    const o = order(acct);
    warned.length = 0;
    const first = await broker.placeOrder(o);
    expect(warned).toEqual([]);
    const [again, third] = await Promise.all([broker.placeOrder(o), broker.placeOrder({ ...o, qty: '5' })]);
    expect(again).toEqual(first);
    expect(third).toEqual(first);
    const racing = order(acct);
    const answers = await Promise.all([1, 2, 3, 4].map(() => broker.placeOrder(racing)));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    // Two places again of the first tag, three of the racing one: each said once.
    expect(warned.map((w) => w.msg)).toEqual(Array(5).fill(PLACED_AGAIN));
    expect(warned[0]).toMatchObject({ account: acct, tag: o.tag });
    expect(await t.db.select().from(paperOrders).where(eq(paperOrders.accountId, acct))).toHaveLength(2);
    expect(await broker.findOrder(acct, racing.tag)).toEqual(answers[0]);
    expect(await broker.findOrder(acct, 'T0-NONE')).toBeNull();
  });

  it('a buy costing more than the buying power is rejected, and nothing else is stored', async () => {
    const acct = await account();
    quote('ACME', 99.9, 100.1, 1000);
    const big = await broker.placeOrder(order(acct, { qty: '1000', limitPrice: '100.01' }));
    expect(big).toMatchObject({ status: 'rejected', reason: PAPER_REASONS.buyingPower, filledQty: '0' });
    quote('ACME', 99.9, 100.1, 50_000);
    await broker.orders(acct, null);
    expect(await fillsOf(big.id)).toEqual([]);
    expect(await broker.positions(acct)).toEqual([]);
    expect((await broker.balances(acct)).cash).toBe('100000');
    // Exactly the buying power is enough; then nothing is left for one more share.
    const all = await broker.placeOrder(order(acct, { qty: '1000', limitPrice: '100' }));
    expect(all.status).toBe('open');
    expect((await broker.balances(acct)).buyingPower).toBe('0');
    const one = await broker.placeOrder(order(acct, { qty: '1', limitPrice: '0.01' }));
    expect(one).toMatchObject({ status: 'rejected', reason: 'Insufficient buying power' });
  });

  it('a market buy while the quote has no ask is rejected: it cannot be priced against the buying power', async () => {
    const acct = await account();
    quote('NOASK', 0, 0, 1000);
    const o = await broker.placeOrder(market_(acct, { symbol: 'NOASK', qty: '100000' }));
    expect(o).toMatchObject({ status: 'rejected', reason: PAPER_REASONS.noAsk, filledQty: '0' });
    // An ask comes: the rejected order never fills, and no cash went.
    quote('NOASK', 50, 50.1, 5000);
    await broker.orders(acct, null);
    expect(await fillsOf(o.id)).toEqual([]);
    expect((await broker.balances(acct)).cash).toBe('100000');
    // A limit buy is priced at its limit, so it may rest while there is no ask.
    quote('NOASK', 0, 0, 5000);
    const limit = await broker.placeOrder(order(acct, { symbol: 'NOASK', qty: '10', limitPrice: '49' }));
    expect(limit.status).toBe('open');
    // A strangle one of whose legs nobody offers has no ask either: its other leg's ask is not its price.
    const call = 'NOASK260417C00050000';
    const put = 'NOASK260417P00045000';
    quote(call, 1.1, 1.2, 900);
    quote(put, 0, 0, 400);
    const legs = [
      { symbol: call, ratio: 1 },
      { symbol: put, ratio: 1 },
    ];
    const strangle = await broker.placeOrder(
      market_(acct, { symbol: `${call}+${put}`, kind: 'multileg', legs, multiplier: 100, qty: '2' }),
    );
    expect(strangle).toMatchObject({ status: 'rejected', reason: PAPER_REASONS.noAsk });
    expect((await broker.balances(acct)).cash).toBe('100000');
  });

  it('an unknown symbol is rejected, and a wrong request is refused', async () => {
    const acct = await account();
    const o = await broker.placeOrder(order(acct, { symbol: 'NOPE9' }));
    expect(o).toMatchObject({ status: 'rejected', reason: PAPER_REASONS.symbol });
    await expect(broker.placeOrder(order(acct, { qty: '0' }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(broker.placeOrder(order(acct, { limitPrice: null }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(broker.placeOrder(order(acct, { qty: '1.00001' }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('fills', () => {
  it('a limit buy fills at the ask once the ask is at or under the limit, on volume traded while it was', async () => {
    const acct = await account();
    quote('LIMB', 10.0, 10.05, 1000);
    const o = await broker.placeOrder(order(acct, { symbol: 'LIMB' }));
    quote('LIMB', 10.0, 10.02, 5000);
    expect(await look(acct, o.id)).toMatchObject({ status: 'open', filledQty: '0' });
    // The ask comes under the limit: this look starts counting (the 2,000 traded while it was over do not count).
    quote('LIMB', 9.95, 9.98, 7000);
    expect(await look(acct, o.id)).toMatchObject({ status: 'open', filledQty: '0' });
    quote('LIMB', 9.95, 9.98, 9000); // 2,000 traded at a good price: up to 200 may fill
    expect(await look(acct, o.id)).toMatchObject({ status: 'filled', filledQty: '100', avgFillPrice: '9.98' });
    expect(await broker.positions(acct)).toEqual([
      { symbol: 'LIMB', qty: '100', cost: '998', openedAt: t.clock.now().toISOString() },
    ]);
    expect((await broker.balances(acct)).cash).toBe('99002');
  });

  it('a look over every account names only the accounts whose orders fill now, and moves no baseline of a resting order', async () => {
    const resting = await account();
    const filling = await account();
    // Placed while the ask is over both limits: both rest.
    quote('SWEP', 9.98, 10.02, 1000);
    const away = await broker.placeOrder(order(resting, { symbol: 'SWEP', limitPrice: '9.00' }));
    const near = await broker.placeOrder(order(filling, { symbol: 'SWEP', limitPrice: '10.00' }));
    quote('SWEP', 9.85, 9.9, 3000);
    const due = await broker.accountsToPoll!();
    expect(due.has(filling)).toBe(true);
    expect(due.has(resting)).toBe(false);
    // The order away from the market forgot its baseline once; the filling one waits for its account's look.
    expect((await orderRow(away.id)).lastVolume).toBeNull();
    expect((await orderRow(near.id)).lastVolume).toBe(1000);
    expect(await look(filling, near.id)).toMatchObject({ status: 'filled', filledQty: '100' });
  });

  it('a look over every account finds the resting limits a price comes to, on either side, and reads no other', async () => {
    const acct = await account();
    quote('NEAR', 20.0, 20.05, 1000);
    expect(await look(acct, (await broker.placeOrder(market_(acct, { symbol: 'NEAR' }))).id)).toMatchObject({
      status: 'filled',
    });
    // A buy under the ask and a sell over the bid: both rest, and the first look drops their baselines.
    const buy = await broker.placeOrder(order(acct, { symbol: 'NEAR', limitPrice: '19.00' }));
    const sale = await broker.placeOrder(sell(acct, { symbol: 'NEAR', limitPrice: '21.00' }));
    await broker.accountsToPoll!();
    expect([(await orderRow(buy.id)).lastVolume, (await orderRow(sale.id)).lastVolume]).toEqual([null, null]);
    // The ask comes to the buy's limit: a look reads that order alone (it sets its baseline), not the sell.
    const near = async (bid: string, ask: string) =>
      (await paperRepo(t.db).openOrdersNear([{ symbol: 'NEAR', bid, ask }])).map((o) => String(o.id)).sort();
    expect(await near('18.95', '19')).toEqual([buy.id]);
    quote('NEAR', 18.95, 19.0, 2000);
    expect((await broker.accountsToPoll!()).has(acct)).toBe(false);
    expect([(await orderRow(buy.id)).lastVolume, (await orderRow(sale.id)).lastVolume]).toEqual([2000, null]);
    // The bid comes to the sell's limit: the sell is read; the buy, read for its baseline, drops it (its price went).
    quote('NEAR', 21.0, 21.05, 3000);
    expect((await broker.accountsToPoll!()).has(acct)).toBe(false);
    expect([(await orderRow(buy.id)).lastVolume, (await orderRow(sale.id)).lastVolume]).toEqual([null, 3000]);
    expect(await near('21', '21.05')).toEqual([sale.id]);
    // Volume traded at the sell's price: its account is due.
    quote('NEAR', 21.1, 21.15, 4000);
    expect((await broker.accountsToPoll!()).has(acct)).toBe(true);
  });

  it('partial fills follow the volume: a tenth of what traded since the previous look', async () => {
    const acct = await account();
    // Placed while the ask is over the limit, so it rests (docs/paper-broker.md's worked example).
    quote('PART', 9.98, 10.02, 1000);
    const o = await broker.placeOrder(order(acct, { symbol: 'PART', qty: '500' }));
    expect(o).toMatchObject({ status: 'open', filledQty: '0' });
    quote('PART', 9.85, 9.9, 1800);
    expect(await look(acct, o.id)).toMatchObject({ status: 'partially_filled', filledQty: '80', avgFillPrice: '9.9' });
    expect(await look(acct, o.id)).toMatchObject({ filledQty: '80' });
    quote('PART', 9.9, 9.95, 5000);
    expect(await look(acct, o.id)).toMatchObject({ filledQty: '400', avgFillPrice: '9.94' });
    quote('PART', 9.85, 9.9, 20_000);
    expect(await look(acct, o.id)).toMatchObject({ status: 'filled', filledQty: '500', avgFillPrice: '9.932' });
    expect((await fillsOf(o.id)).map((f) => [f.qty, f.price, f.amount])).toEqual([
      ['80.0000', '9.90000000', '792.00'],
      ['320.0000', '9.95000000', '3184.00'],
      ['100.0000', '9.90000000', '990.00'],
    ]);
    expect((await broker.balances(acct)).cash).toBe('95034');
  });

  it('a limit sell fills at the bid once the bid is at or over the limit; a position back to 0 is closed', async () => {
    const acct = await account();
    quote('SELL', 20.05, 20.1, 1000);
    const bought = await broker.placeOrder(market_(acct, { symbol: 'SELL' }));
    expect(await look(acct, bought.id)).toMatchObject({ status: 'filled', avgFillPrice: '20.1' });
    const s = await broker.placeOrder(sell(acct, { symbol: 'SELL', limitPrice: '21' }));
    expect(s.status).toBe('open');
    // Shares already promised to a working sell cannot be sold again, and there is no short selling.
    expect(await broker.placeOrder(sell(acct, { symbol: 'SELL', qty: '1' }))).toMatchObject({
      status: 'rejected',
      reason: PAPER_REASONS.shares,
    });
    quote('SELL', 20.95, 21.0, 5000);
    expect(await look(acct, s.id)).toMatchObject({ status: 'open' }); // the bid is under 21
    quote('SELL', 21.3, 21.35, 9000);
    expect(await look(acct, s.id)).toMatchObject({ status: 'open' }); // good now: counting starts
    quote('SELL', 21.3, 21.35, 13_000);
    expect(await look(acct, s.id)).toMatchObject({ status: 'filled', avgFillPrice: '21.3' });
    expect(await broker.positions(acct)).toEqual([]);
    expect(await broker.closedPositions(acct)).toEqual([
      expect.objectContaining({
        symbol: 'SELL',
        qty: '100',
        cost: '2010',
        proceeds: '2130',
        gainLoss: '120',
        gainLossPercent: '5.97',
      }),
    ]);
    expect(await broker.balances(acct)).toMatchObject({ cash: '100120', accountValue: '100120', equitiesValue: '0' });
  });

  it('option contracts and a strangle count 100 shares a contract, priced from their legs', async () => {
    const acct = await account();
    const call = 'ACME260417C00050000';
    const put = 'ACME260417P00045000';
    quote(call, 1.1, 1.2, 900);
    quote(put, 0.85, 0.95, 400);
    const legs = [
      { symbol: call, ratio: 1 },
      { symbol: put, ratio: 1 },
    ];
    const o = await broker.placeOrder(
      order(acct, { symbol: `${call}+${put}`, kind: 'multileg', legs, multiplier: 100, qty: '2', limitPrice: '2.2' }),
    );
    quote(put, 0.85, 0.95, 420); // the thinner leg traded 20: 2 may fill
    expect(await look(acct, o.id)).toMatchObject({ status: 'filled', avgFillPrice: '2.15' });
    expect((await broker.balances(acct)).cash).toBe('99570');
    const one = await broker.placeOrder(market_(acct, { symbol: call, kind: 'option', multiplier: 100, qty: '3' }));
    expect(await look(acct, one.id)).toMatchObject({ status: 'filled', avgFillPrice: '1.2' });
    // 2 strangles at 1.95 bid (390.00) + 3 calls at 1.10 bid (330.00).
    expect(await broker.balances(acct)).toMatchObject({ cash: '99210', equitiesValue: '720', accountValue: '99930' });
  });

  it('a market order fills as it is placed, at the ask, and the answer to the placing says so (no poll waits for it)', async () => {
    const acct = await account();
    quote('MKTB', 20.0, 20.04, 1000);
    const o = await broker.placeOrder(market_(acct, { symbol: 'MKTB', qty: '10' }));
    expect(o).toMatchObject({ status: 'filled', filledQty: '10', avgFillPrice: '20.04' });
    expect(await fillsOf(o.id)).toHaveLength(1);
    expect((await broker.balances(acct)).cash).toBe('99799.6');
    // Looked at again: the same one fill, not a second.
    expect(await look(acct, o.id)).toMatchObject({ status: 'filled', filledQty: '10' });
    expect(await fillsOf(o.id)).toHaveLength(1);
    // A market sell fills at the bid the same way; the position is closed.
    const out = await broker.placeOrder(sell(acct, { symbol: 'MKTB', type: 'market', limitPrice: null, qty: '10' }));
    expect(out).toMatchObject({ status: 'filled', avgFillPrice: '20' });
    expect(await broker.positions(acct)).toEqual([]);
  });

  it('a limit order the quote already meets fills as it is placed, entirely, at the ask (not at its limit)', async () => {
    const acct = await account();
    quote('MKTL', 9.96, 9.98, 1000);
    const o = await broker.placeOrder(order(acct, { symbol: 'MKTL', limitPrice: '10.00', qty: '50' }));
    expect(o).toMatchObject({ status: 'filled', filledQty: '50', avgFillPrice: '9.98' });
    expect((await broker.balances(acct)).cash).toBe('99501');
  });

  it('fills from the simulated market as it is, with nothing on the tape', async () => {
    const acct = await account();
    const [aapl] = await market.quotes(['AAPL']);
    const o = await broker.placeOrder(market_(acct, { symbol: 'AAPL', qty: '3' }));
    expect(await look(acct, o.id)).toMatchObject({ status: 'filled', avgFillPrice: String(aapl!.ask) });
  });
});

describe('changing orders', () => {
  it('a cancel keeps what filled and frees the buying power of the rest', async () => {
    const acct = await account();
    quote('CANC', 49.95, 50.05, 1000); // over the limit: it rests
    const o = await broker.placeOrder(order(acct, { symbol: 'CANC', qty: '1000', limitPrice: '50' }));
    quote('CANC', 49.85, 49.9, 2000);
    expect(await look(acct, o.id)).toMatchObject({ status: 'partially_filled', filledQty: '100' });
    // 100,000 − 4,990 paid − 900 × 50 still promised.
    expect((await broker.balances(acct)).buyingPower).toBe('50010');
    const canceled = await broker.cancelOrder(acct, o.id);
    expect(canceled).toMatchObject({ status: 'canceled', filledQty: '100', avgFillPrice: '49.9' });
    expect(await broker.cancelOrder(acct, o.id)).toEqual(canceled);
    expect((await broker.balances(acct)).buyingPower).toBe('95010');
    expect(await fillsOf(o.id)).toHaveLength(1);
    t.clock.advance(1000);
    quote('CANC', 49.85, 49.9, 90_000);
    // No longer working and not changed since: left out, and nothing more fills.
    expect(await broker.orders(acct, t.clock.now().toISOString())).toEqual([]);
    expect(await look(acct, o.id)).toMatchObject({ status: 'canceled', filledQty: '100' });
  });

  it('a cancel of an order that filled first answers it filled', async () => {
    const acct = await account();
    quote('FRST', 9.9, 10, 1000);
    const o = await broker.placeOrder(market_(acct, { symbol: 'FRST' }));
    await broker.orders(acct, null);
    expect(await broker.cancelOrder(acct, o.id)).toMatchObject({ status: 'filled', filledQty: '100' });
  });

  it('a modify moves the limit of a working order; an ended one is not open', async () => {
    const acct = await account();
    quote('MODI', 10.35, 10.4, 1000);
    const o = await broker.placeOrder(order(acct, { symbol: 'MODI' }));
    t.clock.advance(1000);
    const moved = await broker.modifyOrder(acct, o.id, { limitPrice: '10.50' });
    expect(moved).toMatchObject({ id: o.id, limitPrice: '10.5', status: 'open' });
    expect(moved.updatedAt > o.updatedAt).toBe(true);
    await expect(broker.modifyOrder(acct, o.id, { limitPrice: '1001' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: PAPER_REASONS.buyingPower,
    });
    quote('MODI', 10.35, 10.4, 5000);
    expect(await look(acct, o.id)).toMatchObject({ status: 'filled', avgFillPrice: '10.4' });
    await expect(broker.modifyOrder(acct, o.id, { limitPrice: '10' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Order is not open',
    });
  });

  it('orders(since) answers the working orders and those changed since', async () => {
    const acct = await account();
    quote('SNCE', 9.9, 10, 1000);
    const done = await broker.placeOrder(market_(acct, { symbol: 'SNCE' }));
    await broker.orders(acct, null);
    t.clock.advance(60_000);
    const since = t.clock.now().toISOString();
    const working = await broker.placeOrder(order(acct, { symbol: 'SNCE', limitPrice: '5' }));
    expect((await broker.orders(acct, since)).map((o) => o.id)).toEqual([working.id]);
    expect((await broker.orders(acct, null)).map((o) => o.id)).toEqual([done.id, working.id]);
  });
});

describe('reset and concurrency', () => {
  it('a reset brings the account back to 100,000 with no positions and no working orders', async () => {
    const acct = await account();
    quote('RSTA', 10, 10.1, 1000);
    quote('RSTB', 5, 5.05, 1000);
    const a = await broker.placeOrder(market_(acct, { symbol: 'RSTA' }));
    await broker.orders(acct, null);
    await broker.placeOrder(sell(acct, { symbol: 'RSTA', type: 'market', limitPrice: null }));
    await broker.placeOrder(market_(acct, { symbol: 'RSTB', qty: '10' }));
    await broker.orders(acct, null); // RSTA closed, RSTB held
    const working = await broker.placeOrder(order(acct, { symbol: 'RSTA', limitPrice: '9' }));
    expect(await broker.reset(acct)).toEqual({
      account: acct,
      accountValue: '100000',
      buyingPower: '100000',
      equitiesValue: '0',
      cash: '100000',
      accountType: 'CASH',
      availableFunds: null,
    });
    expect(await broker.positions(acct)).toEqual([]);
    expect(await look(acct, working.id)).toMatchObject({ status: 'canceled', reason: 'Account reset' });
    expect((await broker.findOrder(acct, a.tag!))?.status).toBe('filled');
    // The closed position stays in the history; the removed RSTB starts afresh when bought again.
    expect((await broker.closedPositions(acct)).map((c) => [c.symbol, c.gainLoss])).toEqual([['RSTA', '-10']]);
    await broker.placeOrder(market_(acct, { symbol: 'RSTB', qty: '2' }));
    await broker.orders(acct, null);
    expect(await broker.positions(acct)).toMatchObject([{ symbol: 'RSTB', qty: '2', cost: '10.1' }]);
  });

  it('two orders() calls at once never fill the same volume twice', async () => {
    const acct = await account();
    quote('RACE', 9.9, 10.05, 1000); // over the limit: it rests
    const limit = await broker.placeOrder(order(acct, { symbol: 'RACE', qty: '1000' }));
    quote('RACE', 9.9, 10, 2000);
    const mkt = await broker.placeOrder(market_(acct, { symbol: 'RACE', qty: '10' })); // filled as placed
    await Promise.all([1, 2, 3, 4, 5].map(() => broker.orders(acct, null)));
    expect(await fillsOf(limit.id)).toHaveLength(1);
    expect(await fillsOf(mkt.id)).toHaveLength(1);
    expect(await look(acct, limit.id)).toMatchObject({ filledQty: '100' });
    expect(await broker.balances(acct)).toMatchObject({ cash: '98900', buyingPower: '89900' });
  });

  it('balances are exact to the cent: cash, positions at the bid, working buys at their limit', async () => {
    const acct = await account();
    quote('CENT', 1.2, 1.234567, 1000);
    const o = await broker.placeOrder(market_(acct, { symbol: 'CENT', qty: '7' }));
    expect(await look(acct, o.id)).toMatchObject({ status: 'filled', avgFillPrice: '1.234567' });
    await broker.placeOrder(order(acct, { symbol: 'CENT', qty: '10', limitPrice: '0.555' }));
    // 7 × 1.234567 = 8.641969 → 8.64 paid; 7 × 1.20 = 8.40 held; 10 × 0.555 = 5.55 promised.
    expect(await broker.balances(acct)).toEqual({
      account: acct,
      cash: '99991.36',
      equitiesValue: '8.4',
      accountValue: '99999.76',
      buyingPower: '99985.81',
      accountType: 'CASH',
      availableFunds: null,
    });
  });
});
