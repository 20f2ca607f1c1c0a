import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { BOT_DEFAULTS, BOT_LOG_KEEP_DAYS, BOT_MSG, MSG, TRADE_MSG, type BotDto } from '@drat/contracts';
import { botLogs, bots, trades, users } from '../../db/schema/index';
import { makeSignedIn, makeUser, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { botLogOf } from '../../../test/bots-fixture';
import { botsRepo } from './bots.repo';

/**
 * Money-management bots' calls (3-bots-admin-public §7) per role, the form's rules (§5) with
 * nothing stored, and the states of §4 (deactivate, archive, un-archive).
 */
let t: TestApp;
let today: string;
const inDays = (n: number) => {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestApp();
  today = t.market.calendar.dateOf(t.market.now());
});
afterAll(async () => {
  await t?.close();
});

/** The form after a reset (§9), named, on the owner's demo account and SWING-ALERTS. */
const form = (patch: Record<string, unknown> = {}) => ({
  ...BOT_DEFAULTS,
  bot_name: 'Swing bot',
  account_id: 'DEMO',
  trade_category: 'SWING-ALERTS',
  alerts_from_date: today,
  alerts_to_date: inDays(30),
  ...patch,
});

const CREATE = '/livetrading/money-management-bot/create';
const botsOf = async (userId: number) => t.db.select().from(bots).where(eq(bots.userId, userId));

describe('who may call the bot calls', () => {
  const ownerCalls = [
    ['POST', CREATE],
    ['POST', '/livetrading/money-management-bot/update/1/'],
    ['POST', '/livetrading/money-management-bot/deactivate/1/'],
    ['POST', '/livetrading/money-management-bot/archive/1/'],
    ['POST', '/livetrading/money-management-bot/unarchive/1/'],
    ['GET', '/livetrading/money-management-bot/bots'],
    ['GET', '/livetrading/money-management-bot/archived-bots'],
    ['GET', '/logs/management-bot?bot_id=1'],
  ] as const;
  const adminCalls = [
    '/management/money-management-bots',
    '/management/users-with-mmbot',
    '/management/money-management-bot-logs?bot_id=1',
  ];

  it('anonymous callers get 401 on every bot call', async () => {
    for (const [method, url] of ownerCalls) {
      const res = method === 'GET' ? await t.get(url) : await t.post(url, form());
      expect(res.statusCode, url).toBe(401);
    }
    for (const url of adminCalls) expect((await t.get(url)).statusCode, url).toBe(401);
  });

  it('a subscriber without bots (no smart trader with live trading or a challenge) gets 403 in words, and nothing is stored', async () => {
    const user = await makeSignedIn(t, { plans: ['stocks-monthly'] });
    for (const [method, url] of ownerCalls) {
      const res =
        method === 'GET' ? await t.get(url, { token: user.token }) : await t.post(url, form(), { token: user.token });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ detail: BOT_MSG.botsDenied });
    }
    expect(await botsOf(user.id)).toEqual([]);
  });

  it("a subscriber with bots is refused the admin calls (403), whatever the bot's owner", async () => {
    const user = await makeSignedIn(t);
    for (const url of adminCalls) {
      const res = await t.get(url, { token: user.token });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ detail: MSG.noPermission });
    }
  });
});

