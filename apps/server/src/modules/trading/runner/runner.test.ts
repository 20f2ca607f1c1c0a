import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { basicRanges, equity, newTrade, type EngineTrade, type TradeEvent } from '@drat/engine';
import { tradeIntents, tradeLogs, tradeOrders, trades } from '../../../db/schema/index';
import { fakeBroker, type FakeBroker } from '../../../../test/broker-fake';
import {
  NOTIFICATION_EVENT,
  TRADE_EVENT,
  type NotificationsResponse,
  type TradeDetailResponse,
  type TradeEventPayload,
} from '@drat/contracts';
import { makeTrade, makeUser, signIn } from '../../../../test/factories';
import { signedInSocket, wsUrl } from '../../../../test/ws-client';
import { createTestApp, type TestApp } from '../../../../test/harness';
import pino from 'pino';
import { createTrading } from '../index';
import { runnerRepo } from './runner.repo';
import { createTradeRunner, type RunnerDeps } from './runner.service';
import { transactions } from '../../../db/transaction';
import { jobIdFor } from '../../../jobs/queue';
import { usersRepo } from '../../users';
import { ProviderError } from '../../../providers/provider-error';

/** The worked example of docs/trading-rules.md on the fake broker: buys at 9.80 and 10.00, targets 11/12, stop 9. */
const draft = (ticker = 'ACME', patch: Partial<EngineTrade> = {}): EngineTrade => ({
  ...newTrade({
    id: '0',
    ticker,
    ranges: basicRanges(equity(ticker), {
      buyRangeLow: '9.80',
      buyRangeHigh: '10.00',
      targetRangeLow: '11.00',
      targetRangeHigh: '12.00',
      amountLow: '50',
      amountHigh: '50',
    }),
    stopLoss: '9.00',
    trailing: null,
    cancelUnfilledAt: null,
    at: 0,
  }),
  ...patch,
});

