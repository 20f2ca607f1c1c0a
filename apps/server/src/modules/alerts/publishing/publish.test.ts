import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  ALERT_PUBLISH_MSG,
  type AlertPublisherDto,
  type CreatedPublisherDto,
  type PublishAlertResponse,
} from '@drat/contracts';
import { alertPublishers, alerts } from '../../../db/schema/index';
import { makeUser, signIn } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { SAMPLE_STOCK_ALERT } from '../../../../test/sample-alerts';
import type { AlertPublishedEvent } from '../events/alert-events';

let t: TestApp;
let superToken: string;
let userToken: string;
let publisher: CreatedPublisherDto;
/** A real listed call and put of AAPL, from the simulated market's chain. */
let chain: { expiration: string; strikes: number[]; spot: number };

beforeAll(async () => {
  t = await createTestApp();
  superToken = await signIn(t.app, await makeUser(t.db, { isSuper: true, plans: [] }));
  userToken = await signIn(t.app, await makeUser(t.db, { plans: ['elite-monthly'] }));
  publisher = (await t.post('/alerts/publishers', { name: 'Analyst desk' }, { token: superToken })).json();
  const [expiration] = (await t.market.optionExpirations('AAPL')).slice(2, 3);
  const strikes = await t.market.optionStrikes('AAPL', expiration!);
  const [quote] = await t.market.quotes(['AAPL']);
  chain = { expiration: expiration!, strikes, spot: quote!.last };
});
afterAll(async () => {
  await t?.close();
});

const bearer = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });
const publish = (body: unknown, key = publisher.key) => t.post('/alerts/publish', body, bearer(key));
const alertCount = async () => (await t.db.select({ n: count() }).from(alerts))[0]!.n;
let seq = 0;
const nextId = () => `ext-${(seq += 1)}-${Date.now()}`;

/** A valid stock alert: buy 100-102, targets 106/110, stop 97. */
const stockAlert = (over: Record<string, unknown> = {}) => ({
  id: nextId(),
  ...SAMPLE_STOCK_ALERT,
  ...over,
});

/** Strikes of the chain around the money. */
function strikesNear(n: number): number[] {
  const sorted = [...chain.strikes].sort((a, b) => Math.abs(a - chain.spot) - Math.abs(b - chain.spot));
  return sorted.slice(0, n).sort((a, b) => a - b);
}

const optionsAlert = (over: Record<string, unknown> = {}) => ({
  id: nextId(),
  alert_type: 'OPTIONS-ALERTS',
  ticker: 'AAPL',
  alert_price: 3.2,
  buy_range_low: 3,
  buy_range_high: 3.3,
  target_range_low: 4.5,
  target_range_high: 6,
  stop_loss: 2.2,
  rating: 3,
  strategy: 'BUY CALL',
  single_strike: strikesNear(1)[0],
  single_expiration: chain.expiration,
  ...over,
});