describe('creating a bot (§5 on the server: 400 naming the field, nothing stored)', () => {
  it('creates the bot active on the demo account and answers the list, newest first', async () => {
    const user = await makeSignedIn(t);
    const first = await t.post(CREATE, form({ bot_name: 'First' }), { token: user.token });
    expect(first.statusCode, first.body).toBe(200);
    const second = await t.post(CREATE, form({ bot_name: 'Second' }), { token: user.token });
    const body = second.json() as { message: string; data: BotDto[] };
    expect(body.message).toBe(BOT_MSG.created);
    expect(body.data.map((b) => b.bot_name)).toEqual(['Second', 'First']);
    expect(body.data[0]).toMatchObject({
      active: true,
      archived: false,
      trade_account: { account_id: 'DEMO', mode: 'DEMO' },
      trade_category: { name: 'SWING-ALERTS', category: 'STOCKS' },
      risk_at_most: 10,
      reward_at_least: 50,
      selected_sectors: ['ALL SECTORS'],
      alert_sector: 'ALL SECTORS',
      taken_trades: [],
      performance: { trades_taken: 0, trades_left: 10, amount_invested: '0', amount_left: '10000', profit_loss: '0' },
    });
    const list = await t.get('/livetrading/money-management-bot/bots', { token: user.token });
    expect(list.json().data.map((b: BotDto) => b.bot_name)).toEqual(['Second', 'First']);
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['a bot without a name', { bot_name: '  ' }, 'bot_name', BOT_MSG.nameRequired],
    [
      'entry sizes not adding up to 100',
      { high_buy_range_proportion: 40 },
      'high_buy_range_proportion',
      BOT_MSG.entrySizes,
    ],
    [
      'exit sizes that do not mirror the entries',
      { low_target_range_proportion: 70, high_target_range_proportion: 30 },
      'low_target_range_proportion',
      BOT_MSG.exitSizes,
    ],
    ['a risk above 100', { risk_at_most: 120 }, 'risk_at_most', BOT_MSG.percent('Risk at most')],
    [
      'an amount per trade below 1',
      { amount_invested_per_trade: 0.5 },
      'amount_invested_per_trade',
      BOT_MSG.atLeast('Amount per trade', 1),
    ],
    [
      'a maximum total below the amount per trade',
      { amount_invested_per_trade: 500, max_total_amount_set_to_invest: 100 },
      'max_total_amount_set_to_invest',
      BOT_MSG.totalBelowPerTrade,
    ],
    ['a negative offset', { entry_one_adder: -1 }, 'entry_one_adder', BOT_MSG.atLeast('Entry 1 offset', 0)],
    ['an unknown sign', { entry_two_sign: 'times' }, 'entry_two_sign', BOT_MSG.sign('Entry 2 sign')],
    [
      'an unknown stop reference',
      { stop_loss_entry_parameter: 'buy_range_1' },
      'stop_loss_entry_parameter',
      BOT_MSG.stopReference,
    ],
    ['an unknown options strategy', { options_strategy: 'IRON CONDOR' }, 'options_strategy', BOT_MSG.strategy],
    [
      'trailing profit on without its settings',
      { set_trailing_profit: true, trailing_profit: null },
      'trailing_profit',
      BOT_MSG.trailingRequired('Trailing profit'),
    ],
    [
      'a trailing profit below 1 when on',
      { set_trailing_profit: true, trailing_profit: 0.5, new_trailing_profit: 2, trigger_percent: 40 },
      'trailing_profit',
      BOT_MSG.atLeast('Trailing profit', 1),
    ],
    [
      'a min above the max of a switched range',
      { set_average_volume: true, least_average_volume: 500, max_average_volume: 100 },
      'least_average_volume',
      BOT_MSG.minAboveMax('average volume'),
    ],
    [
      'an alert price floor above its ceiling',
      { alert_price_greater_than: 50, alert_price_less_than: 10 },
      'alert_price_less_than',
      BOT_MSG.priceBounds,
    ],
    [
      'an excluded trade category',
      { trade_category: 'SQUEEZE-ALERTS' },
      'trade_category',
      BOT_MSG.categoryExcluded('SQUEEZE-ALERTS'),
    ],
    [
      'an alerts-from date before today',
      { alerts_from_date: '2020-01-01' },
      'alerts_from_date',
      BOT_MSG.dateBeforeToday('Alerts from date'),
    ],
    [
      'an expiration date before today',
      { expiration_to_date: '2020-01-01' },
      'expiration_to_date',
      BOT_MSG.dateBeforeToday('Expiration to date'),
    ],
    [
      'dates in the wrong order',
      { alerts_to_date: today, alerts_from_date: 'x' },
      'alerts_from_date',
      BOT_MSG.dateFormat('Alerts from date'),
    ],
    ['a brokerage account that is not theirs', { account_id: 'SIM-999999' }, 'account_id', TRADE_MSG.accountNotYours],
  ];
  for (const [what, patch, field, message] of refusals) {
    it(`refuses ${what}: 400 on ${field} in words`, async () => {
      const user = await makeSignedIn(t, { isLiveTrader: true });
      const res = await t.post(CREATE, form(patch), { token: user.token });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()[field], res.body).toContain(message);
      expect(await botsOf(user.id)).toEqual([]);
    });
  }

  it("refuses a trade category the owner's plans do not include", async () => {
    const user = await makeSignedIn(t, { plans: ['offer25-smart-trader'] });
    const res = await t.post(CREATE, form(), { token: user.token });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().trade_category).toEqual([BOT_MSG.categoryNotYours('SWING-ALERTS')]);
  });

  it('a live bot needs live trading granted: 403 in the spec’s words without it', async () => {
    const user = await makeSignedIn(t, { isLiveTrader: false });
    const res = await t.post(CREATE, form({ account_id: `SIM-${user.id}` }), { token: user.token });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ detail: MSG.liveTraderDenied });
    expect(await botsOf(user.id)).toEqual([]);
  });
});

