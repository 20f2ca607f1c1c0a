import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_MSG, WS_CLOSE_UNAUTHORIZED, WS_MAX_TICKERS, type Quote } from '@drat/contracts';
import { createSimMarket } from '../../providers/market/sim/index';
import { makeUser, signIn, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { openSocket, signedInSocket, wsUrl, type TestSocket } from '../../../test/ws-client';

/** Simulated time runs 600× faster, so quotes move between two polls of the hub. */
const market = createSimMarket({ seed: 'ws-test', speed: 600, alwaysOpen: true });

let t: TestApp;
let url: string;
let alice: TestUser;
let aliceToken: string;
let bobToken: string;
const open: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp({ market });
  url = await wsUrl(t.app);
  alice = await makeUser(t.db);
  aliceToken = await signIn(t.app, alice);
  bobToken = await signIn(t.app, await makeUser(t.db));
});
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
  await t?.close();
});

async function socket(token?: string): Promise<TestSocket> {
  const s = token ? await signedInSocket(url, token) : await openSocket(url);
  open.push(s);
  return s;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quotesOf = (s: TestSocket, symbol: string) =>
  s.messages.flatMap((m) => (m.type === 'quote' && m.quote.symbol === symbol ? [m.quote] : []));

describe('WebSocket /api/ws: signing in', () => {
  it.each<[string, string]>([
    ['a token that is not a session', JSON.stringify({ type: 'auth', token: 'not-a-session' })],
    ['a first message that is not auth', JSON.stringify({ type: 'subscribe', tickers: ['AAPL'] })],
    ['a first message that is not JSON', 'hello'],
    ['an auth message without a token', JSON.stringify({ type: 'auth' })],
  ])('closes with %s with WS_CLOSE_UNAUTHORIZED (4401)', async (_label, first) => {
    const s = await socket();
    s.send(first);
    expect((await s.closed).code).toBe(WS_CLOSE_UNAUTHORIZED);
    expect(s.messages).toEqual([]);
  });

  it('says ready to a session token, then answers ping with pong', async () => {
    const s = await socket(aliceToken);
    expect(s.messages[0]).toEqual({ type: 'ready' });
    s.send({ type: 'ping' });
    expect(await s.next('pong')).toEqual({ type: 'pong' });
  });

  it('answers an unreadable message after sign-in with an error and stays open', async () => {
    const s = await socket(aliceToken);
    s.send('{"type":"dance"}');
    expect(await s.next('error')).toEqual({ type: 'error', message: MARKET_MSG.wsBadMessage });
    s.send({ type: 'ping' });
    await s.next('pong');
  });
});

describe('WebSocket /api/ws: quotes', () => {
  it('sends the current quote of a subscribed ticker at once, then its changes', async () => {
    const s = await socket(aliceToken);
    s.send({ type: 'subscribe', tickers: ['aapl'] });
    const first = (await s.next('quote', (m) => m.quote.symbol === 'AAPL', 3_000)).quote;
    const [now] = await market.quotes(['AAPL']);
    expect(Object.keys(first).sort()).toEqual(Object.keys(now!).sort());
    expect(first.name).toBe(now!.name);
    expect(Math.abs(first.last - now!.last) / now!.last).toBeLessThan(0.05);
    await s.next('quote', (m) => m.quote.symbol === 'AAPL' && m.quote.at !== first.at, 4_000);
  });

  it('coalesces: at most about one update per ticker per second, each one a change', async () => {
    const s = await socket(aliceToken);
    s.send({ type: 'subscribe', tickers: ['MSFT', 'NVDA'] });
    await s.next('quote', (m) => m.quote.symbol === 'NVDA');
    await sleep(3_200);
    for (const symbol of ['MSFT', 'NVDA']) {
      const quotes = quotesOf(s, symbol);
      expect(quotes.length, symbol).toBeGreaterThanOrEqual(2);
      expect(quotes.length, symbol).toBeLessThanOrEqual(5);
      for (let i = 1; i < quotes.length; i += 1) {
        const [a, b] = [quotes[i - 1]!, quotes[i]!] as [Quote, Quote];
        expect(a.last !== b.last || a.bid !== b.bid || a.ask !== b.ask || a.volume !== b.volume).toBe(true);
      }
    }
  });

  it('stops sending a ticker after unsubscribe', async () => {
    const s = await socket(aliceToken);
    s.send({ type: 'subscribe', tickers: ['AMZN'] });
    await s.next('quote', (m) => m.quote.symbol === 'AMZN');
    s.send({ type: 'unsubscribe', tickers: ['amzn'] });
    s.send({ type: 'ping' });
    await s.next('pong');
    const before = quotesOf(s, 'AMZN').length;
    await sleep(2_200);
    expect(quotesOf(s, 'AMZN')).toHaveLength(before);
  });

  it('answers a garbage ticker and an unknown ticker with errors', async () => {
    const s = await socket(aliceToken);
    s.send({ type: 'subscribe', tickers: ['$$$', 'ZZZZQ'] });
    expect((await s.next('error')).message).toBe(`${MARKET_MSG.tickerInvalid} ($$$)`);
    await s.next('error', (m) => m.message === MARKET_MSG.unknownTicker('ZZZZQ'), 3_000);
  });

  it(`follows at most ${WS_MAX_TICKERS} tickers per connection`, async () => {
    const s = await socket(aliceToken);
    const universe = await market.universe();
    s.send({ type: 'subscribe', tickers: universe.slice(0, WS_MAX_TICKERS + 5) });
    expect((await s.next('error')).message).toBe(MARKET_MSG.wsTooManyTickers(WS_MAX_TICKERS));
    await sleep(1_500);
    const symbols = new Set(s.messages.flatMap((m) => (m.type === 'quote' ? [m.quote.symbol] : [])));
    expect(symbols.size).toBe(WS_MAX_TICKERS);
    expect([...symbols].every((x) => universe.slice(0, WS_MAX_TICKERS).includes(x))).toBe(true);
  });
});

describe('WebSocket /api/ws: user events', () => {
  it('delivers publishUserEvent to every socket of that user and to nobody else', async () => {
    const [a1, a2, b] = [await socket(aliceToken), await socket(aliceToken), await socket(bobToken)];
    await t.modules.live.publishUserEvent(alice.id, { kind: 'trade.updated', payload: { tradeId: 7 } });
    for (const s of [a1, a2]) {
      const { event } = await s.next('event');
      expect(event.kind).toBe('trade.updated');
      expect(event.payload).toEqual({ tradeId: 7 });
      expect(Date.parse(event.at)).not.toBeNaN();
    }
    b.send({ type: 'ping' });
    await b.next('pong');
    await sleep(200);
    expect(b.messages.filter((m) => m.type === 'event')).toEqual([]);
  });

  it('refuses an event too large for NOTIFY, before sending anything', async () => {
    await expect(
      t.modules.live.publishUserEvent(alice.id, { kind: 'too.big', payload: 'x'.repeat(9000) }),
    ).rejects.toThrow(/send ids/);
  });
});
