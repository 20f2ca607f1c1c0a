import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import {
  BOT_DEFAULTS,
  INPUT_MSG,
  MSG,
  TRADE_MSG,
  type BotDto,
  type SharedItemDto,
  type SmartTradeDto,
} from '@drat/contracts';
import { plans, trades, tradeShares, users } from '../../../db/schema/index';
import type { TradeRow } from '../trades/trades.repo';
import { makeSignedIn, makeUser, restingTradeBody, signIn, type MakeUserOptions } from '../../../../test/factories';
import { createTestApp, multipartBody, type TestApp } from '../../../../test/harness';

let t: TestApp;
let price: number;

type Caller = { id: number; token: string };
const signedIn = (options: MakeUserOptions = {}) => makeSignedIn(t, options);
const liveTrader = () => signedIn({ isLiveTrader: true });
const superUser = () => signedIn({ isSuper: true, plans: [] });
const demoUser = () => signedIn({ plans: ['stocks-monthly'] });

beforeAll(async () => {
  t = await createTestApp();
  price = (await t.market.quotes(['MSFT']))[0]!.bid;
});
afterAll(async () => {
  await t?.close();
});

const SHARE = '/livetrading/smart-trade-share/create/';

/** POST the share form as the browser sends it (multipart/form-data, text fields). */
const share = (caller: Caller | null, fields: Record<string, string | number>) => {
  const form = multipartBody(Object.entries(fields).map(([name, value]) => ({ name, data: String(value) })));
  return t.post(SHARE, form.payload, { headers: form.headers, ...(caller ? { token: caller.token } : {}) });
};