describe('changing a bot (§4: deactivate while active, archive when inactive, un-archive)', () => {
  it('update replaces the settings; deactivate, archive and un-archive follow the row rules, each logged', async () => {
    const user = await makeSignedIn(t);
    const created = (await t.post(CREATE, form(), { token: user.token })).json().data[0] as BotDto;
    const url = (action: string) => `/livetrading/money-management-bot/${action}/${created.id}/`;

    const updated = await t.post(url('update'), form({ bot_name: 'Renamed', risk_at_most: 7 }), { token: user.token });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data[0]).toMatchObject({ bot_name: 'Renamed', risk_at_most: 7 });

    const early = await t.post(url('archive'), undefined, { token: user.token });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: BOT_MSG.archiveActive });

    const off = await t.post(url('deactivate'), undefined, { token: user.token });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data[0]).toMatchObject({ id: created.id, active: false });
    const again = await t.post(url('deactivate'), undefined, { token: user.token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: BOT_MSG.alreadyInactive });

    const archived = await t.post(url('archive'), undefined, { token: user.token });
    expect(archived.json()).toEqual({ message: BOT_MSG.archived, data: [] });
    const archivedList = await t.get('/livetrading/money-management-bot/archived-bots', { token: user.token });
    expect(archivedList.json().data.map((b: BotDto) => b.id)).toEqual([created.id]);

    const back = await t.post(url('unarchive'), undefined, { token: user.token });
    expect(back.json()).toEqual({ message: BOT_MSG.unarchived, data: [] });
    const notArchived = await t.post(url('unarchive'), undefined, { token: user.token });
    expect(notArchived.json()).toEqual({ detail: BOT_MSG.notArchived });

    const logs = await t.get(`/logs/management-bot?bot_id=${created.id}`, { token: user.token });
    expect(logs.json().data.map((l: { text: string }) => l.text)).toEqual([
      'Un-archived.',
      'Archived.',
      'Deactivated.',
      'Settings changed.',
      `Created, taking SWING-ALERTS alerts published ${today} to ${inDays(30)}.`,
    ]);
  });

  it("someone else's bot is not found (404) for every call; a super user reaches it and the log says so", async () => {
    const ownerUser = await makeUser(t.db);
    const owner = { ...ownerUser, token: await signIn(t.app, ownerUser) };
    const other = await makeSignedIn(t);
    const id = ((await t.post(CREATE, form(), { token: owner.token })).json().data[0] as BotDto).id;
    for (const action of ['update', 'deactivate', 'archive', 'unarchive']) {
      const res = await t.post(`/livetrading/money-management-bot/${action}/${id}/`, form(), { token: other.token });
      expect(res.statusCode, action).toBe(404);
      expect(res.json()).toEqual({ detail: BOT_MSG.botNotFound });
    }
    expect((await t.get(`/logs/management-bot?bot_id=${id}`, { token: other.token })).statusCode).toBe(404);

    const admin = await makeUser(t.db, { isSuper: true, plans: [] });
    const token = await signIn(t.app, admin);
    const all = await t.get(`/management/money-management-bots?user_email=${encodeURIComponent(owner.email)}`, {
      token,
    });
    expect(all.json().data).toEqual([expect.objectContaining({ id, email: owner.email })]);
    const owners = await t.get('/management/users-with-mmbot', { token });
    expect(owners.json().data).toContainEqual(expect.objectContaining({ email: owner.email, bots: 1 }));
    const off = await t.post(`/livetrading/money-management-bot/deactivate/${id}/`, undefined, { token });
    expect(off.statusCode, off.body).toBe(200);
    const logs = await t.get(`/management/money-management-bot-logs?bot_id=${id}`, { token });
    expect(logs.json().data[0].text).toBe('Deactivated by a super user.');
    expect(await t.db.select().from(botLogs).where(eq(botLogs.botId, id))).toHaveLength(2);
  });

  it('an id that is not a number is a 400 naming it', async () => {
    const user = await makeSignedIn(t);
    const res = await t.get('/logs/management-bot?bot_id=abc', { token: user.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().bot_id).toBeDefined();
    expect(await t.db.select({ id: trades.id }).from(trades).where(eq(trades.userId, user.id))).toEqual([]);
  });

  it('a-deleted-users-bots-take-their-logs-with-them', async () => {
    // bot_logs has no foreign key (a published alert writes thousands of lines): a trigger deletes
    // a bot's lines with the bot, also when the bot goes with its owner; a line naming many bots
    // goes when they are all gone, and is left as it is while one of them lives (ids never come
    // back; rewriting big shared arrays cost more than the delete).
    const user = await makeSignedIn(t);
    const other = await makeSignedIn(t);
    const create = async (token: string) => ((await t.post(CREATE, form(), { token })).json().data as BotDto[])[0]!.id;
    const id = await create(user.token);
    const second = await create(user.token);
    const kept = await create(other.token);
    expect(await t.db.select().from(botLogs).where(eq(botLogs.botId, id))).toHaveLength(1);
    const at = t.clock.now();
    await botsRepo(t.db).logLines(
      [
        { text: 'Skipped MSFT (alert #1): risk 7% is above your 5%.', botIds: [id, second] },
        { text: 'Skipped MSFT (alert #2): risk 7% is above your 5%.', botIds: [id, kept] },
      ],
      at,
    );
    expect(await botLogOf(t.db, id)).toEqual([
      expect.stringMatching(/^Created/),
      'Skipped MSFT (alert #1): risk 7% is above your 5%.',
      'Skipped MSFT (alert #2): risk 7% is above your 5%.',
    ]);
    await t.db.delete(users).where(eq(users.id, user.id));
    expect(await t.db.select().from(botLogs).where(eq(botLogs.botId, id))).toEqual([]);
    const many = await t.db
      .select({ text: botLogs.text, botIds: botLogs.botIds })
      .from(botLogs)
      .where(sql`${botLogs.botIds} && ${sql.param([id, second, kept])}::int[]`);
    expect(many).toEqual([{ text: 'Skipped MSFT (alert #2): risk 7% is above your 5%.', botIds: [id, kept] }]);
    expect(await botLogOf(t.db, kept)).toEqual([
      expect.stringMatching(/^Created/),
      'Skipped MSFT (alert #2): risk 7% is above your 5%.',
    ]);
  });

  it('a-bots-log-keeps-90-days: the daily trim forgets older lines, in batches, and twice is harmless', async () => {
    const user = await makeSignedIn(t);
    const res = await t.post(CREATE, form(), { token: user.token });
    const id = (res.json().data as BotDto[])[0]!.id;
    const day = 86_400_000;
    const at = (days: number) => new Date(t.clock.now().getTime() - days * day);
    await t.db
      .insert(botLogs)
      .values([
        ...[1, 2, 3, 4, 5].map((n) => ({ botId: id, text: `Old ${n}`, createdAt: at(BOT_LOG_KEEP_DAYS + n) })),
        { botId: id, text: 'Recent', createdAt: at(BOT_LOG_KEEP_DAYS - 1) },
      ]);
    // Two lines a statement: three statements for five old lines (other tests' lines are recent).
    expect(await t.modules.bots.trimLogs(2)).toBe(5);
    expect(await t.modules.bots.trimLogs(2)).toBe(0);
    const left = await t.db
      .select({ text: botLogs.text })
      .from(botLogs)
      .where(eq(botLogs.botId, id))
      .orderBy(asc(botLogs.id));
    expect(left.map((l) => l.text)).toEqual([expect.stringMatching(/^Created, taking SWING-ALERTS/), 'Recent']);
  });
});
