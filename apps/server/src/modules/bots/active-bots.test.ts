import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotDto } from '@drat/contracts';
import { bots, trades } from '../../db/schema/index';
import { botLogOf, msftLevels, swingBotBody } from '../../../test/bots-fixture';
import { eventually } from '../../../test/eventually';
import { cents, makeAlert, makeSignedIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

/**
 * The matcher's copy of the active bots (active-bots.ts) with the read caches on, as the server
 * runs (the harness turns them off): a bot written by hand, as another process would, reaches the
 * next alert through the change feed (migration 0025); one written unheard keeps its old copy, and
 * the placing transaction still refuses a bot deactivated meanwhile.
 */
let t: TestApp;
let today: string;
let price: number;

beforeAll(async () => {
  t = await createTestApp({ config: { readCacheMs: 60_000 } });
  today = t.market.calendar.dateOf(t.market.now());
  price = (await t.market.quotes(['MSFT']))[0]!.last;
});
afterAll(async () => {
  await t?.close();
});

/** MSFT at its price, published and matched: risk 7%, reward 60%. */
async function publish(): Promise<number> {
  const alert = await makeAlert(t.db, msftLevels(price));
  await t.modules.bots.matcher.alertPublished(alert.id);
  return alert.id;
}

const lastLog = async (botId: number) => (await botLogOf(t.db, botId)).at(-1);

describe('the active bots kept in memory', () => {
  it('a-bot-changed-by-another-process-is-matched-with-its-new-settings-and-one-deactivated-unheard-places-nothing', async () => {
    const owner = await makeSignedIn(t);
    const res = await t.post('/livetrading/money-management-bot/create', swingBotBody(today, { bot_name: 'Kept' }), {
      token: owner.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const bot = (res.json().data as BotDto[])[0]!;

    // The first alert reads the active bots (the create was this process's: forgotten at once).
    const first = await publish();
    expect(await lastLog(bot.id)).toMatch(new RegExp(`^Took MSFT \\(alert #${first}\\)`));

    // Another process (here, SQL) lowers its risk limit: the feed makes the next alerts see it.
    await t.db
      .update(bots)
      .set({ settings: sql`jsonb_set(${bots.settings}, '{risk_at_most}', '5')` })
      .where(eq(bots.id, bot.id));
    await eventually(async () => {
      const id = await publish();
      expect(await lastLog(bot.id)).toBe(`Skipped MSFT (alert #${id}): risk 7% is above your 5%.`);
    });

    // Back to 10%, heard; then deactivated with the feed silent: the copy still offers it the
    // alert, and the transaction that would write its trade finds it inactive.
    await t.db
      .update(bots)
      .set({ settings: sql`jsonb_set(${bots.settings}, '{risk_at_most}', '10')` })
      .where(eq(bots.id, bot.id));
    await eventually(async () => {
      await publish();
      expect(await lastLog(bot.id)).toMatch(/^Took MSFT/);
    });
    const placed = (await t.db.select().from(trades).where(eq(trades.userId, owner.id))).length;
    await t.db.execute(sql`alter table bots disable trigger bots_updated`);
    try {
      await t.db.update(bots).set({ active: false }).where(eq(bots.id, bot.id));
    } finally {
      await t.db.execute(sql`alter table bots enable trigger bots_updated`);
    }
    const unheard = await publish();
    expect(await lastLog(bot.id)).toBe(`Skipped MSFT (alert #${unheard}): the bot was deactivated meanwhile.`);
    expect(await t.db.select().from(trades).where(eq(trades.userId, owner.id))).toHaveLength(placed);
  });

  it('a-bot-changed-unheard-while-kept-takes-its-turn-again-on-its-new-settings-never-the-old-ones', async () => {
    const owner = await makeSignedIn(t);
    const res = await t.post('/livetrading/money-management-bot/create', swingBotBody(today, { bot_name: 'Resized' }), {
      token: owner.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const bot = (res.json().data as BotDto[])[0]!;
    await eventually(async () => {
      await publish();
      expect(await lastLog(bot.id)).toMatch(/^Took MSFT/);
    });
    const before = await t.db.select().from(trades).where(eq(trades.userId, owner.id));

    // Its amount per trade halved with the feed silent: the kept copy still has the old amount.
    await t.db.execute(sql`alter table bots disable trigger bots_updated`);
    try {
      await t.db
        .update(bots)
        .set({ settings: sql`jsonb_set(${bots.settings}, '{amount_invested_per_trade}', '5000')` })
        .where(eq(bots.id, bot.id));
    } finally {
      await t.db.execute(sql`alter table bots enable trigger bots_updated`);
    }
    const changed = await publish();
    expect(await lastLog(bot.id)).toBe(
      `Could not act on MSFT (alert #${changed}) yet: the bot was changed meanwhile. It is tried again.`,
    );
    expect(await t.db.select().from(trades).where(eq(trades.userId, owner.id))).toHaveLength(before.length);

    // Its own turn again ('bots.turn') reads the bot as it is: the trade is sized on 5,000.
    await t.modules.bots.matcher.botTurn(bot.id, changed);
    const after = await t.db.select().from(trades).where(eq(trades.userId, owner.id));
    expect(after).toHaveLength(before.length + 1);
    const input = after.find((x) => x.alertId === changed)!.input as Record<string, number>;
    expect(input.amount_buy_range_low).toBe(Math.floor(2500 / cents(price * 0.97)));
  });
});