/** A live trade of `me` placed through the API (PENDING on the simulated brokerage). */
const place = async (me: Caller) => {
  const body = restingTradeBody('MSFT', price, {
    account_id: `SIM-${me.id}`,
    amount_buy_range_low: 2,
    amount_buy_range_high: 2,
  });
  const res = await t.post('/livetrading/create-trade/', body, { token: me.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SmartTradeDto;
};

/**
 * A live trade of `me` (placed through the API), then given another status or mode in its row
 * (sharing reads the columns): a DRAFT, a finished trade, a demo trade.
 */
const stored = async (me: Caller, columns: { mode?: 'DEMO'; status?: TradeRow['status'] } = {}) => {
  const { id } = await place(me);
  if (columns.mode || columns.status) await t.db.update(trades).set(columns).where(eq(trades.id, id));
  return id;
};

/** A bot of `me` on SWING-ALERTS (the form's defaults, §9). */
const makeBot = async (me: Caller, patch: Record<string, unknown> = {}) => {
  const today = t.market.calendar.dateOf(t.market.now());
  const res = await t.post(
    '/livetrading/money-management-bot/create',
    {
      ...BOT_DEFAULTS,
      bot_name: 'Shared bot',
      account_id: 'DEMO',
      trade_category: 'SWING-ALERTS',
      alerts_from_date: today,
      alerts_to_date: today,
      ...patch,
    },
    { token: me.token },
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as BotDto[])[0]!;
};

const list = async (caller: Caller, which: 'received' | 'sent', query = '') => {
  const res = await t.get(`/livetrading/smart-trade-share/${which}${query}`, { token: caller.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SharedItemDto[];
};
const emailOf = async (id: number) =>
  (await t.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;
const sharesOf = (tradeId: number) => t.db.select().from(tradeShares).where(eq(tradeShares.tradeId, tradeId));

describe('sharing: who may call', () => {
  it.each(['/livetrading/smart-trade-share/received', '/livetrading/smart-trade-share/sent', '/payments/plans', SHARE])(
    '%s: 401 anonymous, 403 for a demo user in the spec words',
    async (url) => {
      const call = (caller: Caller | null) =>
        url === SHARE
          ? share(caller, { sharing_type: 'single', user: 'a@test.drat', live_trade_order_id: 1 })
          : t.get(url, caller ? { token: caller.token } : {});
      expect((await call(null)).statusCode).toBe(401);
      const res = await call(await demoUser());
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().detail).toBe(MSG.liveTraderDenied);
    },
  );

  it('GET /management/user-list: 401 anonymous, 403 for demo users and live traders (super users only)', async () => {
    expect((await t.get('/management/user-list')).statusCode).toBe(401);
    for (const caller of [await demoUser(), await liveTrader()]) {
      const res = await t.get('/management/user-list', { token: caller.token });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(MSG.noPermission);
    }
  });

  it.each([
    ['a live trader', { isLiveTrader: true }],
    ['a super user', { isSuper: true, plans: [] }],
  ] satisfies [string, MakeUserOptions][])('%s reads the shared lists and the plan groups', async (_, options) => {
    const me = await signedIn(options);
    expect(await list(me, 'received')).toEqual([]);
    expect(await list(me, 'sent')).toEqual([]);
    expect((await t.get('/payments/plans', { token: me.token })).statusCode).toBe(200);
  });

  it('asks for multipart/form-data: a JSON body is refused with 415', async () => {
    const me = await liveTrader();
    const res = await t.post(
      SHARE,
      { sharing_type: 'single', user: 'a@test.drat', live_trade_order_id: 1 },
      { token: me.token },
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: INPUT_MSG.sendMultipart });
  });
});

describe('the multipart form', () => {
  it('refuses a file (the form has none) and a NUL character, naming the field', async () => {
    const me = await liveTrader();
    const trade = await stored(me);
    const withFile = multipartBody([
      { name: 'sharing_type', data: 'single' },
      { name: 'file', filename: 'a.txt', contentType: 'text/plain', data: 'hello' },
    ]);
    const file = await t.post(SHARE, withFile.payload, { token: me.token, headers: withFile.headers });
    expect(file.statusCode).toBe(413);
    expect(file.json()).toEqual({ error: INPUT_MSG.multipartTooMany });
    const nul = await share(me, { sharing_type: 'single', user: 'a\u0000@test.drat', live_trade_order_id: trade });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ user: [INPUT_MSG.nul('User')] });
    expect(await sharesOf(trade)).toEqual([]);
  });

  it('takes users as a part typed application/json too', async () => {
    const me = await superUser();
    const friend = await liveTrader();
    const trade = await stored(me);
    const form = multipartBody([
      { name: 'sharing_type', data: 'multiple' },
      { name: 'users', contentType: 'application/json', data: JSON.stringify([{ email: await emailOf(friend.id) }]) },
      { name: 'live_trade_order_id', data: String(trade) },
    ]);
    const res = await t.post(SHARE, form.payload, { token: me.token, headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shared).toBe(1);
  });
});

describe('a live trader shares one trade with one user', () => {
  it('by e-mail: the receiver sees it in Received, the sender in Sent', async () => {
    const me = await liveTrader();
    const friend = await liveTrader();
    const stranger = await liveTrader();
    const trade = await place(me);
    const friendEmail = await emailOf(friend.id);

    const res = await share(me, {
      sharing_type: 'single',
      user: friendEmail.toUpperCase(),
      live_trade_order_id: trade.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Sharing made successfully!', shared: 1 });

    const received = await list(friend, 'received');
    expect(received).toEqual([
      {
        id: expect.any(Number),
        shared_by: await emailOf(me.id),
        shared_to: friendEmail,
        shared_to_unknown: null,
        shared_date: t.clock.now().toISOString(),
        type: 'TRADE',
        live_trade_order: { id: trade.id, order_id: trade.order_id, ticker: 'MSFT' },
        money_management_bot: null,
      },
    ]);
    expect(await list(friend, 'received', '?type=TRADE')).toEqual(received);
    expect(await list(friend, 'received', '?type=BOT')).toEqual([]);
    expect(await list(me, 'sent')).toEqual(received);
    expect(await list(me, 'received')).toEqual([]);
    expect(await list(friend, 'sent')).toEqual([]);
    expect(await list(stranger, 'received')).toEqual([]);
  });

  it('sharing again keeps one row and renews its date; the lists are newest first', async () => {
    const me = await liveTrader();
    const friend = await liveTrader();
    const first = await stored(me);
    const second = await stored(me, { status: 'OPEN' });
    const user = await emailOf(friend.id);
    const start = t.clock.now().getTime();

    expect((await share(me, { sharing_type: 'single', user, live_trade_order_id: first })).statusCode).toBe(200);
    t.clock.advanceMinutes(1);
    expect((await share(me, { sharing_type: 'single', user, live_trade_order_id: second })).statusCode).toBe(200);
    expect((await list(friend, 'received')).map((s) => s.live_trade_order?.id)).toEqual([second, first]);

    t.clock.advanceMinutes(1);
    const again = await share(me, { sharing_type: 'single', user, live_trade_order_id: first });
    expect(again.json()).toEqual({ message: TRADE_MSG.shared, shared: 1 });
    expect(await sharesOf(first)).toHaveLength(1);
    const received = await list(friend, 'received');
    expect(received.map((s) => s.live_trade_order?.id)).toEqual([first, second]);
    expect(received[0]!.shared_date).toBe(new Date(start + 120_000).toISOString());
  });

  it('an e-mail that is no user is kept in shared_to_unknown', async () => {
    const me = await liveTrader();
    const trade = await stored(me, { status: 'COMPLETED' });
    const res = await share(me, { sharing_type: 'single', user: ' Nobody@Test.Drat ', live_trade_order_id: trade });
    expect(res.json()).toEqual({ message: TRADE_MSG.shared, shared: 1 });
    expect(await list(me, 'sent')).toMatchObject([
      { shared_to: null, shared_to_unknown: 'nobody@test.drat', live_trade_order: { id: trade } },
    ]);
  });

  it('may not share with several users, a plan or all users (403, nothing stored)', async () => {
    const me = await liveTrader();
    const trade = await stored(me);
    const asks: Record<string, string | number>[] = [
      { sharing_type: 'multiple', users: JSON.stringify([{ email: 'a@test.drat' }]) },
      { sharing_type: 'users-on-plan', plan: 1 },
      { sharing_type: 'all' },
    ];
    for (const fields of asks) {
      const res = await share(me, { ...fields, live_trade_order_id: trade });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().detail).toBe(TRADE_MSG.shareSingleOnly);
    }
    expect(await sharesOf(trade)).toEqual([]);
  });

  it('never with oneself: 400 on user', async () => {
    const me = await liveTrader();
    const trade = await stored(me);
    const res = await share(me, { sharing_type: 'single', user: await emailOf(me.id), live_trade_order_id: trade });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ user: [TRADE_MSG.shareWithSelf] });
    expect(await sharesOf(trade)).toEqual([]);
  });
});

describe('what can be shared', () => {
  it("someone else's trade, a demo trade or no trade at all is not found", async () => {
    const me = await liveTrader();
    const other = await liveTrader();
    const user = await emailOf(other.id);
    const theirs = await stored(other);
    const demo = await stored(me, { mode: 'DEMO' });
    for (const id of [theirs, demo, 999_999]) {
      const res = await share(me, { sharing_type: 'single', user, live_trade_order_id: id });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(TRADE_MSG.tradeNotFound);
    }
    expect([...(await sharesOf(theirs)), ...(await sharesOf(demo))]).toEqual([]);
  });

  it('a draft is refused on live_trade_order_id', async () => {
    const me = await liveTrader();
    const draft = await stored(me, { status: 'DRAFT' });
    const res = await share(me, { sharing_type: 'single', user: 'a@test.drat', live_trade_order_id: draft });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ live_trade_order_id: [TRADE_MSG.draftNotShared] });
    expect(await sharesOf(draft)).toEqual([]);
  });

  it("a bot that is not the caller's, or does not exist, is not found", async () => {
    const me = await superUser();
    const res = await share(me, { sharing_type: 'all', money_mgt_bot_id: 999_999 });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(TRADE_MSG.botNotFound);
    const owner = await liveTrader();
    const bot = await makeBot(owner);
    const other = await share(me, { sharing_type: 'all', money_mgt_bot_id: bot.id });
    expect(other.statusCode).toBe(404);
    expect(await t.db.select().from(tradeShares).where(eq(tradeShares.botId, bot.id))).toEqual([]);
  });

  it('a shared bot reaches the receiver as a copy of its settings (never the sharer’s account), not as a bot of theirs', async () => {
    const me = await liveTrader();
    const friendUser = await makeUser(t.db, { isLiveTrader: true });
    const friend = { id: friendUser.id, token: await signIn(t.app, friendUser) };
    const bot = await makeBot(me, { account_id: `SIM-${me.id}`, risk_at_most: 7 });
    const res = await share(me, { sharing_type: 'single', user: friendUser.email, money_mgt_bot_id: bot.id });
    expect(res.statusCode, res.body).toBe(200);
    const [received] = await list(friend, 'received', '?type=BOT');
    expect(received).toMatchObject({
      type: 'BOT',
      live_trade_order: null,
      money_management_bot: { id: bot.id, bot_name: 'Shared bot' },
    });
    expect(received!.money_management_bot!.settings).toMatchObject({
      risk_at_most: 7,
      trade_category: 'SWING-ALERTS',
      account_id: null,
    });
    expect((await list(me, 'sent', '?type=BOT')).map((i) => i.money_management_bot?.id)).toEqual([bot.id]);
    // The receiver has no bot until they create one from the copy.
    const theirs = await t.get('/livetrading/money-management-bot/bots', { token: friend.token });
    expect(theirs.json().data).toEqual([]);
  });

  it('a trade or a bot must be named', async () => {
    const me = await liveTrader();
    const res = await share(me, { sharing_type: 'single', user: 'a@test.drat' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ live_trade_order_id: [TRADE_MSG.shareTargetRequired] });
  });
});

