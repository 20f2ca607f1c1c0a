import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { BOT_DEFAULTS, MSG, type BotDto } from '@drat/contracts';
import { botTrades, bots, subscriptions, tradeLogs, trades, users } from '../../db/schema/index';
import { botLogOf, msftLevels, swingBotBody } from '../../../test/bots-fixture';
import { cents, makeAlert, makeSignedIn, type TestAlert } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { composeModules } from '../../compose';
import { connect } from '../../db/client';

/**
 * Every bot here takes SWING-ALERTS: each test's alerts meet the earlier tests' active bots too, so
 * each test reads its own bot's owner, trades and log.
 *
 * A published alert meets the bots (matcher.service.ts, docs/bot-rules.md): the trade a bot places
 * through trading's one entry, once per bot and alert however often it is heard, and the log line
 * saying why when it does not.
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

/** A bot of a new user on SWING-ALERTS (their demo account unless `account_id` says otherwise). */
async function makeBot(patch: Record<string, unknown> = {}, user?: { id: number; token: string }) {
  const owner = user ?? (await makeSignedIn(t));
  const res = await t.post(
    '/livetrading/money-management-bot/create',
    swingBotBody(today, { alerts_to_date: inDays(30), ...patch }),
    { token: owner.token },
  );
  expect(res.statusCode, res.body).toBe(200);
  return { owner, bot: (res.json().data as BotDto[])[0]! };
}

/** MSFT at its price: buys 3% under and at it, targets 30% and 60% over, stop 7% under (risk 7%, reward 60%). */
const msftAlert = (over: Parameters<typeof makeAlert>[1] = {}): Promise<TestAlert> =>
  makeAlert(t.db, { ...msftLevels(price), ...over });

const logOf = (botId: number) => botLogOf(t.db, botId);
const tradesOf = (userId: number) =>
  t.db.select().from(trades).where(eq(trades.userId, userId)).orderBy(asc(trades.id));

