import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { IDEMPOTENCY_MSG, liveBasicTradeBody, SMART_TRADES_API, type TradeReply } from '@drat/contracts';
import { idempotencyKeys, trades } from '../../../db/schema/index';
import type { Tx } from '../../../db/transaction';
import { IDEMPOTENCY_LOCK_SECONDS } from '../../idempotency';
import { makeSignedIn, restingTradeBody } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';

/**
 * A create-trade cut off by its process's end (issue 24, item 10): its Idempotency-Key's outcome is
 * recorded in the transaction that inserts the trade, so the trader's retry gets the trade that was
 * made; if nothing was made, the retry makes it once the dead request's claim is stale, instead of
 * being told 'still being processed' until the daily purge.
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

const URL = '/livetrading/create-trade/';
let seq = 0;
const newKey = () => `place-${(seq += 1)}-${Date.now()}`;
const trader = () => makeSignedIn(t, { isLiveTrader: true });
const bodyFor = (me: { id: number }) => restingTradeBody('MSFT', price, { account_id: `SIM-${me.id}` });
const place = (me: { token: string }, body: unknown, key: string) =>
  t.post(URL, body, { token: me.token, headers: { 'idempotency-key': key } });
const tradesOf = async (userId: number) => t.db.select({ id: trades.id }).from(trades).where(eq(trades.userId, userId));
const keyRow = async (userId: number, key: string) =>
  (
    await t.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
  )[0];

describe('create-trade cut off by a process kill', () => {
  it('records the trade with its key in the same transaction', async () => {
    const me = await trader();
    const key = newKey();
    const res = await place(me, bodyFor(me), key);
    expect(res.statusCode, res.body).toBe(200);
    const row = await keyRow(me.id, key);
    expect(row).toMatchObject({ state: 'DONE', statusCode: 200, resultId: res.json<TradeReply>().data.id });
  });

  it('after the trade was made and before the answer: the retry gets that trade, and no second one', async () => {
    const me = await trader();
    const key = newKey();
    const first = await place(me, bodyFor(me), key);
    const made = first.json<TradeReply>().data.id;
    // What a kill between the commit and the answer leaves: the key claimed, with what it made.
    await t.db
      .update(idempotencyKeys)
      .set({ state: 'IN_PROGRESS', statusCode: null, response: null })
      .where(and(eq(idempotencyKeys.userId, me.id), eq(idempotencyKeys.key, key)));

    const retry = await place(me, bodyFor(me), key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json<TradeReply>()).toMatchObject({ message: 'Trade placed successfully', data: { id: made } });
    expect(await tradesOf(me.id)).toEqual([{ id: made }]);
    // Settled: a further retry replays the same answer.
    expect((await keyRow(me.id, key))?.state).toBe('DONE');
    expect((await place(me, bodyFor(me), key)).json<TradeReply>().data.id).toBe(made);
  });

  it('before anything was made: the retry is told to wait while the claim is fresh, then makes the trade once', async () => {
    const me = await trader();
    const key = newKey();
    const body = bodyFor(me);
    // The dead request had claimed the key (its parsed body, as the route hashes it) and no more.
    const start = await t.modules.idempotency.start(
      { userId: me.id, operationId: SMART_TRADES_API.createTrade.operationId, key },
      { method: 'POST', url: `/api${URL}`, body: liveBasicTradeBody.parse(body) },
    );
    expect(start.kind).toBe('proceed');

    const early = await place(me, body, key);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: IDEMPOTENCY_MSG.inProgress });
    expect(await tradesOf(me.id)).toEqual([]);

    t.clock.advance((IDEMPOTENCY_LOCK_SECONDS + 1) * 1000);
    const [late, twin] = await Promise.all([place(me, body, key), place(me, body, key)]);
    expect([late.statusCode, twin.statusCode].sort()).toEqual([200, 409]);
    const made = (late.statusCode === 200 ? late : twin).json<TradeReply>().data.id;
    expect(await tradesOf(me.id)).toEqual([{ id: made }]);
    expect((await place(me, body, key)).json<TradeReply>().data.id).toBe(made);
  });

  it('a request still running past the lock loses to the retry that took its key over: one trade', async () => {
    const me = await trader();
    const key = newKey();
    const body = bodyFor(me);
    const ref = { userId: me.id, operationId: SMART_TRADES_API.createTrade.operationId, key };
    const slow = await t.modules.idempotency.start(
      ref,
      { method: 'POST', url: `/api${URL}`, body: liveBasicTradeBody.parse(body) },
      true,
    );
    if (slow.kind !== 'proceed') throw new Error('the slow request should hold the key');
    t.clock.advance((IDEMPOTENCY_LOCK_SECONDS + 1) * 1000);
    const retry = await place(me, body, key);
    expect(retry.statusCode, retry.body).toBe(200);
    // The slow request reaches its commit now: its record of a trade is refused, so it rolls back.
    await expect(
      t.db.transaction((tx) => t.modules.idempotency.recordResult(tx as unknown as Tx, ref, slow.claimedAt, 999_999)),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await keyRow(me.id, key)).toMatchObject({ state: 'DONE', resultId: retry.json<TradeReply>().data.id });
  });

  it('a refused create-trade frees its key: the corrected retry runs', async () => {
    const me = await trader();
    const key = newKey();
    const bad = await place(me, { ...bodyFor(me), stop_loss: price * 2 }, key);
    expect(bad.statusCode).toBe(400);
    expect(await keyRow(me.id, key)).toBeUndefined();
  });
});