describe('the rules of §5.4: 400 naming the field, nothing stored', () => {
  // The spec's words (TRADE_MSG.shareEmailRequired, shareUsersRequired, sharePlanRequired).
  const EMAIL = { user: ["Please provide the user's email."] };
  const USERS = { users: ['Please provide the users to send to'] };
  const PLAN = { plan: ['Select a plan.'] };
  it.each([
    ['single', { sharing_type: 'single' }, EMAIL, liveTrader],
    ['single, a blank e-mail', { sharing_type: 'single', user: ' ' }, EMAIL, superUser],
    ['multiple', { sharing_type: 'multiple' }, USERS, superUser],
    ['multiple, an empty list', { sharing_type: 'multiple', users: '[]' }, USERS, superUser],
    ['users-on-plan', { sharing_type: 'users-on-plan' }, PLAN, superUser],
  ] as const)('%s', async (_, fields, answer, who) => {
    const me = await who();
    const trade = await stored(me);
    const res = await share(me, { ...fields, live_trade_order_id: trade });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(answer);
    expect(await sharesOf(trade)).toEqual([]);
  });

  it('an e-mail that is not one, or an unknown sharing type, is refused on its field', async () => {
    const me = await superUser();
    const trade = await stored(me);
    const bad = await share(me, { sharing_type: 'single', user: 'not-an-email', live_trade_order_id: trade });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ user: [MSG.emailInvalid] });
    const type = await share(me, { sharing_type: 'everyone', live_trade_order_id: trade });
    expect(type.statusCode).toBe(400);
    expect(type.json().sharing_type).toEqual([TRADE_MSG.sharingTypeInvalid]);
    expect(await sharesOf(trade)).toEqual([]);
  });
});

