import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_MSG, BOT_REPLAY_MSG, type BotReplayResult } from '@drat/contracts';
import { dec, toText } from '@drat/engine';
import { swingBotBody } from '../../../test/bots-fixture';
import { cents, makeAlert, makeSignedIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

/** A bot's settings run over the past alerts of its category and their bars (nothing stored). */
let t: TestApp;
let today: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  today = t.market.calendar.dateOf(t.market.now());
  // Three SWING alerts on MSFT in the last 20 days, at the price of their day, and one older.
  for (const daysAgo of [18, 11, 4, 60]) {
    const at = new Date(t.market.now().getTime() - daysAgo * DAY);
    const [bar] = await t.market.bars('MSFT', '1day', new Date(at.getTime() - 3 * DAY), at);
    const p = bar?.close ?? (await t.market.quotes(['MSFT']))[0]!.last;
    await makeAlert(t.db, {
      ticker: 'MSFT',
      alertPrice: p,
      buyRangeLow: cents(p * 0.99),
      buyRangeHigh: cents(p * 1.01),
      targetRangeLow: cents(p * 1.5),
      targetRangeHigh: cents(p * 1.7),
      stopLoss: cents(p * 0.94),
      createdAt: at,
    });
  }
});
afterAll(async () => {
  await t?.close();
});

const REPLAY = '/livetrading/money-management-bot/replay/';
const form = (patch: Record<string, unknown> = {}) => swingBotBody(today, { bot_name: 'Replay', ...patch });

describe('replaying a bot on past alerts', () => {
  it('runs the bot over the alerts of its category in those days: every alert is a trade or a skip with its reason, and the figures add up', async () => {
    const user = await makeSignedIn(t);
    const res = await t.post(REPLAY, { bot: form(), days: 30 }, { token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as BotReplayResult;
    expect(r.alerts).toBe(3);
    expect(r.trades.length + r.skipped.length).toBe(3);
    expect(r.trades.length).toBeGreaterThan(0);
    const sum = r.trades.reduce((s, x) => s.plus(x.profit_loss), dec(0));
    expect(r.summary.profit_loss).toBe(toText(sum.toDecimalPlaces(2)));
    expect(r.summary.taken).toBe(r.trades.length);
    expect(r.equity.length).toBe(r.trades.length);
    expect(r.equity.at(-1)!.value).toBeCloseTo(Number(r.summary.profit_loss), 2);
  });

  it('a bot whose filter refuses every alert takes none and says why for each', async () => {
    const user = await makeSignedIn(t);
    const res = await t.post(REPLAY, { bot: form({ risk_at_most: 1 }), days: 30 }, { token: user.token });
    const r = res.json() as BotReplayResult;
    expect(r.trades).toEqual([]);
    expect(r.skipped.map((s) => s.reason)).toEqual([
      expect.stringMatching(/^risk \d+(\.\d+)?% is above your 1%$/),
      expect.stringMatching(/^risk \d+(\.\d+)?% is above your 1%$/),
      expect.stringMatching(/^risk \d+(\.\d+)?% is above your 1%$/),
    ]);
    expect(r.summary).toMatchObject({ taken: 0, skipped: 3, win_rate: null, profit_loss: '0', max_drawdown: '0' });
  });

  it('refuses days outside 1 to 365, an options category and a category not in the plans (400 in words); who may call', async () => {
    const user = await makeSignedIn(t);
    const far = await t.post(REPLAY, { bot: form(), days: 400 }, { token: user.token });
    expect(far.statusCode).toBe(400);
    expect(far.json().days).toEqual([BOT_REPLAY_MSG.days]);
    const options = await t.post(
      REPLAY,
      { bot: form({ trade_category: 'OPTIONS-IDEAS' }), days: 30 },
      { token: user.token },
    );
    expect(options.statusCode).toBe(400);
    expect(options.json().bot).toEqual([BOT_REPLAY_MSG.sharesOnly]);
    const smart = await makeSignedIn(t, { plans: ['offer25-smart-trader'] });
    const notTheirs = await t.post(REPLAY, { bot: form(), days: 30 }, { token: smart.token });
    expect(notTheirs.statusCode).toBe(400);
    expect((await t.post(REPLAY, { bot: form(), days: 30 })).statusCode).toBe(401);
    const plain = await makeSignedIn(t, { plans: ['stocks-monthly'] });
    const denied = await t.post(REPLAY, { bot: form(), days: 30 }, { token: plain.token });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: BOT_MSG.botsDenied });
  });
});
