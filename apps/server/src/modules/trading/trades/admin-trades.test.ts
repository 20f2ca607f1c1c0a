import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TRADE_MSG, type AdminSmartTrade, type SmartTraderStats } from '@drat/contracts';
import { tradeIntents, trades, users } from '../../../db/schema/index';
import { makeSignedIn, makeUser, restingTradeBody, signIn } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';

/**
 * Every user's smart trades for super users (3-bots-admin-public §2.4, §2.5, §7): the lists with
 * each trade's owner, by user, archived apart; one trade and its log; the users with trades; the
 * counts by status for equity and options. Subscribers get 403, anonymous callers 401.
 */
let t: TestApp;
let adminToken: string;
let price: number;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await signIn(t.app, await makeUser(t.db, { isSuper: true }));
  price = (await t.market.quotes(['MSFT']))[0]!.bid;
});
afterAll(async () => {
  await t?.close();
});

const place = async (me: { token: string }) => {
  const res = await t.post(
    '/demo-trading/create-demo-trade/',
    restingTradeBody('MSFT', price, { amount_buy_range_low: 1, amount_buy_range_high: 1 }),
    { token: me.token },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number };
};
const get = (url: string, token: string | null = adminToken) => t.get(url, token ? { token } : {});

describe("every user's smart trades", () => {
  it('only-super-users-read-them', async () => {
    const subscriber = await makeSignedIn(t);
    const trade = await place(subscriber);
    for (const url of [
      '/management/smart-trades',
      '/management/archived-smart-trades',
      `/management/smart-trades/${trade.id}`,
      `/management/smart-trade-logs?trade_id=${trade.id}`,
      '/management/users-with-smart-trades',
      '/management/smart-trader',
    ]) {
      expect((await get(url, null)).statusCode, url).toBe(401);
      expect((await get(url, subscriber.token)).statusCode, url).toBe(403);
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('lists-each-trade-with-its-owner-by-user-and-archived-apart-and-opens-one-with-its-log', async () => {
    const ada = await makeSignedIn(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const bob = await makeSignedIn(t);
    const mine = await place(ada);
    const his = await place(bob);
    const all = (await get('/management/smart-trades')).json().data as AdminSmartTrade[];
    const ids = all.map((x) => x.id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, his.id]));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const row = all.find((x) => x.id === mine.id)!;
    expect(row).toMatchObject({ name: 'Ada Lovelace', ticker: 'MSFT', archived: false });

    const byEmail = (
      await get(`/management/smart-trades?user_email=${encodeURIComponent(row.email.toUpperCase())}`)
    ).json().data as AdminSmartTrade[];
    expect(byEmail.map((x) => x.id)).toEqual([mine.id]);

    const one = await get(`/management/smart-trades/${mine.id}`);
    expect(one.json().data).toMatchObject({ id: mine.id, email: row.email });
    const logs = await get(`/management/smart-trade-logs?trade_id=${mine.id}`);
    expect((logs.json().data as { text: string }[]).length).toBeGreaterThan(0);
    const missing = await get('/management/smart-trades/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: TRADE_MSG.tradeNotFound });
    expect((await get('/management/smart-trades/abc')).statusCode).toBe(400);

    // Cancelled by its owner, then archived: it moves to the archived list.
    const cancel = await t.post('/demo-trading/cancel-demo-trade/', { demo_trade_id: mine.id }, { token: ada.token });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.db.update(trades).set({ archived: true }).where(eq(trades.id, mine.id));
    const archived = (await get('/management/archived-smart-trades')).json().data as AdminSmartTrade[];
    expect(archived.map((x) => x.id)).toContain(mine.id);
    expect(((await get('/management/smart-trades')).json().data as AdminSmartTrade[]).map((x) => x.id)).not.toContain(
      mine.id,
    );

    const owners = (await get('/management/users-with-smart-trades')).json().data as {
      email: string;
      trades: number;
    }[];
    expect(owners).toContainEqual({ email: row.email, trades: 1 });
  });

  it('counts-equity-and-options-trades-by-status', async () => {
    const before = (await get('/management/smart-trader')).json() as SmartTraderStats;
    const pending = (s: SmartTraderStats) =>
      s.data.equity.filter((x) => x.status === 'PENDING' || x.status === 'OPEN').reduce((n, x) => n + x.count, 0);
    await place(await makeSignedIn(t));
    const after = (await get('/management/smart-trader')).json() as SmartTraderStats;
    expect(pending(after)).toBe(pending(before) + 1);
    expect(after.data.equity.map((x) => x.status)).toEqual(['PENDING', 'OPEN', 'COMPLETED', 'CANCELLED', 'FAIL']);
    expect(after.data.options.every((x) => x.count >= 0)).toBe(true);
  });

  it('a-super-user-cancels-and-archives-another-users-live-trade-on-their-behalf-and-the-log-names-them-while-another-trader-cannot', async () => {
    const owner = await makeSignedIn(t, { isLiveTrader: true });
    const other = await makeSignedIn(t, { isLiveTrader: true });
    const admin = await makeUser(t.db, { isSuper: true });
    const token = await signIn(t.app, admin);
    const placed = await t.post(
      '/livetrading/create-trade/',
      restingTradeBody('MSFT', price, {
        account_id: `SIM-${owner.id}`,
        amount_buy_range_low: 1,
        amount_buy_range_high: 1,
      }),
      { token: owner.token },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const id = (placed.json().data as { id: number }).id;
    const sendAll = async () => {
      for (const i of await t.db.select().from(tradeIntents).where(eq(tradeIntents.tradeId, id)))
        if (i.state === 'PENDING') await t.modules.trading.runner.sendIntent(i.id);
    };
    await sendAll();

    // Another trader meets it as absent.
    const stranger = await t.post('/livetrading/cancel-live-trade/', { live_trade_id: id }, { token: other.token });
    expect(stranger.statusCode).toBe(404);

    const cancel = await t.post('/livetrading/cancel-live-trade/', { live_trade_id: id }, { token });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toMatchObject({ id });
    await sendAll();
    const archive = await t.post('/livetrading/archive-live-trade/', { live_trade_id: id }, { token });
    expect(archive.statusCode, archive.body).toBe(200);
    expect(archive.json().data).toMatchObject({ id, archived: true, status: 'CANCELLED' });
    const logs = (await get(`/management/smart-trade-logs?trade_id=${id}`, token)).json().data as { text: string }[];
    expect(logs.map((l) => l.text).join('\n')).toContain(`a super user (${admin.email})`);
    // Still the owner's: in their archived list, not the super user's.
    const theirs = (await t.get('/livetrading/archived-trades', { token: owner.token })).json();
    expect(JSON.stringify(theirs)).toContain(`"id":${id}`);
    // The audit log keeps both, by the super user, to the owner; the refused stranger's try is not there.
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, owner.id));
    const ownerEmail = row!.email;
    const audit = (await get(`/management/audit-log?user_email=${encodeURIComponent(ownerEmail)}`, token)).json()
      .data as { action: string; actor_email: string; subject_email: string; summary: string }[];
    expect(audit.map((e) => [e.action, e.actor_email, e.subject_email, e.summary])).toEqual([
      ['trade.archive', admin.email, ownerEmail, `Archived trade #${id} of ${ownerEmail}`],
      ['trade.cancel', admin.email, ownerEmail, `Cancelled trade #${id} of ${ownerEmail}`],
    ]);
  });
});
