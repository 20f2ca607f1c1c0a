import { equityBuyOn } from '../../../../test/broker-orders';
import { eventually } from '../../../../test/eventually';
import { failure } from '../../../../test/provider-failure';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALPACA_CLIENT_ID, ALPACA_CLIENT_SECRET, startAlpacaFake, type AlpacaFake } from '../../../../test/alpaca-fake';
import {
  ALPACA_SCOPES,
  createAlpacaBroker,
  type AlpacaBroker,
  type AlpacaBrokerOptions,
  type AlpacaCredentials,
} from './alpaca-broker';
import type { ManualOrder } from '../interface';

let fake: AlpacaFake;
let broker: AlpacaBroker;
const CASH = 'PA0000CASH';
const MARGIN = 'PA000MARGIN';
const PDT = 'PA00000PDT';
const CASH_TOKEN = 'token-cash-trader';
const MARGIN_KEYS = { keyId: 'PKMARGIN01', secretKey: 'secret-margin-01' };
const PDT_TOKEN = 'token-day-trader';
const REDIRECT = 'http://localhost:3000/trade/settings';

const credentials: Record<string, AlpacaCredentials> = {
  [CASH]: { kind: 'oauth', accessToken: CASH_TOKEN },
  [MARGIN]: { kind: 'key', ...MARGIN_KEYS },
  [PDT]: { kind: 'oauth', accessToken: PDT_TOKEN },
};

const optionsFor = (extra: Partial<AlpacaBrokerOptions> = {}): AlpacaBrokerOptions => ({
  baseUrl: fake.baseUrl,
  authorizeUrl: fake.authorizeUrl,
  tokenUrl: fake.tokenUrl,
  clientId: ALPACA_CLIENT_ID,
  clientSecret: ALPACA_CLIENT_SECRET,
  env: 'paper',
  credentialsOf: async (account) => credentials[account]!,
  timeoutMs: 300,
  backoffBaseMs: 5,
  requestsPerMinute: 10_000,
  ...extra,
});

beforeAll(async () => {
  fake = await startAlpacaFake();
  fake.addAccount({ number: CASH, type: 'cash', token: CASH_TOKEN });
  fake.addAccount({ number: MARGIN, type: 'margin', keyPair: MARGIN_KEYS });
  fake.addAccount({ number: PDT, type: 'margin', patternDayTrader: true, token: PDT_TOKEN });
  broker = createAlpacaBroker(optionsFor());
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.orders.length = 0;
  fake.requests.length = 0;
});

const equityBuy = equityBuyOn(CASH);

const exitOrder = (tag: string, extra: Partial<ManualOrder> = {}): ManualOrder => ({
  account: MARGIN,
  tag,
  kind: 'equity',
  symbol: 'AAPL',
  optionSymbol: null,
  side: 'sell',
  type: 'stop',
  duration: 'day',
  qty: '3',
  limitPrice: null,
  stopPrice: '140',
  ...extra,
});

const sent = () => fake.placements().map((r) => r.json);