describe('a super user shares in every mode', () => {
  it('with several users: users and unknown e-mails, never themselves, each once', async () => {
    const me = await superUser();
    const a = await liveTrader();
    const b = await demoUser();
    const trade = await stored(me, { status: 'OPEN' });
    const [aEmail, bEmail, myEmail] = [await emailOf(a.id), await emailOf(b.id), await emailOf(me.id)];
    const users = [aEmail, bEmail.toUpperCase(), myEmail, 'new@test.drat', aEmail].map((email) => ({ email }));
    const res = await share(me, { sharing_type: 'multiple', users: JSON.stringify(users), live_trade_order_id: trade });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: TRADE_MSG.shared, shared: 3 });
    const sent = await list(me, 'sent');
    expect(sent.map((s) => s.shared_to ?? s.shared_to_unknown).sort()).toEqual(
      [aEmail, bEmail, 'new@test.drat'].sort(),
    );
    expect((await list(a, 'received')).map((s) => s.live_trade_order?.id)).toEqual([trade]);
  });

  it('with the users on a plan: running subscriptions of active users only', async () => {
    const me = await superUser();
    const [plan] = await t.db.select({ id: plans.id }).from(plans).where(eq(plans.code, 'trade-challenge-25k'));
    const onPlan = await makeUser(t.db, { plans: ['trade-challenge-25k'] });
    const lapsed = await makeUser(t.db, { plans: ['trade-challenge-25k'], expired: true });
    const inactive = await makeUser(t.db, { plans: ['trade-challenge-25k'], isActive: false });
    const trade = await stored(me);

    const res = await share(me, { sharing_type: 'users-on-plan', plan: plan!.id, live_trade_order_id: trade });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: TRADE_MSG.shared, shared: 1 });
    const rows = await sharesOf(trade);
    expect(rows.map((r) => r.sharedTo)).toEqual([onPlan.id]);
    expect(rows.map((r) => r.sharedTo)).not.toContain(lapsed.id);
    expect(rows.map((r) => r.sharedTo)).not.toContain(inactive.id);

    const unknown = await share(me, { sharing_type: 'users-on-plan', plan: 999_999, live_trade_order_id: trade });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ plan: [TRADE_MSG.planNotFound] });
  });

  it('with all users: every active user but themselves, once each when shared again', async () => {
    const me = await superUser();
    const inactive = await makeUser(t.db, { isActive: false });
    const trade = await stored(me);
    const others = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isActive, true), ne(users.id, me.id)));

    const res = await share(me, { sharing_type: 'all', live_trade_order_id: trade });
    expect(res.json()).toEqual({ message: TRADE_MSG.shared, shared: others.length });
    expect((await share(me, { sharing_type: 'all', live_trade_order_id: trade })).json().shared).toBe(others.length);
    const rows = await sharesOf(trade);
    expect(rows.map((r) => r.sharedTo).sort((x, y) => x! - y!)).toEqual(others.map((o) => o.id).sort((x, y) => x - y));
    expect(rows.map((r) => r.sharedTo)).not.toContain(inactive.id);
  });
});

