import { equityBuyOn } from '../../../../test/broker-orders';
import { eventually } from '../../../../test/eventually';
import { failure } from '../../../../test/provider-failure';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  startFakeBrokerage,
  type FakeBrokerage,
} from '../../../../test/tradier-brokerage-fake';
import { createTradierBroker, TRADIER_SCOPES, type TradierBroker } from './tradier-broker';

let fake: FakeBrokerage;
let broker: TradierBroker;
const TOKEN = 'token-trader-1';
const CASH = 'VA000001';
const MARGIN = 'VA000002';

beforeAll(async () => {
  fake = await startFakeBrokerage();
  fake.addUser(TOKEN, [
    { number: CASH, type: 'cash' },
    { number: MARGIN, type: 'margin' },
  ]);
  broker = createTradierBroker({
    baseUrl: fake.baseUrl,
    authorizeUrl: fake.authorizeUrl,
    clientId: FAKE_CLIENT_ID,
    clientSecret: FAKE_CLIENT_SECRET,
    tokenOf: async () => TOKEN,
    timeoutMs: 300,
    backoffBaseMs: 5,
    readsPerMinute: 10_000,
    tradesPerMinute: 10_000,
  });
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.orders.length = 0;
  fake.http.requests.length = 0;
});

const equityBuy = equityBuyOn(CASH);

describe('Tradier OAuth and accounts', () => {
  it('the-authorize-link-names-the-client-the-scopes-and-the-state', () => {
    const url = new URL(broker.link.authorizeUrl('state-123', 'http://localhost:3000/trade/settings'));
    expect(url.origin + url.pathname).toBe(fake.authorizeUrl);
    expect(url.searchParams.get('client_id')).toBe(FAKE_CLIENT_ID);
    expect(url.searchParams.get('scope')).toBe(TRADIER_SCOPES);
    expect(url.searchParams.get('state')).toBe('state-123');
  });

  it('a-code-is-exchanged-with-the-clients-basic-credentials-for-a-token-valid-a-day', async () => {
    const code = fake.addUser('token-new', [{ number: 'VA000009', type: 'cash' }]);
    const before = Date.now();
    const creds = await broker.link.exchange(code, 'http://localhost/trade/settings', 1);
    expect(creds.accessToken).toBe('token-new');
    expect(creds.expiresAt!.getTime()).toBeGreaterThan(before + 86_000_000);
    const sent = fake.http.to('/v1/oauth/accesstoken')[0]!;
    expect(sent.form.get('grant_type')).toBe('authorization_code');
    expect(sent.form.get('code')).toBe(code);
  });

  it('a-code-used-twice-is-refused-and-not-retried', async () => {
    const code = fake.addUser('token-once', [{ number: 'VA000010', type: 'cash' }]);
    await broker.link.exchange(code, 'x', 1);
    const err = await failure(broker.link.exchange(code, 'x', 1));
    expect(err.code).toBe('BAD_REQUEST');
    expect(fake.http.to('/v1/oauth/accesstoken')).toHaveLength(2);
  });

  it('the-profile-lists-each-account-with-its-type', async () => {
    const accounts = await broker.link.accounts({ accessToken: TOKEN, refreshToken: null, expiresAt: null }, 1);
    expect(accounts).toEqual([
      { accountId: CASH, accountType: 'CASH', status: 'active' },
      { accountId: MARGIN, accountType: 'MARGIN', status: 'active' },
    ]);
  });

  it('a-profile-with-one-account-comes-as-an-object-and-is-read-as-a-list', async () => {
    fake.addUser('token-single', [{ number: 'VA000011', type: 'margin', dayTrader: true }]);
    const accounts = await broker.link.accounts(
      { accessToken: 'token-single', refreshToken: null, expiresAt: null },
      1,
    );
    expect(accounts).toEqual([{ accountId: 'VA000011', accountType: 'PDT', status: 'active' }]);
  });
});

