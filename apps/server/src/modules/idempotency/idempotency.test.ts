import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { IDEMPOTENCY_MSG, type PublishAlertResponse } from '@drat/contracts';
import { alerts, idempotencyKeys } from '../../db/schema/index';
import { makeUser, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { SAMPLE_STOCK_ALERT } from '../../../test/sample-alerts';

let t: TestApp;
let superToken: string;
let otherSuperToken: string;
let superId: number;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await makeUser(t.db, { isSuper: true, plans: [] });
  superId = admin.id;
  superToken = await signIn(t.app, admin);
  otherSuperToken = await signIn(t.app, await makeUser(t.db, { isSuper: true, plans: [] }));
});
afterAll(async () => {
  await t?.close();
});

const alertCount = async () => (await t.db.select({ n: count() }).from(alerts))[0]!.n;
let seq = 0;
const newKey = () => `publish-${(seq += 1)}-${Date.now()}`;
const create = (body: unknown, key?: string, token = superToken) =>
  t.post('/alerts/create/', body, { token, headers: key === undefined ? {} : { 'idempotency-key': key } });

describe('POST /alerts/create/ with an Idempotency-Key', () => {
  it('a publish retried with the same key makes one alert and answers the same', async () => {
    const before = await alertCount();
    const key = newKey();
    const first = await create(SAMPLE_STOCK_ALERT, key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await create(SAMPLE_STOCK_ALERT, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(again.json<PublishAlertResponse>().created).toBe(true);
    expect(await alertCount()).toBe(before + 1);
  });

  it('the same body with its keys in another order is the same request', async () => {
    const key = newKey();
    expect((await create(SAMPLE_STOCK_ALERT, key)).statusCode).toBe(200);
    const reordered = Object.fromEntries(Object.entries(SAMPLE_STOCK_ALERT).reverse());
    const again = await create(reordered, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('without a key, two publishes make two alerts', async () => {
    const before = await alertCount();
    expect((await create(SAMPLE_STOCK_ALERT)).statusCode).toBe(200);
    expect((await create(SAMPLE_STOCK_ALERT)).statusCode).toBe(200);
    expect(await alertCount()).toBe(before + 2);
  });

  it('a key used for a different request is refused with 422 and nothing is published', async () => {
    const key = newKey();
    expect((await create(SAMPLE_STOCK_ALERT, key)).statusCode).toBe(200);
    const before = await alertCount();
    const res = await create({ ...SAMPLE_STOCK_ALERT, ticker: 'AAPL' }, key);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: IDEMPOTENCY_MSG.keyReused });
    expect(await alertCount()).toBe(before);
  });

  it('two publishes sent at once with one key make one alert', async () => {
    const before = await alertCount();
    const key = newKey();
    const answers = await Promise.all([create(SAMPLE_STOCK_ALERT, key), create(SAMPLE_STOCK_ALERT, key)]);
    const statuses = answers.map((a) => a.statusCode).sort();
    // Either the second waited for nothing (409, try again) or came after the first (a replay).
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const conflict = answers.find((a) => a.statusCode === 409);
    if (conflict) expect(conflict.json()).toEqual({ detail: IDEMPOTENCY_MSG.inProgress });
    expect(await alertCount()).toBe(before + 1);
    const retry = await create(SAMPLE_STOCK_ALERT, key);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await alertCount()).toBe(before + 1);
  });

  it('a refused publish frees its key: the corrected retry with the same body runs', async () => {
    const key = newKey();
    const refused = await create({ ...SAMPLE_STOCK_ALERT, ticker: 'NOSUCHCO' }, key);
    expect(refused.statusCode).toBe(400);
    const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row).toBeUndefined();
    // Same key, same (bad) body: refused again, not replayed.
    const again = await create({ ...SAMPLE_STOCK_ALERT, ticker: 'NOSUCHCO' }, key);
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keys belong to their user: another super user with the same key publishes their own alert', async () => {
    const before = await alertCount();
    const key = newKey();
    expect((await create(SAMPLE_STOCK_ALERT, key)).statusCode).toBe(200);
    const theirs = await create(SAMPLE_STOCK_ALERT, key, otherSuperToken);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await alertCount()).toBe(before + 2);
  });

  it('a publish whose request died is never taken over: the retry is told to wait, also a minute later', async () => {
    const key = newKey();
    // What a publish that died mid-way leaves: its key claimed, nothing recorded to answer with.
    expect((await create(SAMPLE_STOCK_ALERT, key)).statusCode).toBe(200);
    await t.db
      .update(idempotencyKeys)
      .set({ state: 'IN_PROGRESS', statusCode: null, response: null, lockedAt: t.clock.now() })
      .where(eq(idempotencyKeys.key, key));
    t.clock.advance(61_000);
    const retry = await create(SAMPLE_STOCK_ALERT, key);
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ detail: IDEMPOTENCY_MSG.inProgress });
  });

  it('a key longer than 255 characters is refused, naming the header', async () => {
    const res = await create(SAMPLE_STOCK_ALERT, 'x'.repeat(256));
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(IDEMPOTENCY_MSG.keyInvalid);
  });

  it('a caller without the right is refused before the key is looked at', async () => {
    const userToken = await signIn(t.app, await makeUser(t.db, { plans: ['elite-monthly'] }));
    const key = newKey();
    const res = await create(SAMPLE_STOCK_ALERT, key, userToken);
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    const anonymous = await t.post('/alerts/create/', SAMPLE_STOCK_ALERT, { headers: { 'idempotency-key': key } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keys are kept a day: the purge forgets older ones, and the key then publishes anew', async () => {
    const key = newKey();
    expect((await create(SAMPLE_STOCK_ALERT, key)).statusCode).toBe(200);
    const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row).toMatchObject({ userId: superId, operationId: 'createAlert', state: 'DONE', statusCode: 200 });
    t.clock.advanceMinutes(23 * 60);
    await t.modules.idempotency.purgeExpired();
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(1);
    t.clock.advanceMinutes(2 * 60);
    expect(await t.modules.idempotency.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });
});
