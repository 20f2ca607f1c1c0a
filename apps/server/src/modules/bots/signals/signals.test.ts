import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  BOT_DEFAULTS,
  BOT_MSG,
  SIGNAL_BODY_MAX,
  SIGNAL_MSG,
  SIGNAL_RATE,
  STEP_UP_MINUTES,
  type BotDto,
  type WebhookCreated,
} from '@drat/contracts';
import { signalHooks, tradeLogs, trades } from '../../../db/schema/index';
import { botLogOf } from '../../../../test/bots-fixture';
import { makeSignedIn } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { signatureOf } from './signals.service';

/**
 * Outside signals: a subscriber's webhook, its secret, and what each signal does through their bot
 * (the bot's turn for a buy, a close of its running trades for a sell or an exit), once per id.
 */
let t: TestApp;
let today: string;
let price: number;

beforeAll(async () => {
  t = await createTestApp();
  today = t.market.calendar.dateOf(t.market.now());
  price = (await t.market.quotes(['MSFT']))[0]!.last;
});
afterAll(async () => {
  await t?.close();
});

const inDays = (n: number) => {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const cents = (n: number) => Math.round(n * 100) / 100;

/** A user with a demo-account bot on SWING-ALERTS and a webhook for it. */
async function withWebhook(patch: Record<string, unknown> = {}) {
  const owner = await makeSignedIn(t);
  const res = await t.post(
    '/livetrading/money-management-bot/create',
    {
      ...BOT_DEFAULTS,
      bot_name: 'Signals',
      account_id: 'DEMO',
      trade_category: 'SWING-ALERTS',
      alerts_from_date: today,
      alerts_to_date: inDays(30),
      alert_price_less_than: 100_000,
      amount_invested_per_trade: 10_000,
      max_total_amount_set_to_invest: 100_000,
      // A signal's stop may be further than an alert's: no risk filter here.
      risk_at_most: 100,
      reward_at_least: 0,
      ...patch,
    },
    { token: owner.token },
  );
  expect(res.statusCode, res.body).toBe(200);
  const bot = (res.json().data as BotDto[])[0]!;
  const made = await t.post('/signals/webhook/', { bot_id: bot.id }, { token: owner.token });
  expect(made.statusCode, made.body).toBe(200);
  const hook = made.json() as WebhookCreated;
  return { owner, bot, hook, path: new URL(hook.url).pathname };
}

/** A buy at MSFT's price: entries 3% under and at it, targets 30% and 60% over, stop 7% under. */
const buy = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  ticker: 'MSFT',
  action: 'buy',
  prices: {
    entry_1: cents(price * 0.97),
    entry_2: cents(price),
    target_1: cents(price * 1.3),
    target_2: cents(price * 1.6),
    stop_loss: cents(price * 0.93),
  },
  ...extra,
});

/** A signal as TradingView sends it: JSON as text, the secret inside. */
const send = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.inject({
    method: 'POST',
    url: path,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'text/plain; charset=utf-8', ...headers },
  });

const tradesOf = (userId: number) =>
  t.db.select().from(trades).where(eq(trades.userId, userId)).orderBy(asc(trades.id));
const logOf = (botId: number) => botLogOf(t.db, botId);

describe('the webhook', () => {
  it('is the owner’s: anonymous 401, a subscriber without bots 403 in words, another user’s bot refused on bot_id', async () => {
    expect((await t.get('/signals/webhook')).statusCode).toBe(401);
    expect((await t.post('/signals/webhook/', { bot_id: 1 })).statusCode).toBe(401);
    const plain = await makeSignedIn(t, { plans: ['stocks-monthly'] });
    const denied = await t.get('/signals', { token: plain.token });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: BOT_MSG.botsDenied });
    const { bot } = await withWebhook();
    const other = await makeSignedIn(t);
    const res = await t.post('/signals/webhook/', { bot_id: bot.id }, { token: other.token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ bot_id: [SIGNAL_MSG.botNotYours] });
  });

  it('shows its address and secret once, then only its end; the secret is sealed at rest; making it needs a fresh password', async () => {
    const { owner, hook, bot } = await withWebhook();
    expect(hook.url).toMatch(/^http:\/\/drat\.test\/api\/signals\/hook\/[A-Za-z0-9_-]{32}$/);
    expect(hook.secret).toHaveLength(32);
    const [row] = await t.db.select().from(signalHooks).where(eq(signalHooks.userId, owner.id));
    expect(row!.secretSealed).not.toContain(hook.secret);
    const shown = await t.get('/signals/webhook', { token: owner.token });
    expect(shown.json()).toEqual({
      data: {
        bot_id: bot.id,
        bot_name: 'Signals',
        url_end: `…${hook.url.slice(-6)}`,
        created: expect.any(String),
        last_signal: null,
      },
    });
    expect(JSON.stringify(shown.json())).not.toContain(hook.secret);

    // Long after signing in, making a new one asks for the password again.
    t.clock.advanceMinutes(STEP_UP_MINUTES + 1);
    const stale = await t.post('/signals/webhook/', { bot_id: bot.id }, { token: owner.token });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'PASSWORD_CONFIRMATION_REQUIRED', reason: 'SIGNAL_WEBHOOK' });
  });
});