describe('Tradier balances', () => {
  it('a-cash-account-has-no-available-funds-and-its-buying-power-is-the-cash-available', async () => {
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

  it('a-margin-account-has-stock-buying-power-and-available-funds', async () => {
    const b = await broker.balances(MARGIN);
    expect(b).toMatchObject({ accountType: 'MARGIN', buyingPower: '12727.72', availableFunds: '6363.86' });
  });

  it('a-passing-5xx-on-a-read-is-retried', async () => {
    let calls = 0;
    fake.http.on(`/v1/accounts/${CASH}/balances`, () =>
      ++calls === 1
        ? { status: 503, text: 'busy' }
        : {
            json: {
              balances: {
                account_type: 'cash',
                total_equity: 1,
                total_cash: 1,
                market_value: 0,
                cash: { cash_available: 1 },
              },
            },
          },
    );
    expect((await broker.balances(CASH)).accountValue).toBe('1');
    expect(calls).toBe(2);
  });
});

describe('Tradier orders', () => {
  it('an-equity-limit-is-sent-with-our-tag-and-answered-as-an-open-order', async () => {
    const o = await broker.placeOrder(equityBuy('T1-R1-L0-BUY-1'));
    expect(o).toMatchObject({ tag: 'T1-R1-L0-BUY-1', status: 'open', side: 'buy', qty: '10', limitPrice: '150.25' });
    const form = fake.placements()[0]!.form;
    expect(Object.fromEntries(form)).toEqual({
      class: 'equity',
      symbol: 'AAPL',
      side: 'buy',
      quantity: '10',
      type: 'limit',
      price: '150.25',
      duration: 'gtc',
      tag: 'T1-R1-L0-BUY-1',
    });
  });

  it('an-option-sells-to-close-on-its-underlying', async () => {
    await broker.placeOrder({
      ...equityBuy('T2-R1-L0-TARGET-1'),
      symbol: 'AAPL261218C00150000',
      kind: 'option',
      multiplier: 100,
      side: 'sell',
    });
    const form = fake.placements()[0]!.form;
    expect(form.get('class')).toBe('option');
    expect(form.get('symbol')).toBe('AAPL');
    expect(form.get('option_symbol')).toBe('AAPL261218C00150000');
    expect(form.get('side')).toBe('sell_to_close');
  });

  it('a-strangle-is-one-multileg-debit-order-with-a-leg-each', async () => {
    const o = await broker.placeOrder({
      ...equityBuy('T3-R1-L0-BUY-1'),
      symbol: 'AAPL261218C00150000+AAPL261218P00140000',
      kind: 'multileg',
      legs: [
        { symbol: 'AAPL261218C00150000', ratio: 1 },
        { symbol: 'AAPL261218P00140000', ratio: 1 },
      ],
      multiplier: 100,
      qty: '2',
      limitPrice: '3.10',
    });
    const form = fake.placements()[0]!.form;
    expect(form.get('class')).toBe('multileg');
    expect(form.get('type')).toBe('debit');
    expect(form.get('price')).toBe('3.10');
    expect([form.get('option_symbol[0]'), form.get('side[0]'), form.get('quantity[0]')]).toEqual([
      'AAPL261218C00150000',
      'buy_to_open',
      '2',
    ]);
    expect(form.get('option_symbol[1]')).toBe('AAPL261218P00140000');
    expect(o.detail?.kind).toBe('multileg');
  });

  it('accepted-but-timed-out-is-reconciled-by-its-tag-one-order-exists', async () => {
    fake.failNextPlace('accept-then-hang');
    const o = await broker.placeOrder(equityBuy('T4-R1-L0-BUY-1'));
    expect(o.tag).toBe('T4-R1-L0-BUY-1');
    expect(fake.placements()).toHaveLength(1);
    expect(fake.orders.filter((x) => x.tag === 'T4-R1-L0-BUY-1')).toHaveLength(1);
  });

  it('accepted-but-answered-500-is-reconciled-not-sent-again', async () => {
    fake.failNextPlace('accept-then-500');
    const o = await broker.placeOrder(equityBuy('T5-R1-L0-BUY-1'));
    expect(o.status).toBe('open');
    expect(fake.placements()).toHaveLength(1);
    expect(fake.orders).toHaveLength(1);
  });

  it('a-refusal-in-a-200-is-a-bad-request-in-tradiers-words-never-retried', async () => {
    fake.failNextPlace('refuse-in-200');
    const err = await failure(broker.placeOrder(equityBuy('T6-R1-L0-BUY-1')));
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toBe('You do not have enough buying power for this trade.');
    expect(err.retryable).toBe(false);
    expect(fake.placements()).toHaveLength(1);
  });

  it('a-400-refusal-is-a-bad-request', async () => {
    fake.failNextPlace('refuse-400');
    const err = await failure(broker.placeOrder(equityBuy('T7-R1-L0-BUY-1')));
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toMatch(/type is invalid for class option/);
  });

  it('a-quota-violation-is-a-rate-limit-not-a-refusal', async () => {
    fake.failNextPlace('rate-limit-400');
    const err = await failure(broker.placeOrder(equityBuy('T8-R1-L0-BUY-1')));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.retryable).toBe(true);
  });

  it('an-expired-token-is-unauthorized-and-not-retried', async () => {
    const expiring = createTradierBroker({
      baseUrl: fake.baseUrl,
      authorizeUrl: fake.authorizeUrl,
      clientId: FAKE_CLIENT_ID,
      clientSecret: FAKE_CLIENT_SECRET,
      tokenOf: async () => 'token-expired',
      backoffBaseMs: 5,
    });
    fake.addUser('token-expired', [{ number: 'VA000012', type: 'cash' }]);
    fake.expire('token-expired');
    const err = await failure(expiring.balances('VA000012'));
    expect(err.code).toBe('UNAUTHORIZED');
    expect(fake.http.to('/v1/accounts/VA000012/balances')).toHaveLength(1);
  });

  it('no-orders-come-as-null-one-as-an-object-and-fills-are-cumulative', async () => {
    expect(await broker.orders(CASH, null)).toEqual([]);
    const placed = await broker.placeOrder(equityBuy('T9-R1-L0-BUY-1'));
    fake.fill(Number(placed.id), 4, 150);
    const [one] = await broker.orders(CASH, null);
    expect(one).toMatchObject({
      tag: 'T9-R1-L0-BUY-1',
      status: 'partially_filled',
      filledQty: '4',
      avgFillPrice: '150',
    });
    fake.fill(Number(placed.id), 6, 150.5);
    expect((await broker.findOrder(CASH, 'T9-R1-L0-BUY-1'))!).toMatchObject({
      status: 'filled',
      filledQty: '10',
      avgFillPrice: '150.3',
    });
  });

  it('a-working-order-is-modified-and-cancelled-a-filled-one-is-not', async () => {
    const placed = await broker.placeOrder(equityBuy('T10-R1-L0-BUY-1'));
    const modified = await broker.modifyOrder(CASH, placed.id, { limitPrice: '149.5', duration: 'day' });
    expect(modified).toMatchObject({ limitPrice: '149.5', detail: { duration: 'day' } });
    expect((await broker.cancelOrder(CASH, placed.id)).status).toBe('canceled');
    const err = await failure(broker.cancelOrder(CASH, placed.id));
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toMatch(/canceled/);
  });

  it('a-hand-placed-stop-sell-is-sent-as-it-was-asked', async () => {
    const o = await broker.placeManualOrder({
      account: MARGIN,
      tag: 'M1',
      kind: 'equity',
      symbol: 'AAPL',
      optionSymbol: null,
      side: 'sell_short',
      type: 'stop',
      duration: 'day',
      qty: '3',
      limitPrice: null,
      stopPrice: '140',
    });
    expect(o.detail).toMatchObject({ side: 'sell_short', type: 'stop', stopPrice: '140' });
    expect(fake.placements()[0]!.form.get('stop')).toBe('140');
  });
});

describe('Tradier positions and gain/loss', () => {
  it('positions-null-one-object-or-a-list-are-all-read', async () => {
    fake.setPositions(CASH, []);
    expect(await broker.positions(CASH)).toEqual([]);
    fake.setPositions(CASH, [
      { cost_basis: 207.01, date_acquired: '2026-08-08T14:41:11.405Z', id: 130089, quantity: 1, symbol: 'AAPL' },
    ]);
    expect(await broker.positions(CASH)).toEqual([
      { symbol: 'AAPL', qty: '1', cost: '207.01', openedAt: '2026-08-08T14:41:11.405Z' },
    ]);
  });

  it('closed-positions-carry-cost-proceeds-and-gain', async () => {
    fake.setGainLoss(CASH, [
      {
        close_date: '2026-10-31T00:00:00.000Z',
        cost: 12.7,
        gain_loss: -2.64,
        gain_loss_percent: -20.7874,
        open_date: '2026-06-19T00:00:00.000Z',
        proceeds: 10.06,
        quantity: 1,
        symbol: 'GE',
        term: 134,
      },
    ]);
    expect(await broker.closedPositions(CASH)).toEqual([
      {
        symbol: 'GE',
        qty: '1',
        cost: '12.7',
        proceeds: '10.06',
        gainLoss: '-2.64',
        gainLossPercent: '-20.7874',
        openedAt: '2026-06-19T00:00:00.000Z',
        closedAt: '2026-10-31T00:00:00.000Z',
      },
    ]);
  });
});

describe("Tradier's account events stream", () => {
  const warnings: string[] = [];
  const streaming = (tokenOf: (account: string) => Promise<string> = async () => TOKEN) =>
    createTradierBroker({
      baseUrl: fake.baseUrl,
      authorizeUrl: fake.authorizeUrl,
      clientId: FAKE_CLIENT_ID,
      clientSecret: FAKE_CLIENT_SECRET,
      tokenOf,
      // One slow answer on a busy machine would be a second session here.
      timeoutMs: 5_000,
      backoffBaseMs: 5,
      readsPerMinute: 10_000,
      tradesPerMinute: 10_000,
      streamRetryMs: { first: 20, max: 40 },
      log: { warn: (_o: unknown, message?: string) => void warnings.push(String(message)), debug: () => {} } as never,
    });
  beforeEach(() => {
    warnings.length = 0;
    fake.eventsSent.length = 0;
  });

  it('the-accounts-of-one-token-share-one-session-and-stream-and-each-is-told-of-its-own-orders', async () => {
    const b = streaming();
    const told = { [CASH]: 0, [MARGIN]: 0 };
    const cash = b.watchOrders!(CASH, () => told[CASH]++);
    const margin = b.watchOrders!(MARGIN, () => told[MARGIN]++);
    try {
      await eventually(async () => expect([cash.live, margin.live]).toEqual([true, true]));
      // One session asked for (POST, with the token), one stream for both accounts.
      const sessions = fake.http.to('/v1/accounts/events/session');
      expect(sessions.map((r) => [r.method, r.headers.authorization])).toEqual([['POST', `Bearer ${TOKEN}`]]);
      await eventually(async () => expect(fake.streamsListening(TOKEN)).toBe(1));
      // Its start is told to every account on it: what changed before it was not.
      expect(told).toEqual({ [CASH]: 1, [MARGIN]: 1 });
      // An order placed and filled on the cash account is told to the cash account only.
      const placed = await b.placeOrder(equityBuy('tradier-stream-1'));
      fake.fill(Number(placed.id), 10, 150.25);
      // The fill is told (an order received, still open, changes nothing a trade knows).
      await eventually(async () => expect(told[CASH]).toBe(2));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(told[CASH]).toBe(2);
      expect(fake.eventsSent).toEqual([
        { account: CASH, status: 'open', tag: 'tradier-stream-1' },
        { account: CASH, status: 'filled', tag: 'tradier-stream-1' },
      ]);
      expect(told[MARGIN]).toBe(1);
      // The stream stays while an account is watched on it.
      cash.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fake.streamsListening(TOKEN)).toBe(1);
      expect(margin.live).toBe(true);
      expect(warnings).toEqual([]);
    } finally {
      cash.close();
      margin.close();
    }
    await eventually(async () => expect(fake.streamsListening()).toBe(0));
  });

  it('a-dropped-stream-starts-again-with-a-new-session-and-tells-its-accounts', async () => {
    const b = streaming();
    let told = 0;
    const watch = b.watchOrders!(CASH, () => told++);
    try {
      await eventually(async () => expect([watch.live, fake.streamsListening(TOKEN)]).toEqual([true, 1]));
      const sessions = fake.http.to('/v1/accounts/events/session').length;
      // Dropped: it starts again by itself (20 ms later here), with a new session, and says so.
      fake.dropStreams();
      await eventually(async () => expect([watch.live, told, fake.streamsListening(TOKEN)]).toEqual([true, 2, 1]));
      expect(fake.http.to('/v1/accounts/events/session').length).toBe(sessions + 1);
    } finally {
      watch.close();
    }
    await eventually(async () => expect(fake.streamsListening()).toBe(0));
  });

  it('an-expired-token-gets-no-session-is-never-told-and-is-logged-once-while-it-is-tried-again', async () => {
    fake.addUser('token-stale', [{ number: 'VA000077', type: 'cash' }]);
    fake.expire('token-stale');
    const b = streaming(async () => 'token-stale');
    let told = 0;
    const watch = b.watchOrders!('VA000077', () => told++);
    try {
      await eventually(async () => expect(warnings.length).toBeGreaterThan(0));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(fake.http.to('/v1/accounts/events/session').length).toBeGreaterThan(2);
      expect([watch.live, told]).toEqual([false, 0]);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^Tradier's account events stream cannot start: .*401/);
    } finally {
      watch.close();
    }
  });

  it('a-trader-who-authorizes-again-is-on-the-new-token-when-the-stream-starts-again', async () => {
    fake.addUser('tok-day-1', [{ number: 'VA000081', type: 'cash' }]);
    fake.addUser('tok-day-2', [{ number: 'VA000081', type: 'cash' }]);
    let token = 'tok-day-1';
    const b = streaming(async () => token);
    let told = 0;
    const watch = b.watchOrders!('VA000081', () => told++);
    try {
      await eventually(async () => expect([watch.live, fake.streamsListening('tok-day-1')]).toEqual([true, 1]));
      // A day on: the old token expires, the trader authorizes again, and the stream drops.
      fake.expire('tok-day-1');
      token = 'tok-day-2';
      fake.dropStreams();
      await eventually(async () =>
        expect([watch.live, fake.streamsListening('tok-day-2'), told]).toEqual([true, 1, 2]),
      );
      const sessions = fake.http.to('/v1/accounts/events/session').map((r) => r.headers.authorization);
      expect(sessions.at(-1)).toBe('Bearer tok-day-2');
      expect(warnings).toEqual([]);
    } finally {
      watch.close();
    }
  });

  it('an-account-whose-token-cannot-be-read-is-polled-and-streams-once-its-token-is-read-again', async () => {
    let reads = 0;
    const b = streaming(async () => {
      reads++;
      if (reads <= 2) throw new Error('the database is away');
      return TOKEN;
    });
    let told = 0;
    const watch = b.watchOrders!(CASH, () => told++);
    try {
      await eventually(async () => expect([watch.live, told, fake.streamsListening(TOKEN)]).toEqual([true, 1, 1]));
      // Read three times (twice refused, then again after a wait each time); said once.
      expect(reads).toBe(3);
      expect(warnings).toEqual([
        "Tradier's account events stream: no token for the account (it is polled, and the token read again)",
      ]);
    } finally {
      watch.close();
    }
    await eventually(async () => expect(fake.streamsListening()).toBe(0));
  });

  it('a-stream-whose-token-turns-out-to-be-another-streams-hands-its-accounts-to-it', async () => {
    // A trader with two accounts; the first is watched on yesterday's token.
    fake.addUser('tok-merge-1', [{ number: 'VA000091', type: 'cash' }]);
    fake.addUser('tok-merge-2', [
      { number: 'VA000091', type: 'cash' },
      { number: 'VA000092', type: 'margin' },
    ]);
    let token = 'tok-merge-1';
    const b = streaming(async () => token);
    const told = { first: 0, second: 0 };
    const first = b.watchOrders!('VA000091', () => told.first++);
    let second: { live: boolean; close(): void } | undefined;
    try {
      await eventually(async () => expect([first.live, fake.streamsListening('tok-merge-1')]).toEqual([true, 1]));
      // They authorize again; their second account is watched on the new token: a stream of its own.
      token = 'tok-merge-2';
      second = b.watchOrders!('VA000092', () => told.second++);
      await eventually(async () => expect([second!.live, fake.streamsListening('tok-merge-2')]).toEqual([true, 1]));
      // The first stream drops and starts again on the new token: it ends, and its account joins
      // the second's stream, where it is told of its orders.
      // Both were told of the restart, over one new session (two without the hand-over).
      fake.expire('tok-merge-1');
      const sessions = () => fake.http.to('/v1/accounts/events/session').length;
      const [sessionsBefore, toldBefore] = [sessions(), { ...told }];
      fake.dropStreams();
      const settled = () => [
        first.live,
        second!.live,
        told.first > toldBefore.first,
        told.second > toldBefore.second,
        fake.streamsListening('tok-merge-2'),
        sessions() - sessionsBefore,
      ];
      await eventually(async () => expect(settled()).toEqual([true, true, true, true, 1, 1]));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect([fake.streamsListening(), sessions() - sessionsBefore]).toEqual([1, 1]);
      // A fill on the first account reaches its watch through the one stream, and only its watch.
      const before = { ...told };
      const placed = await b.placeOrder(equityBuyOn('VA000091')('tradier-merged-1'));
      fake.fill(Number(placed.id), 10, 150.25);
      await eventually(async () => expect(told.first).toBe(before.first + 1));
      expect(told.second).toBe(before.second);
      expect(warnings).toEqual([]);
    } finally {
      first.close();
      second?.close();
    }
    await eventually(async () => expect(fake.streamsListening()).toBe(0));
  });

  it('an-account-that-joins-a-stream-already-up-is-told-at-once', async () => {
    const b = streaming();
    let cashTold = 0;
    let marginTold = 0;
    const cash = b.watchOrders!(CASH, () => cashTold++);
    try {
      await eventually(async () => expect([cash.live, cashTold]).toEqual([true, 1]));
      const margin = b.watchOrders!(MARGIN, () => marginTold++);
      await eventually(async () => expect([margin.live, marginTold]).toEqual([true, 1]));
      // Still the one session and stream of the token.
      expect(fake.streamsListening(TOKEN)).toBe(1);
      margin.close();
    } finally {
      cash.close();
    }
  });
});