describe('Alpaca OAuth, key pairs and the account', () => {
  it('the-authorize-link-asks-for-a-code-for-the-client-its-callback-the-state-the-scope-and-paper', () => {
    const url = new URL(broker.link.authorizeUrl('state-123', REDIRECT));
    expect(url.origin + url.pathname).toBe(fake.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: ALPACA_CLIENT_ID,
      redirect_uri: REDIRECT,
      state: 'state-123',
      scope: ALPACA_SCOPES,
      env: 'paper',
    });
    const live = createAlpacaBroker(optionsFor({ env: undefined, baseUrl: 'https://api.alpaca.markets' }));
    expect(new URL(live.link.authorizeUrl('s', REDIRECT)).searchParams.get('env')).toBe('live');
  });

  it('the-authorize-page-sends-the-trader-back-and-the-code-becomes-a-token-that-does-not-expire', async () => {
    fake.addAccount({ number: 'PA00000NEW', type: 'cash', token: 'token-new' });
    const page = await fetch(broker.link.authorizeUrl('state-9', REDIRECT), { redirect: 'manual' });
    expect(page.status).toBe(302);
    const back = new URL(page.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('state-9');

    const creds = await broker.link.exchange(back.searchParams.get('code')!, REDIRECT, 1);
    expect(creds).toEqual({ accessToken: 'token-new', refreshToken: null, expiresAt: null });
    const form = fake.to('/oauth/token')[0]!.form;
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code'),
      client_id: ALPACA_CLIENT_ID,
      client_secret: ALPACA_CLIENT_SECRET,
      redirect_uri: REDIRECT,
    });
  });

  it('a-code-used-twice-is-refused-and-not-retried', async () => {
    const { code } = fake.addAccount({ number: 'PA0000ONCE', type: 'cash', token: 'token-once' });
    await broker.link.exchange(code!, REDIRECT, 1);
    const err = await failure(broker.link.exchange(code!, REDIRECT, 1));
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toMatch(/invalid_grant/);
    expect(fake.to('/oauth/token')).toHaveLength(2);
  });

  it('a-token-reaches-one-account-read-from-v2-account-with-the-bearer-header', async () => {
    const accounts = await broker.link.accounts({ accessToken: PDT_TOKEN, refreshToken: null, expiresAt: null }, 1);
    expect(accounts).toEqual([{ accountId: PDT, accountType: 'PDT', status: 'ACTIVE' }]);
    expect(fake.to('/v2/account')[0]!.headers.authorization).toBe(`Bearer ${PDT_TOKEN}`);
  });

  it('a-key-pair-is-checked-with-the-apca-headers-and-a-wrong-secret-is-unauthorized', async () => {
    expect(await broker.checkKeyPair(MARGIN_KEYS.keyId, MARGIN_KEYS.secretKey)).toEqual({
      accountId: MARGIN,
      accountType: 'MARGIN',
      status: 'ACTIVE',
    });
    const headers = fake.to('/v2/account')[0]!.headers;
    expect([headers['apca-api-key-id'], headers['apca-api-secret-key'], headers.authorization]).toEqual([
      MARGIN_KEYS.keyId,
      MARGIN_KEYS.secretKey,
      undefined,
    ]);
    const err = await failure(broker.checkKeyPair(MARGIN_KEYS.keyId, 'not-the-secret'));
    expect(err.code).toBe('UNAUTHORIZED');
    expect(err.message).toMatch(/request is not authorized/);
  });

  it('an-expired-token-is-unauthorized-and-not-retried', async () => {
    fake.addAccount({ number: 'PA000GONE', type: 'cash', token: 'token-gone' });
    fake.expire('token-gone');
    const gone = createAlpacaBroker(
      optionsFor({ credentialsOf: async () => ({ kind: 'oauth', accessToken: 'token-gone' }) }),
    );
    const err = await failure(gone.balances('PA000GONE'));
    expect(err.code).toBe('UNAUTHORIZED');
    expect(err.retryable).toBe(false);
    expect(fake.to('/v2/account')).toHaveLength(1);
  });
});