describe('a signal', () => {
  it('a-buy-signal-with-the-secret-in-the-message-becomes-an-MB-trade-through-the-bot-and-the-signal-and-bot-logs-say-what-it-did', async () => {
    const { owner, bot, hook, path } = await withWebhook();
    const res = await send(path, buy('tv-1', { secret: hook.secret }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'TRADED',
      message: expect.stringMatching(/^Took MSFT \(signal tv-1\): trade #\d+ buys /),
    });
    const [trade] = await tradesOf(owner.id);
    expect(trade).toMatchObject({ tradeType: 'MB', mode: 'DEMO', alertId: null, ticker: 'MSFT' });
    const [first] = await t.db
      .select()
      .from(tradeLogs)
      .where(eq(tradeLogs.tradeId, trade!.id))
      .orderBy(asc(tradeLogs.id));
    expect(first!.text).toMatch(/^Trade submitted by signal tv-1 via bot Signals \(#\d+\)$/);
    expect((await logOf(bot.id)).at(-1)).toBe(res.json().message);
    const list = await t.get('/signals', { token: owner.token });
    expect(list.json().data).toEqual([
      expect.objectContaining({
        signal_id: 'tv-1',
        ticker: 'MSFT',
        action: 'buy',
        outcome: 'TRADED',
        trade_id: trade!.id,
      }),
    ]);
  });

  it('a-replayed-signal-with-the-same-id-does-nothing-twice', async () => {
    const { owner, hook, path } = await withWebhook();
    expect((await send(path, buy('same', { secret: hook.secret }))).json().status).toBe('TRADED');
    const again = await send(path, buy('same', { secret: hook.secret }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'DUPLICATE', message: SIGNAL_MSG.duplicate('same') });
    expect(await tradesOf(owner.id)).toHaveLength(1);
  });

  it('a-signal-signed-with-an-HMAC-header-is-taken-and-a-bad-signature-is-refused-and-logged', async () => {
    const { owner, bot, hook, path } = await withWebhook();
    const body = JSON.stringify(buy('signed-1'));
    const ok = await send(path, body, {
      'content-type': 'application/json',
      'x-drat-signature': signatureOf(hook.secret, body),
    });
    expect(ok.json().status, ok.body).toBe('TRADED');

    const forged = JSON.stringify(buy('signed-2'));
    const bad = await send(path, forged, { 'x-drat-signature': signatureOf('not-the-secret', forged) });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ detail: SIGNAL_MSG.badSignature });
    const noSecret = await send(path, buy('signed-3'));
    expect(noSecret.statusCode).toBe(401);
    expect(await tradesOf(owner.id)).toHaveLength(1);
    expect((await logOf(bot.id)).at(-1)).toBe('Refused a signal: its signature does not match the webhook’s secret.');
    const refused = (await t.get('/signals', { token: owner.token }))
      .json()
      .data.filter((s: { outcome: string }) => s.outcome === 'REFUSED');
    expect(refused).toHaveLength(2);
  });

  it('a-revoked-or-rotated-webhook-refuses-signals-and-logs-them; the new address works', async () => {
    const { owner, bot, hook, path } = await withWebhook();
    const rotated = (
      await t.post('/signals/webhook/', { bot_id: bot.id }, { token: owner.token })
    ).json() as WebhookCreated;
    const old = await send(path, buy('r-1', { secret: hook.secret }));
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ detail: SIGNAL_MSG.hookUnknown });
    expect((await logOf(bot.id)).at(-1)).toBe('Refused a signal: it was sent to a revoked webhook.');
    expect((await send(new URL(rotated.url).pathname, buy('r-2', { secret: rotated.secret }))).json().status).toBe(
      'TRADED',
    );

    const revoked = await t.post('/signals/webhook/revoke/', undefined, { token: owner.token });
    expect(revoked.json()).toEqual({ message: SIGNAL_MSG.revoked });
    expect((await send(new URL(rotated.url).pathname, buy('r-3', { secret: rotated.secret }))).statusCode).toBe(404);
    expect((await t.get('/signals/webhook', { token: owner.token })).json()).toEqual({ data: null });
    expect(await tradesOf(owner.id)).toHaveLength(1);
    expect((await send('/api/signals/hook/nobodys-key-1234567890', buy('x'))).statusCode).toBe(404);
  });

  it('a-buy-by-offsets-prices-each-level-from-the-last-price', async () => {
    const { owner, hook, path } = await withWebhook();
    const res = await send(path, {
      id: 'off-1',
      ticker: 'MSFT',
      action: 'BUY',
      offsets: { entry_1: -3, entry_2: -1, target_1: 30, target_2: 60, stop_loss: -7 },
      secret: hook.secret,
    });
    expect(res.json().status, res.body).toBe('TRADED');
    const [trade] = await tradesOf(owner.id);
    const last = (await t.market.quotes(['MSFT']))[0]!.last;
    const input = trade!.input as Record<string, number>;
    // Each level is the last price moved by its percent, to the cent (the price moves a little between reads).
    expect(input.buy_range_low).toBeCloseTo(last * 0.97, 0);
    expect(input.stop_loss).toBeCloseTo(last * 0.93, 0);
    expect(input.buy_range_high! * 100).toBeCloseTo(Math.round(input.buy_range_high! * 100), 6);
  });

  it('an-exit-signal-closes-the-bots-running-trades-on-the-ticker', async () => {
    const { owner, bot, hook, path } = await withWebhook();
    expect((await send(path, buy('e-1', { secret: hook.secret }))).json().status).toBe('TRADED');
    const exit = await send(path, { id: 'e-2', ticker: 'MSFT', action: 'exit', secret: hook.secret });
    expect(exit.json()).toMatchObject({
      status: 'CLOSED',
      message: expect.stringMatching(/^Closed MSFT \(signal e-2, exit\): trade #\d+ closed, what they held is sold\.$/),
    });
    // The engine's cancel is asked through the entry, in the signal's name (the broker then confirms it).
    const [trade] = await tradesOf(owner.id);
    const lines = (await t.db.select().from(tradeLogs).where(eq(tradeLogs.tradeId, trade!.id))).map((l) => l.text);
    expect(lines).toContainEqual(expect.stringMatching(/^Cancelled by signal e-2 via bot Signals \(#\d+\)/));
    const none = await send(path, { id: 'e-3', ticker: 'MSFT', action: 'sell', secret: hook.secret });
    expect(none.json()).toEqual({
      status: 'SKIPPED',
      message: `Skipped MSFT (signal e-3, sell): bot Signals has no running trade on MSFT.`,
    });
    expect((await logOf(bot.id)).at(-1)).toBe(none.json().message);
  });

  it('a-signal-the-bots-filters-refuse-is-skipped-with-the-reason-and-a-broken-message-is-a-400-naming-the-field', async () => {
    const { owner, hook, path } = await withWebhook({ risk_at_most: 5 });
    const skipped = await send(path, buy('f-1', { secret: hook.secret }));
    expect(skipped.json()).toMatchObject({
      status: 'SKIPPED',
      message: expect.stringMatching(/^Skipped MSFT \(signal f-1\): risk 7(\.\d+)?% is above your 5%\.$/),
    });
    const broken = await send(path, { id: 'f-2', ticker: 'MSFT', action: 'buy', secret: hook.secret });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ prices: [SIGNAL_MSG.pricesOrOffsets] });
    const notJson = await send(path, 'buy MSFT now');
    expect(notJson.statusCode).toBe(401);
    expect(await tradesOf(owner.id)).toEqual([]);
  });

  it('a signed body that is not JSON is a 400 in words, one over 8 KB a 413; neither is recorded as a signal', async () => {
    const { owner, hook, path } = await withWebhook();
    const text = 'buy MSFT now';
    const notJson = await send(path, text, { 'x-drat-signature': signatureOf(hook.secret, text) });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ non_field_errors: [SIGNAL_MSG.notJson] });
    const big = JSON.stringify(buy('big', { secret: hook.secret, pad: 'x'.repeat(SIGNAL_BODY_MAX) }));
    const tooLarge = await send(path, big);
    expect(tooLarge.statusCode).toBe(413);
    expect((await t.get('/signals', { token: owner.token })).json().data).toEqual([]);
    expect(await tradesOf(owner.id)).toEqual([]);
  });

  it('a-flood-of-forged-signals-is-refused-past-60-a-minute-unrecorded-and-never-holds-back-the-owners-signals', async () => {
    const { owner, hook, path } = await withWebhook();
    // Forged signals (no secret): each is refused and recorded while within their budget.
    for (let i = 0; i < SIGNAL_RATE.max; i++) expect((await send(path, buy(`flood-${i}`))).statusCode).toBe(401);
    const over = await send(path, buy('flood-over'));
    expect(over.statusCode).toBe(429);
    expect(over.json().detail).toMatch(/^Too many attempts\. Try again in \d+ (second|minute)s?\.$/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.get('/signals', { token: owner.token })).json().data).toHaveLength(SIGNAL_RATE.max);
    // The owner's own signal, in the same minute, is taken.
    const ok = await send(path, buy('real-1', { secret: hook.secret }));
    expect(ok.json().status, ok.body).toBe('TRADED');
  });

  it('the-owners-signals-too-are-at-most-60-a-minute-and-the-next-minute-they-are-taken-again', async () => {
    const { hook, path } = await withWebhook();
    // Authentic but broken (no action): each is a 400 that counts.
    for (let i = 0; i < SIGNAL_RATE.max; i++) {
      const res = await send(path, { id: `b-${i}`, ticker: 'MSFT', secret: hook.secret });
      expect(res.statusCode).toBe(400);
    }
    expect((await send(path, buy('too-many', { secret: hook.secret }))).statusCode).toBe(429);
    t.clock.advanceMinutes(1);
    const back = await send(path, buy('next-minute', { secret: hook.secret }));
    expect(back.json().status, back.body).toBe('TRADED');
  });
});