describe('the share form choices', () => {
  it('GET /management/user-list: every active user e-mail, sorted', async () => {
    const me = await superUser();
    const inactive = await makeUser(t.db, { isActive: false });
    const res = await t.get('/management/user-list', { token: me.token });
    expect(res.statusCode).toBe(200);
    const emails = (res.json().data as { email: string }[]).map((u) => u.email);
    const active = await t.db.select({ email: users.email }).from(users).where(eq(users.isActive, true));
    expect(emails).toEqual(active.map((u) => u.email).sort());
    expect(emails).toContain(await emailOf(me.id));
    expect(emails).not.toContain(inactive.email);
  });

  it('GET /payments/plans: every plan once, grouped by billing interval, by name', async () => {
    const me = await liveTrader();
    const res = await t.get('/payments/plans', { token: me.token });
    expect(res.statusCode).toBe(200);
    const groups = res.json().data as { label: string; children: { label: string; value: number }[] }[];
    expect(groups.map((g) => g.label)).toEqual(['Monthly', 'Yearly', 'One-time']);
    const all = await t.db.select({ id: plans.id, name: plans.name, interval: plans.interval }).from(plans);
    expect(groups.flatMap((g) => g.children.map((c) => c.value)).sort((x, y) => x - y)).toEqual(
      all.map((p) => p.id).sort((x, y) => x - y),
    );
    const yearly = groups.find((g) => g.label === 'Yearly')!.children;
    expect(yearly.map((c) => c.label)).toEqual(
      all
        .filter((p) => p.interval === 'year')
        .map((p) => p.name)
        .sort(),
    );
    expect(yearly).toContainEqual({ label: 'Elite (Yearly)', value: all.find((p) => p.name === 'Elite (Yearly)')!.id });
  });
});