describe('the trade runner', () => {
  let t: TestApp;
  let broker: FakeBroker;
  let userId: number;
  const runner = () => t.modules.trading.runner;
  const at = () => t.clock.now().getTime();

  beforeAll(async () => {
    broker = fakeBroker('fake');
    t = await createTestApp({ brokers: { fake: broker } });
    userId = (await makeUser(t.db)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const trade = async (state = draft()) => makeTrade(t.db, userId, state, { broker: 'fake', accountId: 'ACC-1' });
  const intentsOf = (id: number) =>
    t.db.select().from(tradeIntents).where(eq(tradeIntents.tradeId, id)).orderBy(tradeIntents.id);
  const stateOf = async (id: number) => (await t.db.select().from(trades).where(eq(trades.id, id)))[0]!;
  const sendAll = async (id: number) => {
    for (const i of await intentsOf(id))
      if (i.state === 'PENDING')
        await runner()
          .sendIntent(i.id)
          .catch(() => undefined);
  };
  const ordersAtBroker = (tradeId: number) => broker.orders_.filter((o) => o.tag?.startsWith(`T${tradeId}-`));
  /** A runner of the test's own (as another process has), on the same database and fake broker. */
  const ownRunner = (patch: Partial<RunnerDeps> = {}) =>
    createTradeRunner({
      repo: runnerRepo(t.db),
      withTransaction: transactions(t.db),
      broker: () => broker,
      brokerNames: ['fake'],
      market: t.market,
      technicals: t.modules.market,
      jobs: t.jobs,
      live: t.modules.live,
      inbox: t.modules.notifications,
      now: t.clock.now,
      log: pino({ level: 'silent' }),
      ...patch,
    });
  /**
   * The test's clock, moving a millisecond at every look, as a real one does while a poll runs and
   * its answers are written (so those writes come after the ask began); `advance` moves it on.
   */
  const tickingClock = () => {
    let tick = 0;
    return {
      now: () => new Date(at() + tick++),
      advance(ms: number) {
        t.clock.advance(ms);
        tick = 0;
      },
    };
  };
  /** The fake broker (with `extra`), counting the accounts it is asked for orders. */
  const countingBroker = (extra: Partial<FakeBroker> = {}) => {
    const asked: string[] = [];
    const counting: FakeBroker = {
      ...broker,
      ...extra,
      orders: (account: string, since: string | null) => {
        asked.push(account);
        return (extra.orders ?? broker.orders)(account, since);
      },
    };
    return { counting, times: (account: string) => asked.filter((a) => a === account).length };
  };

  it('a submitted trade records its intents with it, and each is sent once', async () => {
    const id = await trade();
    await runner().apply(id, { type: 'submit', at: at() });
    const intents = await intentsOf(id);
    expect(intents.map((i) => [i.kind, i.clientOrderId, i.state])).toEqual([
      ['place', `T${id}-R1-L0-BUY-1`, 'PENDING'],
      ['place', `T${id}-R2-L0-BUY-1`, 'PENDING'],
    ]);
    // Each has its fallback send job, under the intent's key (a second queueing is the same job).
    const { rows: jobs } = await t.db.execute<{ id: string; intent: string }>(
      sql`select id::text, data->>'intentId' as intent from pgboss.job where name = 'trading.send'
           and data->>'intentId' in (${sql.join(
             intents.map((i) => sql`${String(i.id)}`),
             sql`, `,
           )})`,
    );
    expect(jobs.sort((a, b) => Number(a.intent) - Number(b.intent))).toEqual(
      intents.map((i) => ({ id: jobIdFor('trading.send', `intent:${i.id}`), intent: String(i.id) })),
    );
    await sendAll(id);
    await sendAll(id);
    for (const i of intents) await runner().sendIntent(i.id);
    expect(ordersAtBroker(id).map((o) => [o.tag, o.limitPrice, o.qty])).toEqual([
      [`T${id}-R1-L0-BUY-1`, '9.8', '50'],
      [`T${id}-R2-L0-BUY-1`, '10', '50'],
    ]);
    expect((await intentsOf(id)).every((i) => i.state === 'SENT')).toBe(true);
    const orders = await t.db.select().from(tradeOrders).where(eq(tradeOrders.tradeId, id));
    expect(orders.every((o) => o.brokerOrderId !== null)).toBe(true);
  });

  it('a new trade is inserted and submitted in one transaction: its orders are named after its id', async () => {
    const row = {
      userId,
      mode: 'DEMO' as const,
      broker: 'fake',
      accountId: 'ACC-1',
      ticker: 'ACME',
      tradeType: 'CUSTOM',
      stockType: 'STOCKS' as const,
      strategy: null,
      alertId: null,
      notes: '',
      input: {},
    };
    const { id, trade: started } = await runner().start(row, draft(), { submit: true });
    expect(started.status).toBe('PENDING');
    expect((await intentsOf(id)).map((i) => i.clientOrderId)).toEqual([`T${id}-R1-L0-BUY-1`, `T${id}-R2-L0-BUY-1`]);
    const saved = await runner().start(row, draft(), { submit: false });
    expect((await stateOf(saved.id)).status).toBe('DRAFT');
    expect(await intentsOf(saved.id)).toEqual([]);
  });

  it('killed after recording the intent: after restart the sweep sends it, and exactly one order exists', async () => {
    const id = await trade();
    await runner().apply(id, { type: 'submit', at: at() });
    // The process died here: no job was queued. A minute later the sweep finds the intents and sends them.
    t.clock.advance(60_000);
    expect(await runner().sweep()).toBeGreaterThanOrEqual(2);
    expect(ordersAtBroker(id)).toHaveLength(2);
    await runner().sweep();
    await sendAll(id);
    expect(ordersAtBroker(id)).toHaveLength(2);
  });

  it('a worker killed holding the send jobs: the orders reach the broker within a minute, once', async () => {
    const id = await trade();
    await runner().apply(id, { type: 'submit', at: at() });
    const intents = await intentsOf(id);
    // The dead worker had fetched the jobs (pg-boss holds them active for 15 minutes, so a job
    // under the same key is ignored) and claimed the intents, then died before the broker answered.
    for (const i of intents) {
      await t.jobs.send('trading.send', { intentId: i.id }, { key: `intent:${i.id}` });
      expect(await runnerRepo(t.db).claimIntent(i.id, t.clock.now(), 30_000)).toBeDefined();
    }
    expect(ordersAtBroker(id)).toHaveLength(0);
    // While the lease runs, the first watcher's look leaves them to their sender.
    t.clock.advance(10_000);
    expect(await runner().resendStranded()).toBe(0);
    // Its lease run out (30 s), the next look (every 5 s) sends them: reconciled by tag, placed once.
    t.clock.advance(25_000);
    expect(await runner().resendStranded()).toBe(2);
    expect(ordersAtBroker(id).map((o) => o.tag)).toEqual(intents.map((i) => i.clientOrderId));
    expect((await intentsOf(id)).every((i) => i.state === 'SENT')).toBe(true);
    expect(await runner().resendStranded()).toBe(0);
    await runner().sweep();
    expect(ordersAtBroker(id)).toHaveLength(2);
  });

  it('a live sender renews its lease: a slow send (a broker rate limit) is not sent again beside it', async () => {
    const id = await trade();
    await runner().apply(id, { type: 'submit', at: at() });
    const [first] = await intentsOf(id);
    const claim = await runnerRepo(t.db).claimIntent(first!.id, t.clock.now(), 30_000);
    t.clock.advance(25_000);
    await runnerRepo(t.db).renewIntentLease(first!.id, claim!.attempts, t.clock.now());
    t.clock.advance(10_000);
    // 35 s after the claim, but 10 s after the renewal: still its sender's.
    const resent = await runner().resendStranded();
    expect(ordersAtBroker(id).filter((o) => o.tag === first!.clientOrderId)).toHaveLength(0);
    expect(resent).toBeLessThanOrEqual(1); // the other intent, never begun, may go
  });

  it('intents a process made and never began to send are sent within seconds', async () => {
    const id = await trade();
    await runner().apply(id, { type: 'submit', at: at() });
    expect(await runner().resendStranded()).toBe(0);
    t.clock.advance(6_000);
    expect(await runner().resendStranded()).toBe(2);
    expect(ordersAtBroker(id)).toHaveLength(2);
  });

  it('an order accepted whose answer was lost is reconciled by its tag, never placed twice', async () => {
    const id = await trade();
    await runner().apply(id, { type: 'submit', at: at() });
    const [first] = await intentsOf(id);
    broker.failNextPlace('accept-then-timeout');
    await expect(runner().sendIntent(first!.id)).rejects.toThrow(/No answer/);
    expect((await intentsOf(id))[0]).toMatchObject({ state: 'PENDING', unknown: true, attempts: 1 });
    const calls = broker.placeCalls;
    await runner().sendIntent(first!.id);
    expect(broker.placeCalls).toBe(calls); // it asked, it did not place
    expect(ordersAtBroker(id).filter((o) => o.tag === first!.clientOrderId)).toHaveLength(1);
    expect((await intentsOf(id))[0]).toMatchObject({ state: 'SENT', unknown: false, attempts: 2 });
  });

  it('a network failure before the broker saw the order sends it on the next try', async () => {
    const id = await trade();
    await runner().apply(id, { type: 'submit', at: at() });
    const [first] = await intentsOf(id);
    broker.failNextPlace('network');
    await expect(runner().sendIntent(first!.id)).rejects.toThrow(/Connection reset/);
    await runner().sendIntent(first!.id);
    expect(ordersAtBroker(id).filter((o) => o.tag === first!.clientOrderId)).toHaveLength(1);
  });

  it('a refused order is not retried: the engine hears it, and a trade whose every buy was refused fails', async () => {
    const id = await trade();
    await runner().apply(id, { type: 'submit', at: at() });
    for (const i of await intentsOf(id)) {
      broker.failNextPlace('refuse');
      await runner().sendIntent(i.id);
    }
    expect((await intentsOf(id)).map((i) => [i.state, i.error])).toEqual([
      ['FAILED', 'Symbol is not tradable'],
      ['FAILED', 'Symbol is not tradable'],
    ]);
    const row = await stateOf(id);
    expect(row.status).toBe('FAIL');
    expect(row.state.failure).toBe('Symbol is not tradable');
  });

  it("'Trade placed successfully', then the broker refuses its buys: the trader is told in the broker's words, on the socket and in the inbox, and the row says FAIL with the reason", async () => {
    const trader = await makeUser(t.db, { plans: ['elite-monthly'] });
    const token = await signIn(t.app, trader);
    const socket = await signedInSocket(await wsUrl(t.app), token);
    try {
      const id = await makeTrade(t.db, trader.id, draft('REFUSE'), { broker: 'fake', accountId: 'ACC-9' });
      await runner().apply(id, { type: 'submit', at: at() });
      for (const i of await intentsOf(id)) {
        broker.failNextPlace('refuse');
        await runner().sendIntent(i.id);
      }
      const failed = await socket.next(
        'event',
        (m) => m.event.kind === TRADE_EVENT && (m.event.payload as TradeEventPayload).status === 'FAIL',
      );
      expect(failed.event.payload).toEqual({ id, status: 'FAIL', reason: 'Symbol is not tradable' });
      const told = await socket.next(
        'event',
        (m) => m.event.kind === NOTIFICATION_EVENT && (m.event.payload as { kind?: string }).kind === 'TRADE_FAILED',
      );
      expect(told.event.payload).toMatchObject({
        kind: 'TRADE_FAILED',
        title: `Trade ${id} (REFUSE) failed`,
        content: 'The broker refused its orders: Symbol is not tradable',
      });
      // The inbox keeps it; the trade's answer says why it failed.
      const inbox = (await t.get('/notifications', { token })).json<NotificationsResponse>();
      expect(inbox.notifications.map((n) => [n.kind, n.content])).toContainEqual([
        'TRADE_FAILED',
        'The broker refused its orders: Symbol is not tradable',
      ]);
      const detail = await t.get(`/livetrading/order-detail?order_id=${id}`, { token });
      expect(detail.json<TradeDetailResponse>().data).toMatchObject({
        status: 'FAIL',
        fail_reason: 'Symbol is not tradable',
      });
      // The first refusal was told as it came (the other buy still worked); the second failed the trade.
      expect(inbox.notifications.filter((n) => n.kind === 'ORDER_REFUSED')).toHaveLength(1);
      // Told once: another step of the failed trade writes no second message.
      await runner().apply(id, { type: 'tick', at: at() });
      const again = (await t.get('/notifications', { token })).json<NotificationsResponse>();
      expect(again.notifications.filter((n) => n.kind === 'TRADE_FAILED')).toHaveLength(1);
    } finally {
      await socket.close();
    }
  });

  it('one buy refused while the other works: the trader is told in the broker words, and the trade goes on', async () => {
    const trader = await makeUser(t.db, { plans: ['elite-monthly'] });
    const token = await signIn(t.app, trader);
    const id = await makeTrade(t.db, trader.id, draft('HALF'), { broker: 'fake', accountId: 'ACC-8' });
    await runner().apply(id, { type: 'submit', at: at() });
    const [r1, r2] = await intentsOf(id);
    broker.failNextPlace('refuse');
    await runner().sendIntent(r1!.id);
    await runner().sendIntent(r2!.id);
    expect((await stateOf(id)).status).toBe('PENDING');
    const inbox = (await t.get('/notifications', { token })).json<NotificationsResponse>();
    expect(inbox.notifications.map((n) => [n.kind, n.title, n.content])).toContainEqual([
      'ORDER_REFUSED',
      `Trade ${id} (HALF): an order was refused`,
      'The broker refused a buy order of the trade: Symbol is not tradable. The rest of the trade goes on.',
    ]);
  });

  it('fills the broker reports are fed to the trade: targets follow, and the trade completes', async () => {
    const id = await trade();
    await runner().apply(id, { type: 'submit', at: at() });
    await sendAll(id);
    broker.fill(`T${id}-R2-L0-BUY-1`, '50', '10.00');
    expect(await runner().pollOrders()).toBeGreaterThanOrEqual(1);
    expect((await stateOf(id)).status).toBe('OPEN');
    await sendAll(id);
    expect(ordersAtBroker(id).map((o) => o.tag)).toContain(`T${id}-R2-L0-TARGET-1`);
    // Polling again with nothing new changes nothing.
    const version = (await stateOf(id)).version;
    await runner().pollOrders();
    expect((await stateOf(id)).version).toBe(version);

    broker.fill(`T${id}-R1-L0-BUY-1`, '50', '9.80');
    await runner().pollOrders();
    await sendAll(id);
    broker.fill(`T${id}-R2-L0-TARGET-1`, '50', '11.00');
    broker.fill(`T${id}-R1-L0-TARGET-1`, '50', '12.00');
    await runner().pollOrders();
    const done = await stateOf(id);
    expect(done.status).toBe('COMPLETED');
    const log = await t.db.select().from(tradeLogs).where(eq(tradeLogs.tradeId, id));
    expect(log.map((l) => l.text)).toContain('Status OPEN → COMPLETED');
  });

  it('the watch loop asks a broker that does not fill by itself for an account every 2 s, and at once after one of our orders on it changed', async () => {
    // A trader and account of their own: no other test's orders change it or share its pace.
    const owner = (await makeUser(t.db)).id;
    const id = await makeTrade(t.db, owner, draft(), { broker: 'fake', accountId: 'ACC-PACED' });
    await runner().apply(id, { type: 'submit', at: at() });
    await sendAll(id);
    const { counting, times: timesOf } = countingBroker();
    const { now, advance } = tickingClock();
    const counted = ownRunner({ broker: () => counting, now });
    const times = () => timesOf('ACC-PACED');
    advance(100); // its orders were sent before: asked at once
    await counted.pollOrders(true);
    expect(times()).toBe(1);
    // Nothing of ours changed: not asked again within 2 s, though the broker filled some meanwhile.
    broker.fill(`T${id}-R2-L0-BUY-1`, '20', '10.00');
    await counted.pollOrders(true);
    advance(1_850);
    await counted.pollOrders(true);
    expect(times()).toBe(1);
    // 2 s after the last ask: asked, and the partial fill reaches the trade.
    advance(200);
    await counted.pollOrders(true);
    expect(times()).toBe(2);
    expect((await stateOf(id)).state.orders.find((o) => o.clientOrderId === `T${id}-R2-L0-BUY-1`)?.filledQty).toBe(
      '20',
    );
    // What that answer wrote here is not a change to ask about again.
    await counted.pollOrders(true);
    expect(times()).toBe(2);
    broker.fill(`T${id}-R2-L0-BUY-1`, '30', '10.00');
    advance(2_100);
    await counted.pollOrders(true);
    expect(times()).toBe(3);
    expect((await stateOf(id)).status).toBe('OPEN');
    // Its target order is sent (one of our orders on the account changed): the next look asks at once.
    advance(200);
    await sendAll(id);
    advance(200);
    await counted.pollOrders(true);
    expect(times()).toBe(4);
    advance(200);
    await counted.pollOrders(true);
    expect(times()).toBe(4);
    // Called on its own (not paced), every account is asked.
    await counted.pollOrders();
    expect(times()).toBe(5);
    // A broker that names its accounts with fills itself (paper) is never paced, even when its
    // look fails and its accounts are asked one by one.
    const failingLook = ownRunner({
      broker: () => ({
        ...counting,
        accountsToPoll: () => Promise.reject(new Error('no quotes')),
      }),
    });
    await failingLook.pollOrders(true);
    await failingLook.pollOrders(true);
    expect(times()).toBe(7);
  });

  it("a trader's accounts at one broker share the pace: with open orders on two, each is asked every 4 s", async () => {
    const owner = (await makeUser(t.db)).id;
    for (const accountId of ['ACC-TWO-1', 'ACC-TWO-2']) {
      const id = await makeTrade(t.db, owner, draft(), { broker: 'fake', accountId });
      await runner().apply(id, { type: 'submit', at: at() });
      await sendAll(id);
    }
    const { counting, times: timesOf } = countingBroker();
    const counted = ownRunner({ broker: () => counting });
    const times = () => ['ACC-TWO-1', 'ACC-TWO-2'].map(timesOf);
    t.clock.advance(100);
    await counted.pollOrders(true);
    expect(times()).toEqual([1, 1]);
    t.clock.advance(2_100);
    await counted.pollOrders(true);
    expect(times()).toEqual([1, 1]);
    t.clock.advance(1_900);
    await counted.pollOrders(true);
    expect(times()).toEqual([2, 2]);
  });

  it("a broker that pushes its orders' changes (Alpaca's and Tradier's streams): the account is asked when the stream tells, and every 30 s while it is up", async () => {
    const owner = (await makeUser(t.db)).id;
    const id = await makeTrade(t.db, owner, draft(), { broker: 'fake', accountId: 'ACC-STREAM' });
    await runner().apply(id, { type: 'submit', at: at() });
    await sendAll(id);
    // The broker's stream of each account (other tests' accounts too): the test says when the
    // account's stream listens and when it tells.
    const opened: string[] = [];
    let tell = () => {};
    let live = false;
    let closed = 0;
    let tellWhileAsked = false;
    let failNextAsk = false;
    const { counting, times: timesOf } = countingBroker({
      watchOrders(account, onChange) {
        opened.push(account);
        if (account === 'ACC-STREAM') tell = onChange;
        return {
          get live() {
            return live;
          },
          close: () => void closed++,
        };
      },
      orders(account, since) {
        // A change told while the ask is under way (its answer may not hold it).
        if (tellWhileAsked) tell();
        tellWhileAsked = false;
        if (account === 'ACC-STREAM' && failNextAsk) {
          failNextAsk = false;
          return Promise.reject(new ProviderError('fake', 'UPSTREAM', 'the broker did not answer'));
        }
        return broker.orders(account, since);
      },
    });
    const { now, advance } = tickingClock();
    const streamed = ownRunner({ broker: () => counting, now });
    const times = () => timesOf('ACC-STREAM');
    advance(100);
    await streamed.pollOrders(true);
    expect(times()).toBe(1);
    const streams = () => opened.filter((a) => a === 'ACC-STREAM').length;
    expect(streams()).toBe(1);
    // Not listening yet: the 2 s pace.
    advance(2_100);
    await streamed.pollOrders(true);
    expect(times()).toBe(2);
    // It listens, and says so: asked at once (what changed before is not told).
    live = true;
    tell();
    await streamed.pollOrders(true);
    expect(times()).toBe(3);
    // The ask after one the stream caused comes at the 2 s pace (the broker's answer may lag).
    advance(1_100);
    await streamed.pollOrders(true);
    expect(times()).toBe(3);
    advance(1_000);
    await streamed.pollOrders(true);
    expect(times()).toBe(4);
    // One of our orders on it changed (sent, or changed by hand): with the stream up, not asked
    // at once (a fill would be told), but 2 s after the last ask, to confirm.
    await t.db
      .update(tradeOrders)
      .set({ updatedAt: new Date(at() + 50) })
      .where(eq(tradeOrders.tradeId, id));
    advance(100);
    await streamed.pollOrders(true);
    expect(times()).toBe(4);
    advance(2_000);
    await streamed.pollOrders(true);
    expect(times()).toBe(5);
    // Listening and quiet: not asked at the 2 s pace any more.
    advance(2_100);
    await streamed.pollOrders(true);
    expect(times()).toBe(5);
    // A fill, told: asked at once, and it reaches the trade.
    broker.fill(`T${id}-R2-L0-BUY-1`, '20', '10.00');
    tell();
    await streamed.pollOrders(true);
    expect(times()).toBe(6);
    expect((await stateOf(id)).state.orders.find((o) => o.clientOrderId === `T${id}-R2-L0-BUY-1`)?.filledQty).toBe(
      '20',
    );
    // A burst of updates (one told while an ask is under way): up to three asks at once, then
    // one a second.
    tellWhileAsked = true;
    tell();
    await streamed.pollOrders(true);
    expect(times()).toBe(7);
    await streamed.pollOrders(true);
    expect(times()).toBe(8);
    tell();
    await streamed.pollOrders(true);
    expect(times()).toBe(8);
    advance(1_100);
    await streamed.pollOrders(true);
    expect(times()).toBe(9);
    await streamed.pollOrders(true);
    expect(times()).toBe(9);
    // Then 2 s later (settling), then quiet for 30 s: asked anyway, for an update the stream lost.
    advance(2_100);
    await streamed.pollOrders(true);
    expect(times()).toBe(10);
    advance(29_000);
    await streamed.pollOrders(true);
    expect(times()).toBe(10);
    advance(1_100);
    await streamed.pollOrders(true);
    expect(times()).toBe(11);
    // An ask that fails is tried again at the 2 s pace, not the stream's 30 s.
    failNextAsk = true;
    advance(30_100);
    await streamed.pollOrders(true);
    expect(times()).toBe(12);
    advance(2_100);
    await streamed.pollOrders(true);
    expect(times()).toBe(13);
    // One stream for the account, and every stream closed when the process ends.
    expect(streams()).toBe(1);
    streamed.close();
    expect(closed).toBe(opened.length);
  });

  it('a broker whose clock is behind ours: an order it closed just before our last ask is still seen at the next', async () => {
    const owner = (await makeUser(t.db)).id;
    const id = await makeTrade(t.db, owner, draft(), { broker: 'fake', accountId: 'ACC-SKEW' });
    await runner().apply(id, { type: 'submit', at: at() });
    await sendAll(id);
    // The broker lists its working orders and those changed since the time asked for, by its own
    // clock (as Tradier's and Alpaca's adapters do); ours runs 30 s ahead of it.
    const { counting } = countingBroker({
      orders: async (account, since) =>
        (await broker.orders(account, since)).filter(
          (o) =>
            o.status === 'open' ||
            o.status === 'partially_filled' ||
            since === null ||
            Date.parse(o.updatedAt) >= Date.parse(since),
        ),
    });
    const ahead = ownRunner({ broker: () => counting, now: () => new Date(Date.now() + 30_000) });
    await ahead.pollOrders();
    // Filled (closed) at the broker after that ask, at a time by its clock before ours.
    broker.fill(`T${id}-R2-L0-BUY-1`, '50', '10.00');
    await ahead.pollOrders();
    const order = (await stateOf(id)).state.orders.find((o) => o.clientOrderId === `T${id}-R2-L0-BUY-1`);
    expect(order?.filledQty).toBe('50');
  });

  it("a watch loop whose quotes pass throws ends its poll of the brokers too: the minute's job fails and starts again", async () => {
    let passes = 0;
    const repo = runnerRepo(t.db);
    const broken = ownRunner({
      repo: {
        ...repo,
        accountsWithOpenOrders: (...args: Parameters<typeof repo.accountsWithOpenOrders>) => {
          passes++;
          return repo.accountsWithOpenOrders(...args);
        },
        runningVersions: async () => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          throw new Error('the database went away');
        },
      },
    });
    await expect(broken.follow(0, 1, Date.now() + 60_000, () => false)).rejects.toThrow('the database went away');
    // The poll had its own loop meanwhile; it stops with the failure, not at the minute's end.
    const polled = passes;
    expect(polled).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(passes).toBe(polled);
  });

  it('the same quote delivered twice steps the trade once', async () => {
    const id = await trade();
    await runner().apply(id, { type: 'submit', at: at() });
    await sendAll(id);
    broker.fill(`T${id}-R2-L0-BUY-1`, '50', '10.00');
    await runner().pollOrders();
    await sendAll(id);
    const quote: TradeEvent = { type: 'quote', instrument: 'ACME', bid: '8.95', ask: '8.97', last: '8.96', at: at() };
    await runner().apply(id, quote);
    const after = (await intentsOf(id)).length;
    await runner().apply(id, quote);
    expect((await intentsOf(id)).length).toBe(after);
    const cancels = (await intentsOf(id)).filter((i) => i.kind === 'cancel');
    expect(cancels.map((i) => i.clientOrderId)).toEqual([`T${id}-R1-L0-BUY-1`, `T${id}-R2-L0-TARGET-1`]);
  });

  it('two runners on one trade step it one at a time: no fill is lost', async () => {
    const id = await trade();
    await runner().apply(id, { type: 'submit', at: at() });
    await sendAll(id);
    // A second server process: its own runner on the same database.
    const other = createTrading({
      auditOnBehalf: async () => undefined,
      db: t.db,
      users: usersRepo(t.db),
      rights: t.modules.rights,
      market: t.market,
      technicals: t.modules.market,
      queue: t.jobs,
      live: t.modules.live,
      inbox: t.modules.notifications,
      brokers: { fake: broker, paper: t.modules.trading.paper },
      paper: t.modules.trading.paper,
      links: {},
      sealer: null,
      publicUrl: 'http://drat.test',
      assertFreshPassword: async () => {},
      alerts: t.modules.alerts.feed,
      bots: t.modules.bots.shared,
      now: t.clock.now,
      log: pino({ level: 'silent' }),
    }).runner;
    const fills: TradeEvent[] = [
      {
        type: 'order',
        clientOrderId: `T${id}-R1-L0-BUY-1`,
        status: 'filled',
        filledQty: '50',
        avgFillPrice: '9.8',
        at: at(),
      },
      {
        type: 'order',
        clientOrderId: `T${id}-R2-L0-BUY-1`,
        status: 'filled',
        filledQty: '50',
        avgFillPrice: '10',
        at: at(),
      },
    ];
    const before = (await stateOf(id)).version;
    await Promise.all([runner().apply(id, fills[0]!), other.apply(id, fills[1]!)]);
    const row = await stateOf(id);
    expect(row.version).toBe(before + 2);
    expect(row.state.ranges.map((r) => r.boughtQty)).toEqual(['50', '50']);
    const targets = (await intentsOf(id)).filter((i) => i.clientOrderId.includes('TARGET'));
    expect(targets).toHaveLength(2);
  });

  it('the cancel-if-not-filled time cancels the unfilled buys', async () => {
    const id = await trade(draft('ACME', { cancelUnfilledAt: at() + 60_000 }));
    await runner().apply(id, { type: 'submit', at: at() });
    await sendAll(id);
    expect(await runner().tickDeadlines()).toBe(0);
    t.clock.advance(61_000);
    expect(await runner().tickDeadlines()).toBe(1);
    // The engine reads the time it is given: the runner's clock.
    const cancels = (await intentsOf(id)).filter((i) => i.kind === 'cancel');
    expect(cancels).toHaveLength(2);
    await sendAll(id);
    await runner().pollOrders();
    expect((await stateOf(id)).status).toBe('CANCELLED');
  });

  it('the market watcher steps a trade whose stop the simulated market crosses', async () => {
    const [quote] = await t.market.quotes(['AAPL']);
    const bid = quote!.bid;
    const id = await trade(draft('AAPL', { stopLoss: String(Math.round(bid * 2 * 100) / 100) }));
    await runner().apply(id, { type: 'submit', at: at() });
    await sendAll(id);
    expect(await runner().watch()).toBeGreaterThanOrEqual(1);
    const row = await stateOf(id);
    expect(row.state.exitReason).toBe('STOP_LOSS');
  });

  it('the watcher holds the running trades between passes: it reads again only those that changed, here or on another process', async () => {
    const [quote] = await t.market.quotes(['AAPL']);
    const price = (share: number) => String(Math.round(quote!.bid * share * 100) / 100);
    const id = await trade(draft('AAPL', { stopLoss: price(0.5) }));
    await runner().apply(id, { type: 'submit', at: at() });
    await sendAll(id);
    // A watcher of its own, whose reads of trades' states are counted.
    const repo = runnerRepo(t.db);
    const read: number[] = [];
    const watcher = ownRunner({
      repo: {
        ...repo,
        states: (ids) => {
          read.push(...ids);
          return repo.states(ids);
        },
      },
    });
    // Two passes asked at once (two watchers' minutes overlapping) run one after the other.
    await Promise.all([watcher.watch(), watcher.watch()]);
    expect(read.filter((x) => x === id)).toHaveLength(1);
    read.length = 0;
    await watcher.watch();
    expect(read).not.toContain(id);
    expect((await stateOf(id)).state.exitReason).toBeNull();
    // Another process raises the stop over the market: a new version of the row.
    const row = await stateOf(id);
    await t.db
      .update(trades)
      .set({ state: { ...row.state, stopLoss: price(2) }, version: row.version + 1 })
      .where(eq(trades.id, id));
    await watcher.watch();
    expect(read).toContain(id);
    expect((await stateOf(id)).state.exitReason).toBe('STOP_LOSS');
    // Its own step is held with its version: the next pass does not read it again.
    read.length = 0;
    await watcher.watch();
    expect(read).not.toContain(id);
    // A partition this process has not watched for two minutes is let go (another process has it).
    t.clock.advance(121_000);
    await watcher.watch(1, 2);
    read.length = 0;
    await watcher.watch();
    expect(read).toContain(id);
  });
});