describe('Alpaca balances', () => {
  it('a-cash-account-has-no-available-funds-and-spends-its-buying-power', async () => {
    expect(await broker.balances(CASH)).toEqual({
      account: CASH,
      accountValue: '17798.36',
      buyingPower: '4343.38',
      equitiesValue: '11434.5',
      cash: '6363.86',
      accountType: 'CASH',
      availableFunds: null,
    });
  });

  it('a-margin-account-by-its-multiplier-shows-available-funds-and-keeps-decimals-exact', async () => {
    fake.inject(
      { path: '/v2/account' },
      {
        json: {
          account_number: MARGIN,
          status: 'ACTIVE',
          multiplier: '2',
          cash: '-23140.2',
          equity: '103820.56',
          long_market_value: '126960.76',
          short_market_value: '0',
          buying_power: '262113.632',
          options_buying_power: '40340.18',
        },
      },
    );
    expect(await broker.balances(MARGIN)).toEqual({
      account: MARGIN,
      accountValue: '103820.56',
      buyingPower: '262113.632',
      equitiesValue: '126960.76',
      cash: '-23140.2',
      accountType: 'MARGIN',
      availableFunds: '40340.18',
    });
  });

  it('a-429-on-a-read-waits-for-the-window-to-reset-and-is-retried', async () => {
    const reset = Math.ceil(Date.now() / 1000) + 1;
    fake.inject(
      { path: '/v2/account' },
      {
        status: 429,
        headers: { 'X-RateLimit-Limit': '200', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(reset) },
        json: { code: 42910000, message: 'rate limit exceeded' },
      },
    );
    const started = Date.now();
    expect((await broker.balances(CASH)).accountType).toBe('CASH');
    expect(Date.now()).toBeGreaterThanOrEqual(reset * 1000 - 50);
    expect(Date.now() - started).toBeGreaterThan(500);
    expect(fake.to('/v2/account')).toHaveLength(2);
  });

  it('a-passing-5xx-on-a-read-is-retried-and-a-lasting-one-is-upstream', async () => {
    fake.inject({ path: '/v2/account' }, { status: 503, json: { code: 50300000, message: 'busy' } });
    expect((await broker.balances(CASH)).cash).toBe('6363.86');
    expect(fake.to('/v2/account')).toHaveLength(2);

    fake.inject({ path: '/v2/account' }, { status: 500, json: { message: 'down' } }, 4);
    const err = await failure(broker.balances(CASH));
    expect([err.code, err.retryable, err.details.attempts]).toEqual(['UPSTREAM', true, 4]);
  });
});

