import { failure } from '../../../../test/provider-failure';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TradierHttp } from '../../tradier/http';
import { parseRetryAfter } from '../../http/retry-after';
import { createTradierMarket } from './provider';
import { RateLimiter } from '../../http/rate-limiter';
import { AAPL } from '../../../../test/tradier-fixtures';
import { FAKE_TOKEN, startFakeTradier, type FakeTradier } from '../../../../test/tradier-fake';

let fake: FakeTradier;
beforeAll(async () => {
  fake = await startFakeTradier();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => fake.reset());

const market = (extra: Partial<Parameters<typeof createTradierMarket>[0]> = {}) =>
  createTradierMarket({
    token: FAKE_TOKEN,
    baseUrl: fake.baseUrl,
    backoffBaseMs: 5,
    requestsPerMinute: 10_000,
    ...extra,
  });

describe('Tradier HTTP: retries, timeouts and errors', () => {
  it('429 with Retry-After: waits that long, then succeeds', async () => {
    fake.on('/v1/markets/quotes', (_r, nth) =>
      nth === 1
        ? { status: 429, headers: { 'Retry-After': '1' }, text: 'Too Many Requests' }
        : { json: { quotes: { quote: AAPL } } },
    );
    const started = Date.now();
    const quotes = await market().quotes(['AAPL']);
    expect(quotes).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.to('/v1/markets/quotes')).toHaveLength(2);
  });

  it('a Retry-After longer than we wait for fails at once with RATE_LIMITED and the delay', async () => {
    fake.on('/v1/markets/quotes', () => ({
      status: 429,
      headers: { 'Retry-After': '120' },
      text: 'Too Many Requests',
    }));
    const err = await failure(market().quotes(['AAPL']));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.details).toMatchObject({ status: 429, retryAfterSeconds: 120, attempts: 1 });
    expect(err.retryable).toBe(true);
  });

  it('429 on every attempt: RATE_LIMITED after 4 attempts', async () => {
    fake.on('/v1/markets/quotes', () => ({ status: 429, text: 'Too Many Requests' }));
    const err = await failure(market().quotes(['AAPL']));
    expect(err.code).toBe('RATE_LIMITED');
    expect(fake.to('/v1/markets/quotes')).toHaveLength(4);
  });

  it('500 then success: retried with backoff', async () => {
    fake.on('/v1/markets/clock', (_r, nth) =>
      nth === 1
        ? { status: 500, text: 'Internal Server Error' }
        : {
            json: {
              clock: {
                date: '2025-03-14',
                description: '',
                state: 'closed',
                timestamp: 1,
                next_change: '07:00',
                next_state: 'premarket',
              },
            },
          },
    );
    expect((await market().clock()).state).toBe('closed');
    expect(fake.to('/v1/markets/clock')).toHaveLength(2);
  });

  it('5xx on every attempt: UPSTREAM with the status, after maxAttempts', async () => {
    fake.on('/v1/markets/clock', () => ({ status: 502, text: 'Bad Gateway' }));
    const err = await failure(market({ maxAttempts: 3 }).clock());
    expect(err.code).toBe('UPSTREAM');
    expect(err.details).toMatchObject({ status: 502, attempts: 3, path: '/markets/clock' });
    expect(fake.to('/v1/markets/clock')).toHaveLength(3);
  });

  it('a request that hangs past the timeout is abandoned and retried', async () => {
    fake.on('/v1/markets/quotes', (_r, nth) => (nth === 1 ? 'hang' : { json: { quotes: { quote: AAPL } } }));
    const started = Date.now();
    const quotes = await market({ timeoutMs: 200 }).quotes(['AAPL']);
    expect(quotes).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(fake.to('/v1/markets/quotes')).toHaveLength(2);
  });

  it('always hanging: TIMEOUT after the attempts, no hang of our own', async () => {
    fake.on('/v1/markets/quotes', () => 'hang');
    const started = Date.now();
    const err = await failure(market({ timeoutMs: 150, maxAttempts: 2 }).quotes(['AAPL']));
    expect(err.code).toBe('TIMEOUT');
    expect(err.details.attempts).toBe(2);
    expect(err.message).toMatch(/no answer within 150 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("bad token: 401 → UNAUTHORIZED at once, without retry, with Tradier's message and no token in it", async () => {
    const m = createTradierMarket({ token: 'not-the-token', baseUrl: fake.baseUrl, backoffBaseMs: 5 });
    const err = await failure(m.quotes(['AAPL']));
    expect(err.code).toBe('UNAUTHORIZED');
    expect(err.status).toBe(401);
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('Invalid Access Token');
    expect(err.message).not.toContain('not-the-token');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer not-the-token');
  });

  it("400 with Tradier's {errors:{error}} body → BAD_REQUEST, not retried", async () => {
    fake.on('/v1/markets/history', () => ({ status: 400, json: { errors: { error: 'Invalid Parameter: start' } } }));
    const err = await failure(market().bars('AAPL', '1day', new Date('2025-03-01'), new Date('2025-03-10')));
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toContain('Invalid Parameter: start');
    expect(fake.requests).toHaveLength(1);
  });

  it('a 200 that is not JSON, or JSON without the expected object → BAD_RESPONSE', async () => {
    fake.on('/v1/markets/clock', (_r, nth) =>
      nth === 1 ? { text: '<html>maintenance</html>' } : { json: { clock: null } },
    );
    expect((await failure(market().clock())).code).toBe('BAD_RESPONSE');
    expect((await failure(market().clock())).code).toBe('BAD_RESPONSE');
  });

  it('nothing listening → NETWORK after the attempts', async () => {
    const closed = await startFakeTradier();
    const url = closed.baseUrl;
    await closed.close();
    const err = await failure(
      createTradierMarket({ token: FAKE_TOKEN, baseUrl: url, backoffBaseMs: 5, maxAttempts: 2 }).clock(),
    );
    expect(err.code).toBe('NETWORK');
    expect(err.details.attempts).toBe(2);
  });
});

describe('Tradier rate limiting', () => {
  it('defaults: 60/min for the sandbox, 120/min for production; configurable', () => {
    const limit = (baseUrl: string, rpm?: number) =>
      new TradierHttp({ token: 't', baseUrl, ...(rpm ? { requestsPerMinute: rpm } : {}) }).limiter.requestsPerMinute;
    expect(limit('https://sandbox.tradier.com/v1')).toBe(60);
    expect(limit('https://api.tradier.com/v1')).toBe(120);
    expect(limit('https://api.tradier.com/v1', 30)).toBe(30);
  });

  it('token bucket: a burst goes at once, then requests are spaced to the rate, in order', async () => {
    const bucket = new RateLimiter({ requests: 602, burst: 2 }); // refill 600/min = one per 100 ms
    const started = Date.now();
    const order: number[] = [];
    await Promise.all([0, 1, 2, 3].map((i) => bucket.take().then(() => order.push(i))));
    const elapsed = Date.now() - started;
    expect(order).toEqual([0, 1, 2, 3]);
    expect(elapsed).toBeGreaterThanOrEqual(180);
    expect(elapsed).toBeLessThan(1000);
  });

  it('the client-side limiter spaces real requests to Tradier', async () => {
    fake.on('/v1/markets/clock', () => ({
      json: {
        clock: {
          date: '2025-03-14',
          description: '',
          state: 'open',
          timestamp: 1,
          next_change: '16:00',
          next_state: 'postmarket',
        },
      },
    }));
    const m = market({ requestsPerMinute: 601, burst: 1 }); // one per 100 ms
    const started = Date.now();
    await Promise.all([m.clock(), m.clock(), m.clock()]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(180);
  });

  it('X-Ratelimit-Available: 0 pauses further requests until X-Ratelimit-Expiry', async () => {
    fake.on('/v1/markets/quotes', (_r, nth) => {
      const headers: Record<string, string> =
        nth === 1 ? { 'X-Ratelimit-Available': '0', 'X-Ratelimit-Expiry': String(Date.now() + 300) } : {};
      return { json: { quotes: { quote: AAPL } }, headers };
    });
    const m = market();
    await m.quotes(['AAPL']);
    const started = Date.now();
    await m.quotes(['AAPL']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('Retry-After: seconds or an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(new Date(Date.now() + 5000).toUTCString(), Date.now())).toBeGreaterThan(3000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
