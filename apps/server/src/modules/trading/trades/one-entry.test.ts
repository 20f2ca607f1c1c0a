import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { MSG, TRADE_EVENT, TRADE_MSG, type TradeEventPayload } from '@drat/contracts';
import type { Acting } from '../../../core/actor';
import { DomainError } from '../../../core/errors';
import { tradeIntents, tradeLogs, tradeOrders, trades, users } from '../../../db/schema/index';
import { makeSignedIn, makeUser, restingTradeBody } from '../../../../test/factories';
import { signedInSocket, wsUrl, type TestSocket } from '../../../../test/ws-client';
import { createTestApp, type TestApp } from '../../../../test/harness';
import type { TradeBodyIn } from './smart-trades';

/**
 * The one entry for a trade (smart-trades.ts): what a bot, a signal or a super user calls, with no
 * session and no request, does exactly what the drawer's request does.
 */
let t: TestApp;
let price: number;

beforeAll(async () => {
  t = await createTestApp();
  price = (await t.market.quotes(['MSFT']))[0]!.bid;
});
afterAll(async () => {
  await t?.close();
});

const body = (userId: number) =>
  restingTradeBody('MSFT', price, { account_id: `SIM-${userId}`, trade_notes: 'from the entry' }) as TradeBodyIn;
const bot: Acting['by'] = { kind: 'bot', botId: 7, name: 'Momentum' };

/** Everything placing a trade wrote, with the trade's id, owner and account made neutral. */
async function footprint(tradeId: number, userId: number) {
  const [row] = await t.db.select().from(trades).where(eq(trades.id, tradeId));
  const intents = await t.db
    .select({ kind: tradeIntents.kind, state: tradeIntents.state, intent: tradeIntents.intent })
    .from(tradeIntents)
    .where(eq(tradeIntents.tradeId, tradeId))
    .orderBy(asc(tradeIntents.id));
  const orders = await t.db
    .select({ clientOrderId: tradeOrders.clientOrderId, broker: tradeOrders.broker })
    .from(tradeOrders)
    .where(eq(tradeOrders.tradeId, tradeId))
    .orderBy(asc(tradeOrders.clientOrderId));
  const log = await t.db
    .select({ text: tradeLogs.text })
    .from(tradeLogs)
    .where(eq(tradeLogs.tradeId, tradeId))
    .orderBy(asc(tradeLogs.id));
  const { id: _id, userId: _user, createdAt: _c, updatedAt: _u, ...columns } = row!;
  const neutral = (x: unknown) =>
    JSON.parse(
      JSON.stringify(x)
        .replaceAll(`T${tradeId}-`, 'T#-')
        .replaceAll(`"id":"${tradeId}"`, '"id":"#"')
        .replaceAll(`SIM-${userId}`, 'SIM-#'),
    );
  return neutral({ columns, intents, orders, log: log.map((l) => l.text) });
}

const placedEvent = (socket: TestSocket, id: number) =>
  socket.next('event', (m) => m.event.kind === TRADE_EVENT && (m.event.payload as TradeEventPayload).id === id);