describe('a published alert meets the bots', () => {
  it('a-matching-alert-becomes-an-MB-trade-on-the-bots-account-sized-by-its-entries-and-the-log-says-so', async () => {
    const { owner, bot } = await makeBot();
    const alert = await msftAlert();
    await t.modules.bots.matcher.alertPublished(alert.id);

    const [trade] = await tradesOf(owner.id);
    expect(trade).toMatchObject({
      tradeType: 'MB',
      mode: 'DEMO',
      alertId: alert.id,
      ticker: 'MSFT',
      status: 'PENDING',
    });
    // 10,000 split 50/50: 5,000 / buy range low and 5,000 / buy range high, whole shares.
    const input = trade!.input as Record<string, number>;
    expect(input.amount_buy_range_low).toBe(Math.floor(5000 / cents(price * 0.97)));
    expect(input.amount_buy_range_high).toBe(Math.floor(5000 / cents(price)));
    expect(input.stop_loss).toBe(cents(price * 0.93));

    const [tradeLog] = await t.db
      .select()
      .from(tradeLogs)
      .where(eq(tradeLogs.tradeId, trade!.id))
      .orderBy(asc(tradeLogs.id));
    expect(tradeLog!.text).toBe(`Trade submitted by bot Momentum (#${bot.id})`);
    expect((await logOf(bot.id)).at(-1)).toBe(
      `Took MSFT (alert #${alert.id}): trade #${trade!.id} buys ${input.amount_buy_range_low} at ${cents(price * 0.97)} and ${input.amount_buy_range_high} at ${cents(price)}, stop ${cents(price * 0.93)}.`,
    );

    const list = await t.get('/livetrading/money-management-bot/bots', { token: owner.token });
    expect(list.json().data[0]).toMatchObject({
      taken_trades: [{ trade_id: trade!.id, alert_id: alert.id, ticker: 'MSFT', mode: 'DEMO' }],
      performance: { trades_taken: 1, trades_left: 9, amount_invested: '10000', amount_left: '90000' },
    });
    // The owner sees it among their demo trades, as an MB trade.
    const demo = await t.get('/demo-trading/trades', { token: owner.token });
    expect(demo.json().data.map((x: { id: number; trade_type: string }) => [x.id, x.trade_type])).toEqual([
      [trade!.id, 'MB'],
    ]);
  });

  it('an-alert-heard-twice-or-by-two-processes-at-once-makes-one-trade', async () => {
    const { owner, bot } = await makeBot();
    const alert = await msftAlert();
    // A second server process: its own module graph and connections on the same database.
    const database = connect(t.databaseUrl, 3);
    const other = composeModules({ ...t.deps, db: database.db });
    try {
      await Promise.all([
        t.modules.bots.matcher.alertPublished(alert.id),
        other.bots.matcher.alertPublished(alert.id),
        t.modules.bots.matcher.alertPublished(alert.id),
        other.bots.matcher.alertPublished(alert.id),
      ]);
    } finally {
      other.close();
      await database.close();
    }
    await t.modules.bots.matcher.alertPublished(alert.id);
    expect(await tradesOf(owner.id)).toHaveLength(1);
    expect(await t.db.select().from(botTrades).where(eq(botTrades.botId, bot.id))).toHaveLength(1);
    expect((await logOf(bot.id)).filter((l) => l.startsWith('Took'))).toHaveLength(1);
  });

  it('a-filter-that-refuses-logs-why-in-words-and-places-nothing', async () => {
    const { owner, bot } = await makeBot({ risk_at_most: 5 });
    const alert = await msftAlert();
    await t.modules.bots.matcher.alertPublished(alert.id);
    expect(await tradesOf(owner.id)).toEqual([]);
    expect((await logOf(bot.id)).at(-1)).toMatch(
      new RegExp(`^Skipped MSFT \\(alert #${alert.id}\\): risk 7(\\.\\d+)?% is above your 5%\\.$`),
    );
  });

  it('bots-with-different-filters-meeting-one-alert-each-answer-by-their-own-and-same-filters-the-same', async () => {
    // The matcher works a set of filters out once per alert: the answers must still be each bot's.
    const strict = await makeBot({ risk_at_most: 5 });
    const loose = await makeBot({ risk_at_most: 10 });
    const twin = await makeBot({ risk_at_most: 5 });
    const alert = await msftAlert();
    await t.modules.bots.matcher.alertPublished(alert.id);
    expect(await tradesOf(strict.owner.id)).toEqual([]);
    expect(await tradesOf(twin.owner.id)).toEqual([]);
    expect(await tradesOf(loose.owner.id)).toEqual([expect.objectContaining({ alertId: alert.id })]);
    const skip = new RegExp(`^Skipped MSFT \\(alert #${alert.id}\\): risk 7(\\.\\d+)?% is above your 5%\\.$`);
    expect((await logOf(strict.bot.id)).at(-1)).toMatch(skip);
    expect((await logOf(twin.bot.id)).at(-1)).toMatch(skip);
    expect((await logOf(loose.bot.id)).at(-1)).toMatch(/^Took MSFT/);
  });

  it('alerts of another type, and inactive bots, are not their business (no log line)', async () => {
    const { owner, bot } = await makeBot();
    await t.post(`/livetrading/money-management-bot/deactivate/${bot.id}/`, undefined, { token: owner.token });
    const before = await logOf(bot.id);
    await t.modules.bots.matcher.alertPublished((await msftAlert()).id);
    await t.modules.bots.matcher.alertPublished((await msftAlert({ type: 'BREAKOUT-ALERTS' })).id);
    expect(await tradesOf(owner.id)).toEqual([]);
    expect(await logOf(bot.id)).toEqual(before);
  });

  it('the-maximum-total-stops-the-bot-before-the-trade-that-would-pass-it', async () => {
    const { owner, bot } = await makeBot({ max_total_amount_set_to_invest: 15_000 });
    await t.modules.bots.matcher.alertPublished((await msftAlert()).id);
    const second = await msftAlert();
    await t.modules.bots.matcher.alertPublished(second.id);
    expect(await tradesOf(owner.id)).toHaveLength(1);
    expect((await logOf(bot.id)).at(-1)).toBe(
      `Skipped MSFT (alert #${second.id}): another 10,000 would bring the total to 20,000, above your maximum of 15,000.`,
    );
  });

  it('the-daily-limit-counts-todays-trades-in-new-york-and-a-new-day-starts-a-new-count', async () => {
    const { owner, bot } = await makeBot({ daily_trade_limit: 1 });
    // A trade the bot took yesterday (New York) does not count today.
    await t.db.insert(botTrades).values({ botId: bot.id, source: 'alert:yesterday', day: inDays(-1), amount: '10000' });
    await t.modules.bots.matcher.alertPublished((await msftAlert()).id);
    expect(await tradesOf(owner.id)).toHaveLength(1);
    const third = await msftAlert();
    await t.modules.bots.matcher.alertPublished(third.id);
    expect(await tradesOf(owner.id)).toHaveLength(1);
    expect((await logOf(bot.id)).at(-1)).toBe(
      `Skipped MSFT (alert #${third.id}): your daily limit of 1 trade is reached for ${today} (New York).`,
    );
    const taken = await t.db.select().from(botTrades).where(eq(botTrades.botId, bot.id)).orderBy(asc(botTrades.id));
    expect(taken.map((r) => [r.day, r.amount])).toEqual([
      [inDays(-1), '10000.00'],
      [today, '10000.00'],
    ]);
  });

  it('a-live-bot-whose-owner-lost-live-trading-is-refused-by-the-entry-and-logs-it', async () => {
    const owner = await makeSignedIn(t, { isLiveTrader: true });
    const { bot } = await makeBot({ account_id: `SIM-${owner.id}` }, owner);
    expect(bot.trade_account).toEqual({ account_id: `SIM-${owner.id}`, mode: 'LIVE' });
    await t.db.update(users).set({ isLiveTrader: false }).where(eq(users.id, owner.id));
    const alert = await msftAlert();
    await t.modules.bots.matcher.alertPublished(alert.id);
    expect(await tradesOf(owner.id)).toEqual([]);
    expect((await logOf(bot.id)).at(-1)).toBe(
      `Skipped MSFT (alert #${alert.id}): the trade was refused: ${MSG.liveTraderDenied}`,
    );
    // With live trading back, the next alert is a live trade on the bot's account.
    await t.db.update(users).set({ isLiveTrader: true }).where(eq(users.id, owner.id));
    await t.modules.bots.matcher.alertPublished((await msftAlert()).id);
    expect(await tradesOf(owner.id)).toEqual([
      expect.objectContaining({ tradeType: 'MB', mode: 'LIVE', accountId: `SIM-${owner.id}` }),
    ]);
  });

  it('a-sector-filter-alone-reads-the-tickers-sector-and-takes-or-skips-by-it', async () => {
    const sector = (await t.market.company('MSFT'))!.sector;
    const other = sector === 'Energy' ? 'Utilities' : 'Energy';
    const { owner: a, bot: taking } = await makeBot({ selected_sectors: [sector] });
    const { owner: b, bot: skipping } = await makeBot({ selected_sectors: [other] });
    const alert = await msftAlert();
    await t.modules.bots.matcher.alertPublished(alert.id);
    expect(await tradesOf(a.id)).toHaveLength(1);
    expect((await logOf(taking.id)).at(-1)).toMatch(/^Took MSFT/);
    expect(await tradesOf(b.id)).toEqual([]);
    expect((await logOf(skipping.id)).at(-1)).toBe(
      `Skipped MSFT (alert #${alert.id}): its sector ${sector} is not one of yours (${other}).`,
    );
  });

  it('two-alerts-at-once-for-a-bot-with-one-trade-left-make-one-trade: the limit is checked again where the trade is written', async () => {
    const { owner, bot } = await makeBot({ max_no_of_trades: 1 });
    const [one, two] = [await msftAlert(), await msftAlert()];
    await Promise.all([t.modules.bots.matcher.alertPublished(one.id), t.modules.bots.matcher.alertPublished(two.id)]);
    expect(await tradesOf(owner.id)).toHaveLength(1);
    const lines = await logOf(bot.id);
    expect(lines.filter((l) => l.startsWith('Took'))).toHaveLength(1);
    expect(lines).toContainEqual(expect.stringMatching(/: you set a maximum of 1 trade, and 1 was taken\.$/));
  });

  it('a-bot-whose-owners-plan-ended-stops-trading-and-says-why', async () => {
    const { owner, bot } = await makeBot();
    await t.db
      .update(subscriptions)
      .set({ endsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(subscriptions.userId, owner.id));
    const alert = await msftAlert();
    await t.modules.bots.matcher.alertPublished(alert.id);
    expect(await tradesOf(owner.id)).toEqual([]);
    expect((await logOf(bot.id)).at(-1)).toBe(
      `Skipped MSFT (alert #${alert.id}): your plan no longer includes money-management bots.`,
    );
  });

  it('invested counts what each trade was taken with, not the amount per trade now', async () => {
    const { owner, bot } = await makeBot({ max_total_amount_set_to_invest: 15_000 });
    await t.modules.bots.matcher.alertPublished((await msftAlert()).id);
    // The owner lowers the amount per trade: 10,000 was taken, 100 more fits under 15,000.
    const lowered = await t.post(
      `/livetrading/money-management-bot/update/${bot.id}/`,
      {
        ...BOT_DEFAULTS,
        bot_name: 'Momentum',
        account_id: 'DEMO',
        trade_category: 'SWING-ALERTS',
        alerts_from_date: today,
        alerts_to_date: inDays(30),
        alert_price_less_than: 100_000,
        amount_invested_per_trade: 6_000,
        max_total_amount_set_to_invest: 15_000,
      },
      { token: owner.token },
    );
    expect(lowered.json().data[0].performance).toMatchObject({ amount_invested: '10000', amount_left: '5000' });
    const next = await msftAlert();
    await t.modules.bots.matcher.alertPublished(next.id);
    expect(await tradesOf(owner.id)).toHaveLength(1);
    expect((await logOf(bot.id)).at(-1)).toBe(
      `Skipped MSFT (alert #${next.id}): another 6,000 would bring the total to 16,000, above your maximum of 15,000.`,
    );
  });

  it('a published alert reaches the bots through their job (the alert area tells them once, keyed)', async () => {
    const { owner } = await makeBot();
    await t.startWorkers();
    const alert = await msftAlert();
    await t.modules.bots.alertPublished(alert.id);
    await t.modules.bots.alertPublished(alert.id);
    const deadline = Date.now() + 15_000;
    while ((await tradesOf(owner.id)).length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(await tradesOf(owner.id)).toEqual([expect.objectContaining({ tradeType: 'MB', alertId: alert.id })]);
    expect(await t.db.select().from(bots).where(eq(bots.userId, owner.id))).toHaveLength(1);
    // Told twice, queued once: the job's key is the alert (the bot_trades key would hide a second run).
    const jobs = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'bots.alert' and data->>'alertId' = ${String(alert.id)}`,
    );
    expect(jobs.rows[0]!.n).toBe(1);
  });
});