describe('Alpaca orders', () => {
  it('an-equity-limit-is-sent-as-json-with-our-tag-as-client-order-id-and-answered-open', async () => {
    const o = await broker.placeOrder(equityBuy('T1-R1-L0-BUY-1'));
    expect(sent()).toEqual([
      {
        symbol: 'AAPL',
        qty: '10',
        side: 'buy',
        type: 'limit',
        time_in_force: 'gtc',
        limit_price: '150.25',
        client_order_id: 'T1-R1-L0-BUY-1',
      },
    ]);
    expect(fake.placements()[0]!.headers['content-type']).toBe('application/json');
    expect(o).toMatchObject({
      id: fake.orders[0]!.id,
      tag: 'T1-R1-L0-BUY-1',
      status: 'open',
      side: 'buy',
      type: 'limit',
      qty: '10',
      limitPrice: '150.25',
      filledQty: '0',
      avgFillPrice: null,
      detail: { kind: 'equity', type: 'limit', duration: 'gtc', queued: false },
    });
  });

  it('a-market-order-sends-no-limit-price', async () => {
    const o = await broker.placeOrder(
      equityBuy('T2-R1-L0-BUY-1', { type: 'market', limitPrice: null, duration: 'day' }),
    );
    expect(sent()[0]).toEqual({
      symbol: 'AAPL',
      qty: '10',
      side: 'buy',
      type: 'market',
      time_in_force: 'day',
      client_order_id: 'T2-R1-L0-BUY-1',
    });
    expect([o.type, o.limitPrice]).toEqual(['market', null]);
  });

  it('the-same-tag-placed-again-answers-the-existing-order', async () => {
    const first = await broker.placeOrder(equityBuy('T3-R1-L0-BUY-1'));
    const again = await broker.placeOrder(equityBuy('T3-R1-L0-BUY-1'));
    expect(again.id).toBe(first.id);
    expect(fake.placements()).toHaveLength(2);
    expect(fake.orders.filter((o) => o.client_order_id === 'T3-R1-L0-BUY-1')).toHaveLength(1);
    expect(fake.to('/v2/orders:by_client_order_id')[0]!.query.get('client_order_id')).toBe('T3-R1-L0-BUY-1');
  });

  it('accepted-but-timed-out-is-reconciled-by-client-order-id-one-order-exists', async () => {
    fake.failNextPlace('accept-then-hang');
    const o = await broker.placeOrder(equityBuy('T4-R1-L0-BUY-1'));
    expect(o).toMatchObject({ tag: 'T4-R1-L0-BUY-1', id: fake.orders[0]!.id });
    expect(fake.placements()).toHaveLength(1);
    expect(fake.orders).toHaveLength(1);
  });

  it('accepted-but-answered-500-is-reconciled-not-sent-again', async () => {
    fake.failNextPlace('accept-then-500');
    const o = await broker.placeOrder(equityBuy('T5-R1-L0-BUY-1'));
    expect(o.status).toBe('open');
    expect(fake.placements()).toHaveLength(1);
    expect(fake.orders).toHaveLength(1);
  });

  it('a-timeout-of-an-order-never-taken-stays-a-retryable-failure-for-the-runner', async () => {
    fake.failNextPlace('hang-before-accepting');
    const err = await failure(broker.placeOrder(equityBuy('T6-R1-L0-BUY-1')));
    expect([err.code, err.retryable]).toEqual(['TIMEOUT', true]);
    expect(fake.placements()).toHaveLength(1);
    expect(fake.to('/v2/orders:by_client_order_id')).toHaveLength(1);
    expect(fake.orders).toHaveLength(0);
  });

  it('insufficient-buying-power-403-is-a-bad-request-in-alpacas-words-never-retried', async () => {
    fake.failNextPlace('insufficient-buying-power');
    const err = await failure(broker.placeOrder(equityBuy('T7-R1-L0-BUY-1')));
    expect([err.code, err.message, err.retryable, err.status]).toEqual([
      'BAD_REQUEST',
      'insufficient buying power',
      false,
      403,
    ]);
    expect(err.details.vendorCode).toBe(40310000);
    expect(fake.placements()).toHaveLength(1);
  });

  it('an-unprocessable-422-is-a-bad-request-and-nothing-is-looked-up', async () => {
    fake.failNextPlace('unprocessable');
    const err = await failure(broker.placeOrder(equityBuy('T8-R1-L0-BUY-1', { limitPrice: '290.123' })));
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toMatch(/sub-penny increment/);
    expect(fake.to('/v2/orders:by_client_order_id')).toHaveLength(0);
  });

  it('a-429-on-an-order-is-rate-limited-and-not-sent-again', async () => {
    fake.inject({ method: 'POST', path: '/v2/orders' }, { status: 429, json: { message: 'rate limit exceeded' } });
    const err = await failure(broker.placeOrder(equityBuy('T9-R1-L0-BUY-1')));
    expect([err.code, err.retryable]).toEqual(['RATE_LIMITED', true]);
    expect(fake.placements()).toHaveLength(1);
  });

  it('fills-are-cumulative-and-orders-since-keeps-working-ones-and-those-changed-since', async () => {
    const a = await broker.placeOrder(equityBuy('T10-R1-L0-BUY-1'));
    const b = await broker.placeOrder(equityBuy('T10-R1-L0-BUY-2'));
    fake.fill(a.id, '4', '150');
    const since = new Date(Date.now() + 5).toISOString();
    await new Promise((r) => setTimeout(r, 20));
    expect((await broker.orders(CASH, since)).map((o) => [o.tag, o.status, o.filledQty])).toEqual([
      ['T10-R1-L0-BUY-2', 'open', '0'],
      ['T10-R1-L0-BUY-1', 'partially_filled', '4'],
    ]);
    fake.fill(a.id, '6', '150.5');
    fake.setStatus(b.id, 'expired');
    const later = await broker.orders(CASH, since);
    expect(later.find((o) => o.id === a.id)).toMatchObject({
      status: 'filled',
      filledQty: '10',
      avgFillPrice: '150.3',
    });
    expect(later.find((o) => o.id === b.id)?.status).toBe('expired');
    const stale = await broker.orders(CASH, new Date(Date.now() + 60_000).toISOString());
    expect(stale).toEqual([]);
    expect(fake.to('/v2/orders', 'GET').map((r) => r.query.get('status'))).toEqual([
      'open',
      'closed',
      'open',
      'closed',
      'open',
      'closed',
    ]);
  });

  it('a-replace-makes-a-new-order-that-answers-to-the-same-tag-and-the-old-one-drops-out', async () => {
    const placed = await broker.placeOrder(equityBuy('T11-R1-L0-BUY-1'));
    const modified = await broker.modifyOrder(CASH, placed.id, { limitPrice: '149.5', duration: 'day' });
    expect(modified.id).not.toBe(placed.id);
    expect(modified).toMatchObject({ tag: 'T11-R1-L0-BUY-1', limitPrice: '149.5', detail: { duration: 'day' } });
    expect(fake.to(`/v2/orders/${placed.id}`, 'PATCH')[0]!.json).toEqual({
      client_order_id: 'T11-R1-L0-BUY-1_r1',
      time_in_force: 'day',
      limit_price: '149.5',
    });
    const again = await broker.modifyOrder(CASH, modified.id, { limitPrice: '149' });
    expect(fake.orders.find((o) => o.id === again.id)?.client_order_id).toBe('T11-R1-L0-BUY-1_r2');

    expect((await broker.findOrder(CASH, 'T11-R1-L0-BUY-1'))?.id).toBe(again.id);
    expect((await broker.orders(CASH, null)).map((o) => o.id)).toEqual([again.id]);
    const monitor = await broker.allOrders(CASH);
    expect(monitor.map((o) => [o.id, o.status])).toEqual([
      [again.id, 'open'],
      [modified.id, 'canceled'],
      [placed.id, 'canceled'],
    ]);
    expect(monitor[2]!.reason).toBe(`replaced by ${modified.id}`);
  });

  it('a-replace-taken-but-answered-500-is-found-by-its-tag-not-sent-again', async () => {
    const placed = await broker.placeOrder(equityBuy('T15-R1-L0-BUY-1'));
    fake.failNextReplace('accept-then-500');
    const modified = await broker.modifyOrder(CASH, placed.id, { limitPrice: '148' });
    expect(modified).toMatchObject({ tag: 'T15-R1-L0-BUY-1', limitPrice: '148', status: 'open' });
    expect(modified.id).toBe(fake.orders.find((o) => o.client_order_id === 'T15-R1-L0-BUY-1_r1')?.id);
    expect(fake.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it('a-replace-never-taken-whose-answer-is-lost-stays-a-retryable-failure', async () => {
    const placed = await broker.placeOrder(equityBuy('T16-R1-L0-BUY-1'));
    fake.inject({ method: 'PATCH', path: `/v2/orders/${placed.id}` }, 'hang');
    const err = await failure(broker.modifyOrder(CASH, placed.id, { limitPrice: '148' }));
    expect([err.code, err.retryable]).toEqual(['TIMEOUT', true]);
    expect(fake.orders.map((o) => o.status)).toEqual(['new']);
  });

  it('a-change-of-type-is-refused-in-words-and-nothing-is-replaced', async () => {
    const placed = await broker.placeOrder(equityBuy('T12-R1-L0-BUY-1'));
    const err = await failure(broker.modifyOrder(CASH, placed.id, { type: 'stop', stopPrice: '140' }));
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toMatch(/cannot change a limit order into a stop order/);
    expect(fake.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });

  it('a-working-order-is-cancelled-and-a-cancel-that-meets-a-fill-answers-the-fill', async () => {
    const a = await broker.placeOrder(equityBuy('T13-R1-L0-BUY-1'));
    expect((await broker.cancelOrder(CASH, a.id)).status).toBe('canceled');
    expect(fake.to(`/v2/orders/${a.id}`, 'DELETE')).toHaveLength(1);

    const b = await broker.placeOrder(equityBuy('T13-R1-L0-BUY-2'));
    fake.fill(b.id, '10', '150');
    expect(await broker.cancelOrder(CASH, b.id)).toMatchObject({ status: 'filled', filledQty: '10' });

    const err = await failure(broker.cancelOrder(CASH, 'no-such-order'));
    expect(err.code).toBe('NOT_FOUND');
  });

  it('all-orders-come-newest-first-with-alpacas-statuses-mapped', async () => {
    const statuses = ['accepted', 'done_for_day', 'pending_cancel', 'rejected', 'calculated', 'held', 'new'];
    const ids: string[] = [];
    for (const [i, status] of statuses.entries()) {
      const o = await broker.placeOrder(equityBuy(`T14-R1-L0-BUY-${i}`));
      fake.setStatus(o.id, status);
      ids.push(o.id);
    }
    const all = await broker.allOrders(CASH);
    expect(all.map((o) => o.id)).toEqual([...ids].reverse());
    expect(all.map((o) => [o.status, o.detail?.queued]).reverse()).toEqual([
      ['open', true],
      ['open', true],
      ['open', false],
      ['rejected', false],
      ['open', true],
      ['open', true],
      ['open', false],
    ]);
    expect(fake.to('/v2/orders', 'GET')[0]!.query.get('status')).toBe('all');
  });

  it('a-hand-placed-stop-sell-is-sent-as-it-was-asked', async () => {
    const o = await broker.placeManualOrder(exitOrder('M1'));
    expect(sent()[0]).toEqual({
      symbol: 'AAPL',
      qty: '3',
      side: 'sell',
      type: 'stop',
      time_in_force: 'day',
      stop_price: '140',
      client_order_id: 'M1',
    });
    expect(o).toMatchObject({ side: 'sell', detail: { side: 'sell', type: 'stop', stopPrice: '140' } });
    expect(fake.placements()[0]!.headers['apca-api-key-id']).toBe(MARGIN_KEYS.keyId);
  });

  it('a-hand-placed-limit-before-the-open-is-an-extended-hours-day-limit-and-a-pre-market-stop-is-refused', async () => {
    await broker.placeManualOrder(
      exitOrder('M2', { type: 'limit', duration: 'pre', limitPrice: '151', stopPrice: null }),
    );
    expect(sent()[0]).toMatchObject({ type: 'limit', time_in_force: 'day', extended_hours: true, limit_price: '151' });
    const err = await failure(broker.placeManualOrder(exitOrder('M3', { duration: 'post' })));
    expect(err.code).toBe('BAD_REQUEST');
    expect(fake.placements()).toHaveLength(1);
  });
});

describe('Alpaca options and multileg orders', () => {
  const call = 'AAPL261218C00150000';
  const put = 'AAPL261218P00140000';

  it('an-option-buys-to-open-by-its-occ-symbol-for-the-day', async () => {
    const o = await broker.placeOrder({
      ...equityBuy('T20-R1-L0-BUY-1'),
      symbol: call,
      kind: 'option',
      multiplier: 100,
      duration: 'day',
      qty: '2',
      limitPrice: '3.1',
    });
    expect(sent()[0]).toEqual({
      symbol: call,
      qty: '2',
      side: 'buy',
      position_intent: 'buy_to_open',
      type: 'limit',
      time_in_force: 'day',
      limit_price: '3.1',
      client_order_id: 'T20-R1-L0-BUY-1',
    });
    expect(o.detail).toMatchObject({ kind: 'option', optionSymbol: call, side: 'buy_to_open' });
  });

  it('an-option-asked-good-till-cancelled-is-refused-in-words-before-anything-is-sent', async () => {
    const err = await failure(
      broker.placeOrder({ ...equityBuy('T21-R1-L0-TARGET-1'), symbol: call, kind: 'option', side: 'sell' }),
    );
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toMatch(/option orders for the day only/);
    expect(fake.placements()).toHaveLength(0);
  });

  it('a-strangle-is-one-mleg-order-a-debit-bought-and-a-credit-sold-with-a-leg-each', async () => {
    const strangle = {
      ...equityBuy('T22-R1-L0-BUY-1'),
      symbol: `${call}+${put}`,
      kind: 'multileg' as const,
      legs: [
        { symbol: call, ratio: 1 },
        { symbol: put, ratio: 1 },
      ],
      multiplier: 100,
      duration: 'day' as const,
      qty: '2',
      limitPrice: '3.10',
    };
    const bought = await broker.placeOrder(strangle);
    expect(sent()[0]).toEqual({
      order_class: 'mleg',
      qty: '2',
      type: 'limit',
      time_in_force: 'day',
      limit_price: '3.1',
      client_order_id: 'T22-R1-L0-BUY-1',
      legs: [
        { symbol: call, ratio_qty: '1', side: 'buy', position_intent: 'buy_to_open' },
        { symbol: put, ratio_qty: '1', side: 'buy', position_intent: 'buy_to_open' },
      ],
    });
    expect(bought).toMatchObject({
      symbol: `${call}+${put}`,
      side: 'buy',
      limitPrice: '3.1',
      detail: { kind: 'multileg', side: 'buy_to_open/buy_to_open', optionSymbol: null },
    });

    const sold = await broker.placeOrder({ ...strangle, tag: 'T22-R1-L0-TARGET-1', side: 'sell', limitPrice: '4.25' });
    expect(sent()[1]).toMatchObject({
      limit_price: '-4.25',
      legs: [{ side: 'sell', position_intent: 'sell_to_close' }, {}],
    });
    expect([sold.side, sold.limitPrice]).toEqual(['sell', '4.25']);
  });
});

describe('Alpaca positions and closed positions', () => {
  it('positions-carry-the-cost-basis-and-a-short-is-negative', async () => {
    fake.setPositions(MARGIN, [
      {
        asset_id: '904837e3-3b76-47ec-b432-046db621571b',
        symbol: 'AAPL',
        exchange: 'NASDAQ',
        asset_class: 'us_equity',
        avg_entry_price: '100.0',
        qty: '5',
        qty_available: '4',
        side: 'long',
        market_value: '600.0',
        cost_basis: '500.0',
      },
      { symbol: 'TSLA', qty: '-2', side: 'short', cost_basis: '-400.10', avg_entry_price: '200.05' },
    ]);
    expect(await broker.positions(MARGIN)).toEqual([
      { symbol: 'AAPL', qty: '5', cost: '500', openedAt: '' },
      { symbol: 'TSLA', qty: '-2', cost: '-400.1', openedAt: '' },
    ]);
  });

  it('closed-positions-are-the-long-round-trips-of-the-fill-activities', async () => {
    const account = 'PA000FILLS';
    credentials[account] = { kind: 'oauth', accessToken: 'token-fills' };
    fake.addAccount({ number: account, type: 'margin', token: 'token-fills' });
    const fill = (symbol: string, side: 'buy' | 'sell', qty: string, price: string, at: string) =>
      fake.addFillActivity(account, { symbol, side, qty, price, at });
    // MSFT was held before the fills begin (10 held, 10 sold): not a round trip seen whole.
    fill('MSFT', 'sell', '10', '400', '2026-03-02T15:00:00.000Z');
    fill('GE', 'buy', '1', '12.7', '2026-03-03T15:00:00.000Z');
    fill('GE', 'buy', '1', '12.3', '2026-03-04T15:00:00.000Z');
    fill('GE', 'sell', '2', '10.06', '2026-03-05T15:00:00.000Z');
    fill(`SNAP261218P00008500`, 'buy', '2', '0.35', '2026-03-06T15:00:00.000Z');
    fill(`SNAP261218P00008500`, 'sell', '2', '0.5', '2026-03-09T15:00:00.000Z');
    fill('GE', 'buy', '5', '11', '2026-03-10T15:00:00.000Z'); // still held
    fake.setPositions(account, [{ symbol: 'GE', qty: '5', cost_basis: '55' }]);
    expect(await broker.closedPositions(account)).toEqual([
      {
        symbol: 'SNAP261218P00008500',
        qty: '2',
        cost: '70',
        proceeds: '100',
        gainLoss: '30',
        gainLossPercent: '42.86',
        openedAt: '2026-03-06T15:00:00.000Z',
        closedAt: '2026-03-09T15:00:00.000Z',
      },
      {
        symbol: 'GE',
        qty: '2',
        cost: '25',
        proceeds: '20.12',
        gainLoss: '-4.88',
        gainLossPercent: '-19.52',
        openedAt: '2026-03-03T15:00:00.000Z',
        closedAt: '2026-03-05T15:00:00.000Z',
      },
    ]);
    expect(fake.to('/v2/account/activities/FILL')[0]!.query.get('direction')).toBe('desc');
  });

  it('closed-positions-page-through-the-fills-by-page-token', async () => {
    const account = 'PA000PAGES';
    credentials[account] = { kind: 'oauth', accessToken: 'token-pages' };
    fake.addAccount({ number: account, type: 'cash', token: 'token-pages' });
    for (let i = 0; i < 120; i++) {
      const at = new Date(Date.UTC(2026, 0, 5, 15, 0, i)).toISOString();
      fake.addFillActivity(account, { symbol: 'F', side: i % 2 === 0 ? 'buy' : 'sell', qty: '1', price: '10', at });
    }
    expect(await broker.closedPositions(account)).toHaveLength(60);
    const pages = fake.to('/v2/account/activities/FILL');
    expect(pages).toHaveLength(2);
    expect(pages[1]!.query.get('page_token')).toMatch(/^\d{17}::/);
  });
});

describe("Alpaca's trade updates stream", () => {
  const warnings: string[] = [];
  const streaming = () =>
    createAlpacaBroker(
      optionsFor({
        streamRetryMs: { first: 20, max: 40 },
        log: { warn: (_o: unknown, message?: string) => void warnings.push(String(message)) } as never,
      }),
    );
  beforeEach(() => {
    warnings.length = 0;
    fake.updatesSent.length = 0;
  });

  it('an-oauth-token-and-a-key-pair-each-listen-to-their-own-account-and-are-told-when-it-listens', async () => {
    const b = streaming();
    const told = { [CASH]: 0, [MARGIN]: 0 };
    const cash = b.watchOrders!(CASH, () => told[CASH]++);
    const margin = b.watchOrders!(MARGIN, () => told[MARGIN]++);
    try {
      await eventually(async () => expect([cash.live, margin.live]).toEqual([true, true]));
      expect(fake.streamsListening(CASH)).toBe(1);
      expect(fake.streamsListening(MARGIN)).toBe(1);
      // Listening is told: what changed before it is not, so the runner asks then.
      expect(told).toEqual({ [CASH]: 1, [MARGIN]: 1 });
      // An order placed and filled on the cash account: both updates reach its stream only, and
      // the fill is told (a new order changes nothing a trade knows).
      const placed = await b.placeOrder(equityBuy('stream-1'));
      fake.fill(placed.id, '10', '150.25');
      await eventually(async () => expect(told[CASH]).toBe(2));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(told[CASH]).toBe(2);
      expect(fake.updatesSent.map((u) => [u.account, u.event, u.clientOrderId])).toEqual([
        [CASH, 'new', 'stream-1'],
        [CASH, 'fill', 'stream-1'],
      ]);
      expect(told[MARGIN]).toBe(1);
      expect(warnings).toEqual([]);
    } finally {
      cash.close();
      margin.close();
    }
    await eventually(async () => expect(fake.streamsListening()).toBe(0));
  });

  it('a-dropped-stream-opens-again-by-itself-and-says-it-listens-again', async () => {
    const b = streaming();
    let told = 0;
    const watch = b.watchOrders!(CASH, () => told++);
    try {
      await eventually(async () => expect(watch.live).toBe(true));
      // Dropped: it listens again by itself (20 ms later here), and says so.
      fake.dropStreams();
      await eventually(async () => expect([watch.live, told]).toEqual([true, 2]));
      expect(fake.streamsListening(CASH)).toBe(1);
    } finally {
      watch.close();
    }
    await eventually(async () => expect(fake.streamsListening()).toBe(0));
    // Closed, it does not open again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.streamsListening()).toBe(0);
  });

  it('a-refused-credential-never-listens-and-is-logged-once-while-it-is-tried-again', async () => {
    const b = streaming();
    fake.expire(PDT_TOKEN);
    let told = 0;
    const watch = b.watchOrders!(PDT, () => told++);
    try {
      await eventually(async () => expect(warnings.length).toBeGreaterThan(0));
      // Tried again after 20 ms, then every 40 ms: still one line in the log.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(watch.live).toBe(false);
      expect(told).toBe(0);
      expect(warnings).toEqual([
        "Alpaca refused the trade updates stream's credentials: access key verification failed",
      ]);
    } finally {
      watch.close();
    }
  });
});