describe('publisher keys (super users)', () => {
  it('creates a publisher and shows its key once; the list shows only the prefix', async () => {
    const res = await t.post('/alerts/publishers', { name: '  Options bot ' }, { token: superToken });
    expect(res.statusCode).toBe(200);
    const created = res.json<CreatedPublisherDto>();
    expect(created).toMatchObject({ name: 'Options bot' });
    expect(created.key.startsWith(created.key_prefix)).toBe(true);
    expect(created.key.length).toBeGreaterThan(30);
    const [row] = await t.db.select().from(alertPublishers).where(eq(alertPublishers.id, created.id));
    expect(row!.keyHash).not.toContain(created.key);
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);

    const list = (await t.get('/alerts/publishers', { token: superToken })).json<{ data: AlertPublisherDto[] }>().data;
    const shown = list.find((p) => p.id === created.id)!;
    expect(shown).toEqual({
      id: created.id,
      name: 'Options bot',
      key_prefix: created.key_prefix,
      created: expect.any(String),
      revoked: null,
      alerts: 0,
    });
    expect(JSON.stringify(list)).not.toContain(created.key);
  });

  it.each([
    ['POST /alerts/publishers', () => t.post('/alerts/publishers', { name: 'x' }, { token: userToken })],
    ['GET /alerts/publishers', () => t.get('/alerts/publishers', { token: userToken })],
    [
      'DELETE /alerts/publishers/{id}',
      () =>
        t.inject({
          method: 'DELETE',
          url: `/api/alerts/publishers/${publisher.id}`,
          headers: { authorization: `Token ${userToken}` },
        }),
    ],
    ['POST /alerts/create/', () => t.post('/alerts/create/', stockAlert(), { token: userToken })],
  ])('%s is for super users only: 403 for a subscriber, 401 without a session', async (_name, call) => {
    const res = await call();
    expect(res.statusCode).toBe(403);
    const anonymous = await t.get('/alerts/publishers');
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a publisher without a name', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }]) {
      const res = await t.post('/alerts/publishers', body, { token: superToken });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('name');
    }
  });

  it('revokes a key: the next publish with it is refused; revoking again is fine; unknown ids are 404', async () => {
    const p = (
      await t.post('/alerts/publishers', { name: 'Short-lived' }, { token: superToken })
    ).json<CreatedPublisherDto>();
    expect((await publish(stockAlert(), p.key)).statusCode).toBe(200);
    const del = () =>
      t.inject({
        method: 'DELETE',
        url: `/api/alerts/publishers/${p.id}`,
        headers: { authorization: `Token ${superToken}` },
      });
    const res = await del();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ALERT_PUBLISH_MSG.publisherRevoked('Short-lived') });
    expect((await del()).statusCode).toBe(200);
    const refused = await publish(stockAlert(), p.key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: ALERT_PUBLISH_MSG.keyInvalid });
    const list = (await t.get('/alerts/publishers', { token: superToken })).json<{ data: AlertPublisherDto[] }>().data;
    expect(list.find((x) => x.id === p.id)).toMatchObject({ revoked: expect.any(String), alerts: 1 });
    const unknown = await t.inject({
      method: 'DELETE',
      url: '/api/alerts/publishers/999999',
      headers: { authorization: `Token ${superToken}` },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /api/alerts/publish', () => {
  it('stores a good alert: company name from the market, risk and reward, embeds with ids', async () => {
    const body = stockAlert();
    const res = await publish(body);
    expect(res.statusCode).toBe(200);
    const { created, alert } = res.json<PublishAlertResponse>();
    expect(created).toBe(true);
    expect(alert).toMatchObject({
      ticker: 'MSFT',
      company_name: 'Microsoft Corporation',
      category: 'STOCKS',
      alert_type: 'SWING-ALERTS',
      rating: 4,
      alert_price: 101.5,
      buy_range_low: 100,
      buy_range_high: 102,
      target_range_low: 106,
      target_range_high: 110,
      stop_loss: 97,
      risk_percent: 4.902,
      reward_percent: 7.8431,
      completed: false,
      half_completed: false,
      completed_status: 'ONGOING',
      exit_price: null,
      strategy: null,
      notes: 'Scale out at target 1.',
      embeds: [
        {
          fields: [
            { id: 1, label: 'Setup', value: 'Bull flag' },
            { id: 2, label: 'Risk vs Reward', value: '4.90% <-> 7.84%' },
          ],
        },
      ],
    });
    const [row] = await t.db.select().from(alerts).where(eq(alerts.id, alert.id));
    expect(row).toMatchObject({
      externalId: body.id,
      publisherId: publisher.id,
      evaluatedThrough: null,
      createdBy: null,
    });
  });

  it('takes the key in X-Api-Key too, and prices as numeric strings', async () => {
    const res = await t.post('/alerts/publish', stockAlert({ alert_price: '101.25', rating: '2' }), {
      headers: { 'x-api-key': publisher.key },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<PublishAlertResponse>().alert).toMatchObject({ alert_price: 101.25, rating: 2 });
  });

  it('is idempotent by the publisher’s id: a repeat returns the stored alert with created: false', async () => {
    const body = stockAlert();
    const first = (await publish(body)).json<PublishAlertResponse>();
    const before = await alertCount();
    const again = await publish({ ...body, alert_price: 150, rating: 1 });
    expect(again.statusCode).toBe(200);
    expect(again.json<PublishAlertResponse>()).toEqual({ ...first, created: false });
    expect(await alertCount()).toBe(before);
    // The same id from another publisher is another alert.
    const other = (
      await t.post('/alerts/publishers', { name: 'Second desk' }, { token: superToken })
    ).json<CreatedPublisherDto>();
    const theirs = (await publish(body, other.key)).json<PublishAlertResponse>();
    expect(theirs.created).toBe(true);
    expect(theirs.alert.id).not.toBe(first.alert.id);
  });

  it('publishing the same id twice at once stores one alert', async () => {
    const body = stockAlert();
    const results = await Promise.all([publish(body), publish(body), publish(body)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const answers = results.map((r) => r.json<PublishAlertResponse>());
    expect(new Set(answers.map((a) => a.alert.id)).size).toBe(1);
    expect(answers.filter((a) => a.created)).toHaveLength(1);
  });

  it.each([
    ['no key', {}, ALERT_PUBLISH_MSG.keyMissing],
    ['an unknown key', bearer('drat_pk_notarealkeyatall0000000000000'), ALERT_PUBLISH_MSG.keyInvalid],
    ['a key of the wrong shape', { headers: { 'x-api-key': 'hello' } }, ALERT_PUBLISH_MSG.keyInvalid],
    ['a session token instead of a key', {}, ALERT_PUBLISH_MSG.keyMissing, true],
  ] as [string, { headers?: Record<string, string> }, string, boolean?][])(
    'refuses %s with 401 and stores nothing',
    async (_label, options, detail, asSession = false) => {
      const before = await alertCount();
      const res = await t.post('/alerts/publish', stockAlert(), asSession ? { token: superToken } : options);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail });
      expect(await alertCount()).toBe(before);
    },
  );

  it('checks the key before the body: a bad body with a bad key is a 401', async () => {
    const res = await t.post('/alerts/publish', { nonsense: true }, bearer('drat_pk_nope'));
    expect(res.statusCode).toBe(401);
  });

  const BAD: [string, () => Record<string, unknown>, string, string?][] = [
    ['no id', () => stockAlert({ id: undefined }), 'id', ALERT_PUBLISH_MSG.required],
    ['an empty id', () => stockAlert({ id: '' }), 'id'],
    ['an id of 201 characters', () => stockAlert({ id: 'x'.repeat(201) }), 'id'],
    ['no alert type', () => stockAlert({ alert_type: undefined }), 'alert_type'],
    [
      'an unknown alert type',
      () => stockAlert({ alert_type: 'NOPE-ALERTS' }),
      'alert_type',
      ALERT_PUBLISH_MSG.unknownAlertType('NOPE-ALERTS'),
    ],
    ['no ticker', () => stockAlert({ ticker: undefined }), 'ticker'],
    ['a malformed ticker', () => stockAlert({ ticker: '12$' }), 'ticker'],
    ['an unknown ticker', () => stockAlert({ ticker: 'ZZQQX' }), 'ticker', ALERT_PUBLISH_MSG.unknownTicker('ZZQQX')],
    ['no alert price', () => stockAlert({ alert_price: undefined }), 'alert_price', ALERT_PUBLISH_MSG.required],
    [
      'a text alert price',
      () => stockAlert({ alert_price: 'abc' }),
      'alert_price',
      ALERT_PUBLISH_MSG.number('Alert Price'),
    ],
    [
      'a negative alert price',
      () => stockAlert({ alert_price: -1 }),
      'alert_price',
      ALERT_PUBLISH_MSG.positive('Alert Price'),
    ],
    ['an absurd price', () => stockAlert({ target_range_high: 1e12 }), 'target_range_high'],
    [
      'a stop loss with more decimals than a price keeps',
      () => stockAlert({ stop_loss: 95.123456789 }),
      'stop_loss',
      ALERT_PUBLISH_MSG.tooPrecise('Stop Loss'),
    ],
    ['no buy range low', () => stockAlert({ buy_range_low: undefined }), 'buy_range_low'],
    ['no buy range high', () => stockAlert({ buy_range_high: null }), 'buy_range_high'],
    ['no target range low', () => stockAlert({ target_range_low: '' }), 'target_range_low'],
    ['no target range high', () => stockAlert({ target_range_high: undefined }), 'target_range_high'],
    ['no stop loss', () => stockAlert({ stop_loss: undefined }), 'stop_loss'],
    ['a zero stop loss', () => stockAlert({ stop_loss: 0 }), 'stop_loss'],
    [
      'buy high under buy low',
      () => stockAlert({ buy_range_low: 102, buy_range_high: 100 }),
      'buy_range_high',
      ALERT_PUBLISH_MSG.buyRangeOrder,
    ],
    [
      'buy high equal to buy low',
      () => stockAlert({ buy_range_low: 101, buy_range_high: 101 }),
      'buy_range_high',
      ALERT_PUBLISH_MSG.buyRangeOrder,
    ],
    [
      'target high under target low',
      () => stockAlert({ target_range_low: 110, target_range_high: 106 }),
      'target_range_high',
      ALERT_PUBLISH_MSG.targetRangeOrder,
    ],
    ['a stop at the buy low', () => stockAlert({ stop_loss: 100 }), 'stop_loss', ALERT_PUBLISH_MSG.stopOrder],
    ['a stop over the buy low', () => stockAlert({ stop_loss: 101 }), 'stop_loss', ALERT_PUBLISH_MSG.stopOrder],
    [
      'target low inside the buy range',
      () => stockAlert({ target_range_low: 101.5 }),
      'target_range_low',
      ALERT_PUBLISH_MSG.targetOverBuy,
    ],
    ['a rating of 6', () => stockAlert({ rating: 6 }), 'rating', ALERT_PUBLISH_MSG.rating],
    ['a rating of -1', () => stockAlert({ rating: -1 }), 'rating', ALERT_PUBLISH_MSG.rating],
    ['a rating of 2.5', () => stockAlert({ rating: 2.5 }), 'rating', ALERT_PUBLISH_MSG.rating],
    ['embeds that are not a list', () => stockAlert({ embeds: 'x' }), 'embeds'],
    ['an embed field without a label', () => stockAlert({ embeds: [{ fields: [{ value: 'v' }] }] }), 'embeds'],
    [
      'an embed value of 1,025 characters',
      () => stockAlert({ embeds: [{ fields: [{ label: 'a', value: 'v'.repeat(1025) }] }] }),
      'embeds',
    ],
    ['eleven embeds', () => stockAlert({ embeds: Array.from({ length: 11 }, () => ({ fields: [] })) }), 'embeds'],
    [
      'notes of 4,001 characters',
      () => stockAlert({ notes: 'n'.repeat(4001) }),
      'notes',
      ALERT_PUBLISH_MSG.notesTooLong,
    ],
    ['an unknown strategy', () => optionsAlert({ strategy: 'SELL CALL' }), 'strategy', 'Invalid Strategy'],
    [
      'an OPTIONS type without a strategy',
      () => optionsAlert({ strategy: undefined, single_strike: undefined, single_expiration: undefined }),
      'strategy',
      ALERT_PUBLISH_MSG.strategyRequired,
    ],
    [
      'a strike without a strategy',
      () => stockAlert({ single_strike: 100 }),
      'strategy',
      ALERT_PUBLISH_MSG.optionsNeedStrategy,
    ],
    [
      'BUY CALL without a strike',
      () => optionsAlert({ single_strike: undefined }),
      'single_strike',
      ALERT_PUBLISH_MSG.required,
    ],
    [
      'BUY PUT without an expiration',
      () => optionsAlert({ strategy: 'BUY PUT', single_expiration: undefined }),
      'single_expiration',
      ALERT_PUBLISH_MSG.required,
    ],
    ['a malformed expiration', () => optionsAlert({ single_expiration: '2026-02-30' }), 'single_expiration'],
    ['a negative strike', () => optionsAlert({ single_strike: -5 }), 'single_strike'],
    [
      'STRANGLE without leg two',
      () => optionsAlert({ strategy: 'STRANGLE', leg_one_strike: 200, leg_one_expiration: chain.expiration }),
      'leg_two_strike',
      ALERT_PUBLISH_MSG.required,
    ],
    [
      'STRANGLE with leg one under leg two',
      () =>
        optionsAlert({
          strategy: 'STRANGLE',
          leg_one_strike: 190,
          leg_two_strike: 200,
          leg_one_expiration: chain.expiration,
        }),
      'leg_one_strike',
      ALERT_PUBLISH_MSG.strangleOrder,
    ],
    [
      'STRANGLE with equal strikes',
      () =>
        optionsAlert({
          strategy: 'STRANGLE',
          leg_one_strike: 200,
          leg_two_strike: 200,
          leg_one_expiration: chain.expiration,
        }),
      'leg_two_strike',
      ALERT_PUBLISH_MSG.strangleUnequal,
    ],
    [
      'STRADDLE with unequal strikes',
      () =>
        optionsAlert({
          strategy: 'STRADDLE',
          leg_one_strike: 200,
          leg_two_strike: 195,
          leg_one_expiration: chain.expiration,
        }),
      'leg_two_strike',
      ALERT_PUBLISH_MSG.straddleEqual,
    ],
    [
      'STRADDLE without an expiration',
      () => optionsAlert({ strategy: 'STRADDLE', leg_one_strike: 200 }),
      'leg_one_expiration',
      ALERT_PUBLISH_MSG.required,
    ],
    [
      'an expiration that is not listed',
      () => optionsAlert({ single_expiration: '2031-06-14' }),
      'single_expiration',
      ALERT_PUBLISH_MSG.noSuchExpiration('AAPL', '2031-06-14'),
    ],
    [
      'an expiration in the past',
      () => optionsAlert({ single_expiration: '2020-01-17' }),
      'single_expiration',
      ALERT_PUBLISH_MSG.expirationPast,
    ],
    ['a strike that is not listed', () => optionsAlert({ single_strike: 0.5 }), 'single_strike'],
  ];

  it.each(BAD)('400 for %s, naming the field (%s), and nothing is stored', async (_label, body, field, message) => {
    const before = await alertCount();
    const res = await publish(body());
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json<Record<string, string[]>>();
    expect(Object.keys(errors)).toContain(field);
    if (message) expect(errors[field]).toContain(message);
    expect(await alertCount()).toBe(before);
  });

  it('stores notes and embed fields as plain text: markup and scripts are dropped before they are kept', async () => {
    const res = await publish(
      stockAlert({
        notes: 'Tight stop <script>fetch("https://evil.example")</script><b>now</b>',
        embeds: [{ fields: [{ label: '<i>Setup</i>', value: 'Flag <img src=x onerror=alert(1)>breakout' }] }],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const alert = res.json<PublishAlertResponse>().alert;
    expect(alert.notes).toBe('Tight stop now');
    expect(alert.embeds[0]!.fields[0]).toMatchObject({ label: 'Setup', value: 'Flag breakout' });
    const [stored] = await t.db.select().from(alerts).where(eq(alerts.id, alert.id));
    expect(stored!.notes).toBe('Tight stop now');
  });

  it('stores options alerts with their contracts: BUY CALL, BUY PUT, STRANGLE and STRADDLE', async () => {
    const [low, mid, high] = strikesNear(3) as [number, number, number];
    const call = (await publish(optionsAlert({ single_strike: mid }))).json<PublishAlertResponse>();
    expect(call.alert).toMatchObject({
      category: 'OPTIONS',
      strategy: 'BUY CALL',
      singleStrike: mid,
      singleExpiration: chain.expiration,
      legOneStrike: null,
    });
    const put = (await publish(optionsAlert({ strategy: 'BUY PUT', single_strike: low }))).json<PublishAlertResponse>();
    expect(put.alert).toMatchObject({ strategy: 'BUY PUT', singleStrike: low });
    const strangle = await publish(
      optionsAlert({
        strategy: 'strangle',
        single_strike: undefined,
        single_expiration: undefined,
        leg_one_strike: high,
        leg_two_strike: low,
        leg_one_expiration: chain.expiration,
      }),
    );
    expect(strangle.statusCode, strangle.body).toBe(200);
    expect(strangle.json<PublishAlertResponse>().alert).toMatchObject({
      strategy: 'STRANGLE',
      legOneStrike: high,
      legOneType: 'CALL',
      legTwoStrike: low,
      legTwoType: 'PUT',
      legOneExpiration: chain.expiration,
      singleStrike: null,
    });
    const straddle = (
      await publish(
        optionsAlert({
          strategy: 'STRADDLE',
          single_strike: undefined,
          single_expiration: undefined,
          leg_one_strike: mid,
          leg_one_expiration: chain.expiration,
        }),
      )
    ).json<PublishAlertResponse>();
    expect(straddle.alert).toMatchObject({
      strategy: 'STRADDLE',
      legOneStrike: mid,
      legTwoStrike: mid,
      legOneType: 'CALL',
      legTwoType: 'PUT',
    });
  });

  it('an OTC alert keeps sub-cent prices unrounded (1-core §9), down to a hundredth of a cent and below', async () => {
    const companies = await Promise.all((await t.market.universe()).map((s) => t.market.company(s)));
    const ticker = companies.find((c) => c?.type === 'otc')!.symbol;
    const res = await publish(
      stockAlert({
        alert_type: 'OTC-RUNNERS',
        ticker,
        alert_price: 0.00123,
        buy_range_low: 0.00118,
        buy_range_high: 0.00125,
        target_range_low: 0.0015,
        target_range_high: 0.0019,
        stop_loss: 0.00101,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PublishAlertResponse>().alert).toMatchObject({
      category: 'OTC',
      alert_price: 0.00123,
      buy_range_low: 0.00118,
      stop_loss: 0.00101,
    });
  });
});

describe('POST /api/alerts/create/ (the New alert form)', () => {
  it('stores the alert for a super user, with no publisher and the user as author', async () => {
    const { id: _ignored, ...body } = stockAlert({ ticker: 'nvda', alert_type: 'day-trade-alerts' });
    const res = await t.post('/alerts/create/', body, { token: superToken });
    expect(res.statusCode, res.body).toBe(200);
    const { created, alert } = res.json<PublishAlertResponse>();
    expect(created).toBe(true);
    expect(alert).toMatchObject({ ticker: 'NVDA', alert_type: 'DAY-TRADE-ALERTS', category: 'STOCKS' });
    const [row] = await t.db.select().from(alerts).where(eq(alerts.id, alert.id));
    expect(row).toMatchObject({ publisherId: null, externalId: null });
    expect(row!.createdBy).toEqual(expect.any(Number));
  });

  it('answers 400 naming the field, and stores nothing', async () => {
    const before = await alertCount();
    const res = await t.post('/alerts/create/', stockAlert({ stop_loss: 150 }), { token: superToken });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ stop_loss: [ALERT_PUBLISH_MSG.stopOrder] });
    expect(await alertCount()).toBe(before);
  });
});

describe('the alert-published hook', () => {
  it('tells listeners once per new alert, after it is stored; not for a repeat; a failing listener does not fail the publish', async () => {
    const seen: AlertPublishedEvent[] = [];
    const { events, publish: service } = t.modules.alerts;
    const off1 = events.onAlertPublished(() => {
      throw new Error('listener failure');
    });
    const off2 = events.onAlertPublished(async (e) => {
      const [row] = await t.db.select().from(alerts).where(eq(alerts.id, e.alert.id));
      expect(row).toBeDefined();
      seen.push(e);
    });
    const { id, ...body } = stockAlert();
    const parsed = { ...body, embeds: [], notes: '', rating: 1 } as Parameters<typeof service.publish>[0];
    const first = await service.publish(parsed, { publisherId: publisher.id, externalId: id });
    await service.publish(parsed, { publisherId: publisher.id, externalId: id });
    off1();
    off2();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.alert.id).toBe(first.alert.id);
    expect(seen[0]!.alertType).toMatchObject({ name: 'SWING-ALERTS', category: 'STOCKS' });
  });
});
