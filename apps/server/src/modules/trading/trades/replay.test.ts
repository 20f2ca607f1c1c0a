import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REPLAY_MSG, type ReplayResult } from '@drat/contracts';
import { trades } from '../../../db/schema/index';
import { cents, makeSignedIn, restingTradeBody } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';

let t: TestApp;
const TICKER = 'MSFT';
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/livetrading/replay-trade/', () => {
  it('answers 401 to an anonymous caller', async () => {
    expect((await t.post('/livetrading/replay-trade/', {})).statusCode).toBe(401);
  });

  it('a demo trader replays a custom trade over 20 days of hourly bars: buys at or under their limits, nothing stored', async () => {
    const me = await makeSignedIn(t, { plans: ['stocks-monthly'] });
    const to = t.market.now();
    const bars = await t.market.bars(TICKER, '1hr', new Date(to.getTime() - 20 * DAY), to);
    const lows = bars.map((b) => b.low);
    const highs = bars.map((b) => b.high);
    const [min, max] = [Math.min(...lows), Math.max(...highs)];
    // Buys a third of the way up the period's range: some bar went down through them.
    const buyLow = cents(min + (max - min) * 0.3);
    const trade = restingTradeBody(TICKER, 1, {
      buy_range_low: buyLow,
      buy_range_high: cents(min + (max - min) * 0.35),
      target_range_low: cents(min + (max - min) * 0.8),
      target_range_high: cents(min + (max - min) * 0.9),
      stop_loss: cents(min * 0.5),
      amount_buy_range_low: 3,
      amount_buy_range_high: 2,
    });
    const res = await t.post('/livetrading/replay-trade/', { days: 20, trade }, { token: me.token });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as ReplayResult;
    expect(r.bars.length).toBe(bars.length);
    const buy1 = r.executions.find((e) => e.label === 'buy_range_1' && e.side === 'buy');
    expect(buy1).toBeDefined();
    expect(buy1!.price).toBeLessThanOrEqual(buyLow);
    expect(buy1!.qty).toBe(3);
    expect(['OPEN', 'COMPLETED']).toContain(r.status);
    expect(await t.db.select().from(trades).where(eq(trades.userId, me.id))).toEqual([]);
  });

  it.each([
    [
      'an options trade',
      {
        days: 5,
        trade: restingTradeBody(TICKER, 100, {
          strategy: 'BUY CALL',
          singleStrike: 100,
          singleExpiration: '2030-01-18',
        }),
      },
      'trade',
      REPLAY_MSG.sharesOnly,
    ],
    ['0 days', { days: 0, trade: restingTradeBody(TICKER, 100) }, 'days', REPLAY_MSG.days],
  ])('%s: 400 naming the field', async (_, body, field, message) => {
    const me = await makeSignedIn(t, { plans: ['stocks-monthly'] });
    const res = await t.post('/livetrading/replay-trade/', body, { token: me.token });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()[field]).toEqual([message]);
  });
});