describe('the one entry for a trade', () => {
  it('a trade placed by a bot from a job (no session) leaves the same rows, intents, orders, log and events as one placed from the drawer', async () => {
    const drawer = await makeSignedIn(t, { isLiveTrader: true });
    const owner = await makeSignedIn(t, { isLiveTrader: true });
    const drawerSocket = await signedInSocket(await wsUrl(t.app), drawer.token);
    const ownerSocket = await signedInSocket(await wsUrl(t.app), owner.token);
    try {
      const res = await t.post('/livetrading/create-trade/', body(drawer.id), { token: drawer.token });
      expect(res.statusCode, res.body).toBe(200);
      const fromDrawer = res.json().data.id as number;

      // What a bot's job calls: the owner's user id and who acts, nothing of a request.
      const row = await t.modules.trading.smartTrades.place({ userId: owner.id, by: bot }, 'LIVE', body(owner.id));
      expect(row).toMatchObject({ userId: owner.id, mode: 'LIVE', accountId: `SIM-${owner.id}`, status: 'PENDING' });

      const a = await footprint(fromDrawer, drawer.id);
      const b = await footprint(row.id, owner.id);
      // The log says who placed it; everything else is the same.
      expect(a.log[0]).toBe('Trade submitted');
      expect(b.log[0]).toBe('Trade submitted by bot Momentum (#7)');
      expect({ ...b, log: b.log.slice(1) }).toEqual({ ...a, log: a.log.slice(1) });
      expect(a.intents.map((i: { kind: string }) => i.kind)).toEqual(['place', 'place']);

      // Both owners' screens hear of their new trade.
      expect((await placedEvent(drawerSocket, fromDrawer)).event.payload).toEqual({
        id: fromDrawer,
        status: 'PENDING',
      });
      expect((await placedEvent(ownerSocket, row.id)).event.payload).toEqual({ id: row.id, status: 'PENDING' });

      // And the owner sees it in their list like any other.
      const list = await t.get('/livetrading/trades', { token: owner.token });
      expect(list.json().data.map((x: { id: number }) => x.id)).toEqual([row.id]);
    } finally {
      await drawerSocket.close();
      await ownerSocket.close();
    }
  });

  it("a bot of an owner without live trading is refused in the route's words, and nothing is stored", async () => {
    const owner = await makeUser(t.db, { plans: ['stocks-monthly'], isLiveTrader: true });
    const before = await t.db.select({ id: trades.id }).from(trades).where(eq(trades.userId, owner.id));
    const refused = await t.modules.trading.smartTrades
      .place({ userId: owner.id, by: bot }, 'LIVE', body(owner.id))
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'FORBIDDEN', message: MSG.liveTraderDenied });
    expect(await t.db.select({ id: trades.id }).from(trades).where(eq(trades.userId, owner.id))).toEqual(before);
    // The same owner's demo account is theirs to use.
    const demo = await t.modules.trading.smartTrades.place({ userId: owner.id, by: bot }, 'DEMO', body(owner.id));
    expect(demo).toMatchObject({ mode: 'DEMO', status: 'PENDING' });
  });

  it('an advanced trade from a bot of a live trader is refused: advanced trades are a super user’s', async () => {
    const owner = await makeUser(t.db, { isLiveTrader: true });
    const advanced = { ...body(owner.id), trade_type: 'ADVANCED' } as TradeBodyIn;
    await expect(
      t.modules.trading.smartTrades.place({ userId: owner.id, by: bot }, 'LIVE', advanced),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: TRADE_MSG.advancedOnlySuper });
  });

  it('a deactivated owner has nothing to trade with: their bot is refused', async () => {
    const owner = await makeUser(t.db, { isLiveTrader: true });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, owner.id));
    await expect(
      t.modules.trading.smartTrades.place({ userId: owner.id, by: bot }, 'DEMO', body(owner.id)),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: MSG.accountInactive });
  });

  it("a super user's cancel of someone's trade is in the trader's log under the super user's name", async () => {
    const owner = await makeSignedIn(t, { isLiveTrader: true });
    const placed = await t.post('/livetrading/create-trade/', body(owner.id), { token: owner.token });
    const id = placed.json().data.id as number;
    const admin: Acting['by'] = { kind: 'super_user', userId: 1, email: 'ada@example.com' };
    await t.modules.trading.smartTrades.cancel({ userId: owner.id, by: admin }, id, 'LIVE');
    const log = await t.get(`/logs/live-trades?trade_id=${id}`, { token: owner.token });
    expect(log.json().data.map((l: { text: string }) => l.text)).toContain(
      'Cancelled by a super user (ada@example.com): unfilled orders are cancelled and what is held is sold',
    );
  });

  it("a bot's body with a mistake gets the drawer's 400 naming the field, and nothing is stored", async () => {
    const owner = await makeUser(t.db, { isLiveTrader: true });
    const wrong = { ...body(owner.id), stop_loss: price * 2 } as TradeBodyIn;
    const refused = await t.modules.trading.smartTrades
      .place({ userId: owner.id, by: bot }, 'LIVE', wrong)
      .catch((err: unknown) => err);
    expect(refused).toMatchObject({ code: 'VALIDATION' });
    expect(Object.keys((refused as DomainError).details ?? {})).toContain('stop_loss');
    expect(await t.db.select({ id: trades.id }).from(trades).where(eq(trades.userId, owner.id))).toEqual([]);
  });

  it("a bot edits through the edit service with the route's checks, and not once its owner's live trading has ended", async () => {
    const owner = await makeSignedIn(t, { isLiveTrader: true });
    const placed = await t.post('/livetrading/create-trade/', body(owner.id), { token: owner.token });
    const id = placed.json().data.id as number;
    const who = { userId: owner.id, by: bot };
    // The route's checks: a stop above the buys is refused on its field.
    await expect(
      t.modules.trading.edits.orderEdit(who, { order_id: String(id), stop_loss: price * 2 }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    const edited = await t.modules.trading.edits.orderEdit(who, { order_id: String(id), trade_notes: 'by the bot' });
    expect(edited.data.trade_notes).toBe('by the bot');
    const log = await t.get(`/logs/live-trades?trade_id=${id}`, { token: owner.token });
    expect(log.json().data.map((l: { text: string }) => l.text)).toContain('Edited by bot Momentum (#7)');
    // The owner loses live trading (back to demo): their bot may no longer touch the live trade.
    await t.db.update(users).set({ isLiveTrader: false }).where(eq(users.id, owner.id));
    await expect(
      t.modules.trading.edits.orderEdit(who, { order_id: String(id), trade_notes: 'again' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: MSG.liveTraderDenied });
    await expect(t.modules.trading.smartTrades.cancel(who, id, 'LIVE')).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: MSG.liveTraderDenied,
    });
  });

  it("someone else's trade is as good as absent, whoever acts", async () => {
    const owner = await makeSignedIn(t, { isLiveTrader: true });
    const other = await makeUser(t.db, { isLiveTrader: true });
    const placed = await t.post('/livetrading/create-trade/', body(owner.id), { token: owner.token });
    const id = placed.json().data.id as number;
    await expect(t.modules.trading.smartTrades.cancel({ userId: other.id, by: bot }, id, null)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: TRADE_MSG.tradeNotFound,
    });
  });
});
