import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { ALERT_MSG, alertsPageSchema, MSG, type AlertDto, type AlertsPage } from '@drat/contracts';
import { alerts, alertTypes, planAlertTypes, subscriptions } from '../../../db/schema/index';
import {
  makeAlert,
  makeAlerts,
  makeAlertType,
  makeUser,
  signIn,
  trackAlert,
  type MakeUserOptions,
} from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';

let t: TestApp;
let elite: { id: number; token: string };
let superUser: { id: number; token: string };

async function signedIn(options: MakeUserOptions = {}) {
  const user = await makeUser(t.db, options);
  return { id: user.id, token: await signIn(t.app, user) };
}

beforeAll(async () => {
  t = await createTestApp();
  elite = await signedIn({ plans: ['elite-monthly'] });
  superUser = await signedIn({ isSuper: true, plans: [] });
});
afterAll(async () => {
  await t?.close();
});

const qs = (q: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]));
const list = (token: string, q: Record<string, string | number>) => t.get(`/alerts?${qs(q)}`, { token });
const page = async (token: string, q: Record<string, string | number>) => {
  const res = await list(token, q);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AlertsPage>();
};
const del = (token: string | undefined, query: string) =>
  t.inject({
    method: 'DELETE',
    url: `/api/alerts/batch-delete?${query}`,
    headers: token ? { authorization: `Token ${token}` } : {},
  });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe('GET /api/alerts: permissions', () => {
  it('no token: 401', async () => {
    const res = await t.get('/alerts?name=SWING-ALERTS');
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(MSG.authRequired);
  });

  it.each([
    ['a category outside the plan', ['stocks-monthly'], 'OPTIONS-ALERTS'],
    ['a type outside the plan, same category (Basic has SWING-ALERTS only)', ['basic-monthly'], 'DAY-TRADE-ALERTS'],
    ['trade challenge types on Elite', ['elite-monthly'], 'CHALLENGE-STOCKS'],
    ['a type that does not exist', ['elite-monthly'], 'NO-SUCH-TYPE'],
  ])('%s: 403 with the spec’s text', async (_label, plans, name) => {
    const { token } = await signedIn({ plans });
    const res = await list(token, { name });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: `You do not have permission to view ${name} alerts` });
  });

  it('Basic reads its one type', async () => {
    const { token } = await signedIn({ plans: ['basic-monthly'] });
    expect((await list(token, { name: 'SWING-ALERTS' })).statusCode).toBe(200);
  });

  it('a user whose plans ended since signing in: 401 with the spec’s lapsed words', async () => {
    const user = await signedIn({ plans: ['stocks-monthly'] });
    await t.db.delete(subscriptions).where(eq(subscriptions.userId, user.id));
    const res = await list(user.token, { name: 'SWING-ALERTS' });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(MSG.accountInactiveOrExpired);
  });

  it('a super user reads every type', async () => {
    expect((await list(superUser.token, { name: 'CHALLENGE-STOCKS' })).statusCode).toBe(200);
  });
});

describe('GET /api/alerts: plan changes to the alert-type catalogue apply at once', () => {
  it('a type added to the plans after sign-in is readable; taken out again, it is a 403', async () => {
    const { token } = await signedIn({ plans: ['stocks-monthly'] });
    expect((await list(token, { name: 'SWING-ALERTS' })).statusCode).toBe(200); // rights read once
    const type = await makeAlertType(t.db, 'STOCKS');
    expect((await list(token, { name: type.name })).statusCode).toBe(200);
    await t.db.delete(planAlertTypes).where(eq(planAlertTypes.alertTypeId, type.id));
    const res = await list(token, { name: type.name });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(ALERT_MSG.noPermissionAlerts(type.name));
    // Remove the type too: makeAlertType links new STOCKS types to the plans that give every STOCKS type.
    await t.db.delete(alertTypes).where(eq(alertTypes.id, type.id));
  });
});

describe('GET /api/alerts: the alert as the API returns it', () => {
  it('every field of 1-core §3, numbers exact (OTC unrounded), modal flattened, created ISO', async () => {
    const type = await makeAlertType(t.db, 'OTC');
    const created = new Date('2026-03-02T15:04:05.000Z');
    const a = await makeAlert(t.db, {
      type: type.name,
      ticker: 'PNYC',
      companyName: 'Penny Co',
      rating: 4,
      alertPrice: 0.0123,
      buyRangeLow: 0.0118,
      buyRangeHigh: 0.0125,
      targetRangeLow: 0.0161,
      targetRangeHigh: 0.0199,
      stopLoss: 0.0101,
      riskPercent: 5,
      rewardPercent: 12.5,
      latestPrice: 0.0131,
      notes: 'Low float',
      embeds: [
        {
          fields: [
            { id: 1, label: 'Entry', value: '0.0118 <-> 0.0125' },
            { id: 2, label: 'notes', value: 'Watch volume' },
          ],
        },
        { fields: [{ id: 3, label: 'Sector', value: 'Mining' }] },
      ],
      createdAt: created,
    });
    const { alerts: rows, hasMore } = await page(elite.token, { name: type.name });
    expect(hasMore).toBe(false);
    expect(rows).toHaveLength(1);
    const dto = rows[0]!;
    expect(dto).toEqual<AlertDto>({
      id: a.id,
      ticker: 'PNYC',
      company_name: 'Penny Co',
      rating: 4,
      category: 'OTC',
      alert_type: type.name,
      alert_type_id: type.id,
      latest_price: 0.0131,
      alert_price: 0.0123,
      buy_range_low: 0.0118,
      buy_range_high: 0.0125,
      buy_range_one: 0.0118,
      buy_range_two: 0.0125,
      target_range_low: 0.0161,
      target_range_high: 0.0199,
      target_range_one: 0.0161,
      target_range_two: 0.0199,
      stop_loss: 0.0101,
      risk_vs_reward: '1 : 2.50',
      risk_percent: 5,
      reward_percent: 12.5,
      embeds: [
        {
          fields: [
            { id: 1, label: 'Entry', value: '0.0118 <-> 0.0125' },
            { id: 2, label: 'notes', value: 'Watch volume' },
          ],
        },
        { fields: [{ id: 3, label: 'Sector', value: 'Mining' }] },
      ],
      modal: [
        { label: 'Entry', value: '0.0118 <-> 0.0125' },
        { label: 'notes', value: 'Watch volume' },
        { label: 'Sector', value: 'Mining' },
      ],
      notes: 'Low float',
      created: created.toISOString(),
      date_queried: created.toISOString(),
      dione_type: null,
      tracked: false,
      completed: false,
      half_completed: false,
      completed_status: 'ONGOING',
      exit_price: null,
      half_exit_price: null,
      p_l_dollar: null,
      p_l_percent: null,
      last_trigger_date: null,
      strategy: null,
      legOneExpiration: null,
      legOneStrike: null,
      legOneType: null,
      legTwoStrike: null,
      legTwoType: null,
      singleExpiration: null,
      singleStrike: null,
    });
  });

  it('options fields come through', async () => {
    const type = await makeAlertType(t.db, 'OPTIONS');
    await makeAlert(t.db, {
      type: type.name,
      ticker: 'MSFT',
      strategy: 'BUY CALL',
      singleStrike: 420,
      singleExpiration: '2026-06-19',
    });
    const [dto] = (await page(elite.token, { name: type.name })).alerts;
    expect(dto).toMatchObject({
      category: 'OPTIONS',
      strategy: 'BUY CALL',
      singleStrike: 420,
      singleExpiration: '2026-06-19',
    });
  });

  it('tracked is the caller’s own', async () => {
    const type = await makeAlertType(t.db, 'STOCKS');
    const [a, b] = await makeAlerts(t.db, 2, (i) => ({ type: type.name, ticker: `TRK${i}` }));
    const other = await signedIn();
    await trackAlert(t.db, elite.id, a!);
    const mine = (await page(elite.token, { name: type.name })).alerts;
    expect(Object.fromEntries(mine.map((r) => [r.id, r.tracked]))).toEqual({ [a!.id]: true, [b!.id]: false });
    const theirs = (await page(other.token, { name: type.name })).alerts;
    expect(theirs.every((r) => r.tracked === false)).toBe(true);
  });

  it('the answer is exactly what its schema in packages/contracts describes (it is sent as text, unchecked)', async () => {
    const type = await makeAlertType(t.db, 'OPTIONS');
    const [a] = await makeAlerts(t.db, 2, (i) => ({
      type: type.name,
      ticker: `SCH${i}`,
      notes: 'Checked',
      embeds: i === 0 ? [{ fields: [{ id: 1, label: 'Entry', value: '1 <-> 2' }] }] : [],
      ...(i === 0 ? { strategy: 'BUY CALL', singleStrike: 420, singleExpiration: '2026-06-19' } : {}),
    }));
    await trackAlert(t.db, elite.id, a!);
    // The first read writes the alerts' JSON, the second one sends it from the cache.
    for (let read = 0; read < 2; read++) {
      const res = await list(elite.token, { name: type.name });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<AlertsPage>();
      expect(body.alerts.map((x) => x.tracked)).toEqual([false, true]);
      // Parsed by the schema, the answer keeps every key and value: the schema names all of them.
      expect(JSON.parse(JSON.stringify(alertsPageSchema.parse(body)))).toStrictEqual(body);
    }
  });
});

describe('GET /api/alerts: alerts read again after a change', () => {
  it('an alert updated since the last read (the lifecycle engine, a deletion) is sent as it is now', async () => {
    const type = await makeAlertType(t.db, 'STOCKS');
    const [a, b] = await makeAlerts(t.db, 2, (i) => ({ type: type.name, ticker: `CHG${i}`, latestPrice: 10 }));
    const first = await page(elite.token, { name: type.name });
    expect(first.alerts.map((x) => [x.ticker, x.latest_price, x.completed_status])).toEqual([
      ['CHG1', 10, 'ONGOING'],
      ['CHG0', 10, 'ONGOING'],
    ]);
    await t.db
      .update(alerts)
      .set({ latestPrice: '12.3456', halfCompleted: true, completedStatus: 'TARGET 1' })
      .where(eq(alerts.id, a!.id));
    const second = await page(elite.token, { name: type.name });
    expect(second.alerts.map((x) => [x.ticker, x.latest_price, x.completed_status])).toEqual([
      ['CHG1', 10, 'ONGOING'],
      ['CHG0', 12.3456, 'TARGET 1'],
    ]);
    await t.db.update(alerts).set({ deletedAt: new Date() }).where(eq(alerts.id, b!.id));
    expect((await page(elite.token, { name: type.name })).alerts.map((x) => x.ticker)).toEqual(['CHG0']);
  });

  it('tracked follows the caller even for an alert another user just read', async () => {
    const type = await makeAlertType(t.db, 'STOCKS');
    const a = await makeAlert(t.db, { type: type.name, ticker: 'TRKC' });
    const other = await signedIn();
    await trackAlert(t.db, other.id, a);
    expect((await page(other.token, { name: type.name })).alerts[0]!.tracked).toBe(true);
    expect((await page(elite.token, { name: type.name })).alerts[0]!.tracked).toBe(false);
    await trackAlert(t.db, elite.id, a);
    expect((await page(elite.token, { name: type.name })).alerts[0]!.tracked).toBe(true);
  });

  it('answers JSON', async () => {
    const res = await list(elite.token, { name: 'SWING-ALERTS' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('GET /api/alerts: paging', () => {
  let type: { name: string };
  let allIds: number[];
  beforeAll(async () => {
    type = await makeAlertType(t.db, 'STOCKS');
    // 31 alerts: 11 share one created_at (ties must neither repeat nor skip), the rest one minute apart.
    const tie = minutesAgo(500);
    await makeAlerts(t.db, 31, (i) => ({ type: type.name, ticker: `PG${i}`, createdAt: i < 11 ? tie : minutesAgo(i) }));
    const rows = await t.db
      .select({ id: alerts.id, createdAt: alerts.createdAt })
      .from(alerts)
      .where(eq(alerts.ticker, 'PG0'));
    expect(rows).toHaveLength(1);
    allIds = (await page(elite.token, { name: type.name, limit: 100 })).alerts.map((a) => a.id);
  });

  it('newest first; ties broken by id, newest id first', async () => {
    const rows = await t.db
      .select({ id: alerts.id, createdAt: alerts.createdAt })
      .from(alerts)
      .where(inArray(alerts.id, allIds));
    const expected = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((r) => r.id);
    expect(allIds).toEqual(expected);
  });

  it('pages of 15 walk every alert once, hasMore until the last page', async () => {
    const seen: number[] = [];
    const flags: boolean[] = [];
    for (let offset = 0; offset < 45; offset += 15) {
      const p = await page(elite.token, { name: type.name, limit: 15, offset });
      seen.push(...p.alerts.map((a) => a.id));
      flags.push(p.hasMore);
    }
    expect(seen).toEqual(allIds);
    expect(flags).toEqual([true, true, false]);
  });

  it('an offset past the end: empty, hasMore false', async () => {
    expect(await page(elite.token, { name: type.name, offset: 31 })).toEqual({ alerts: [], hasMore: false });
    expect(await page(elite.token, { name: type.name, offset: 1000 })).toEqual({ alerts: [], hasMore: false });
  });

  it('hasMore exactly at the boundary: a page ending on the last alert says false, one before says true', async () => {
    expect((await page(elite.token, { name: type.name, limit: 15, offset: 16 })).hasMore).toBe(false);
    expect((await page(elite.token, { name: type.name, limit: 15, offset: 15 })).hasMore).toBe(true);
    const last = await page(elite.token, { name: type.name, limit: 1, offset: 30 });
    expect(last.alerts.map((a) => a.id)).toEqual([allIds[30]]);
    expect(last.hasMore).toBe(false);
  });

  it('limit defaults to 15 and offset to 0', async () => {
    const p = await page(elite.token, { name: type.name });
    expect(p.alerts.map((a) => a.id)).toEqual(allIds.slice(0, 15));
    expect(p.hasMore).toBe(true);
  });

  it('the table page of 100: exactly 100 alerts says hasMore false, 101 says true', async () => {
    const big = await makeAlertType(t.db, 'STOCKS');
    await makeAlerts(t.db, 100, (i) => ({ type: big.name, ticker: `BIG${i}` }));
    const full = await page(elite.token, { name: big.name, limit: 100 });
    expect(full.alerts).toHaveLength(100);
    expect(full.hasMore).toBe(false);
    await makeAlert(t.db, { type: big.name, ticker: 'BIG100' });
    const more = await page(elite.token, { name: big.name, limit: 100 });
    expect(more.alerts).toHaveLength(100);
    expect(more.hasMore).toBe(true);
    const rest = await page(elite.token, { name: big.name, limit: 100, offset: 100 });
    expect(rest.alerts).toHaveLength(1);
    expect(rest.hasMore).toBe(false);
  });

  it.each([
    ['limit 0', { limit: 0 }, 'limit'],
    ['limit 101', { limit: 101 }, 'limit'],
    ['limit -1', { limit: -1 }, 'limit'],
    ['limit 1.5', { limit: 1.5 }, 'limit'],
    ['limit abc', { limit: 'abc' }, 'limit'],
    ['offset -1', { offset: -1 }, 'offset'],
    ['offset x', { offset: 'x' }, 'offset'],
    ['offset 2.5', { offset: 2.5 }, 'offset'],
    ['an unknown sort', { sort: 'Cheapest' }, 'sort'],
  ])('%s: 400 naming the field', async (_label, q, field) => {
    const res = await list(elite.token, { name: type.name, ...q });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual([field]);
  });

  it('no name: 400', async () => {
    const res = await t.get('/alerts', { token: elite.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().name).toEqual([ALERT_MSG.nameRequired]);
  });
});

describe('GET /api/alerts: sorts', () => {
  let type: { name: string };
  let ids: Record<string, number>;
  beforeAll(async () => {
    type = await makeAlertType(t.db, 'STOCKS');
    const made = await makeAlerts(t.db, 4, (i) => ({
      type: type.name,
      ticker: ['SA', 'SB', 'SC', 'SD'][i],
      createdAt: minutesAgo(10 - i), // SD newest
      rating: [5, 1, 5, 3][i],
      riskPercent: [4, 2, 8, 6][i],
      rewardPercent: [10, 30, 20, 15][i],
    }));
    ids = Object.fromEntries(made.map((a) => [a.ticker, a.id]));
  });
  const tickers = async (sort?: string) =>
    (await page(elite.token, { name: type.name, ...(sort ? { sort } : {}) })).alerts.map((a) => a.ticker);

  it.each([
    [undefined, ['SD', 'SC', 'SB', 'SA']],
    ['Most Recent', ['SD', 'SC', 'SB', 'SA']],
    ['Alert Rating', ['SC', 'SA', 'SD', 'SB']],
    ['Min Risk', ['SB', 'SA', 'SD', 'SC']],
    ['Min Reward', ['SB', 'SC', 'SD', 'SA']],
  ])('sort %s', async (sort, expected) => {
    expect(await tickers(sort)).toEqual(expected);
    expect(ids).toBeDefined();
  });

  it('a sort written with + for spaces works too', async () => {
    const res = await t.get(`/alerts?name=${type.name}&sort=Alert+Rating`, { token: elite.token });
    expect(res.json<AlertsPage>().alerts.map((a) => a.ticker)).toEqual(['SC', 'SA', 'SD', 'SB']);
  });

  it.each([
    ['Min Risk', ALERT_MSG.cannotSortMinRisk],
    ['Min Reward', ALERT_MSG.cannotSortMinReward],
  ])('OPTIONS cannot be sorted by %s: 400 with the spec’s text', async (sort, message) => {
    const res = await list(elite.token, { name: 'OPTIONS-ALERTS', sort });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, non_field_errors: [message] });
  });

  it('OPTIONS can be sorted by Alert Rating', async () => {
    expect((await list(elite.token, { name: 'OPTIONS-ALERTS', sort: 'Alert Rating' })).statusCode).toBe(200);
  });
});

describe('GET /api/alerts/tickers', () => {
  beforeAll(async () => {
    await makeAlert(t.db, { type: 'SWING-ALERTS', ticker: 'TKSW' });
    await makeAlert(t.db, { type: 'SWING-ALERTS', ticker: 'TKSW' });
    await makeAlert(t.db, { type: 'DAY-TRADE-ALERTS', ticker: 'TKDT' });
    await makeAlert(t.db, { type: 'DAY-TRADE-ALERTS', ticker: 'TKGONE', deleted: true });
    await makeAlert(t.db, { type: 'OTC-RUNNERS', ticker: 'TKOTC' });
  });

  it('distinct tickers of the category, A to Z, without deleted alerts', async () => {
    const res = await t.get('/alerts/tickers?category=STOCKS', { token: elite.token });
    expect(res.statusCode).toBe(200);
    const data: string[] = res.json().data;
    expect(data).toContain('TKSW');
    expect(data).toContain('TKDT');
    expect(data).not.toContain('TKGONE');
    expect(data).not.toContain('TKOTC');
    expect(data.filter((x) => x === 'TKSW')).toHaveLength(1);
    expect(data).toEqual([...data].sort());
  });

  it('only the types of the user’s plans (Basic: SWING-ALERTS)', async () => {
    const { token } = await signedIn({ plans: ['basic-monthly'] });
    const data: string[] = (await t.get('/alerts/tickers?category=STOCKS', { token })).json().data;
    expect(data).toContain('TKSW');
    expect(data).not.toContain('TKDT');
  });

  it('a category outside the plans: 403; an unknown one: 400; none: 400', async () => {
    const { token } = await signedIn({ plans: ['stocks-monthly'] });
    const res = await t.get('/alerts/tickers?category=OPTIONS', { token });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(ALERT_MSG.noPermissionAlerts('OPTIONS'));
    expect((await t.get('/alerts/tickers?category=BONDS', { token })).statusCode).toBe(400);
    expect((await t.get('/alerts/tickers', { token })).statusCode).toBe(400);
  });
});

describe('POST /api/alerts/search/', () => {
  const search = (token: string, body: unknown) => t.post('/alerts/search/', body, { token });
  let ids: Record<string, number>;
  beforeAll(async () => {
    const made = [
      // 2025-03-10 03:30Z is still 9 March in New York (EDT began on the 9th: UTC-4).
      await makeAlert(t.db, { type: 'BREAKOUT-ALERTS', ticker: 'SRA', createdAt: new Date('2025-03-10T03:30:00Z') }),
      await makeAlert(t.db, { type: 'BREAKOUT-ALERTS', ticker: 'SRA', createdAt: new Date('2025-03-10T14:00:00Z') }),
      await makeAlert(t.db, { type: 'BREAKOUT-ALERTS', ticker: 'SRB', createdAt: new Date('2025-03-12T14:00:00Z') }),
      await makeAlert(t.db, {
        type: 'BREAKOUT-ALERTS',
        ticker: 'SRC',
        createdAt: new Date('2025-03-10T15:00:00Z'),
        deleted: true,
      }),
      await makeAlert(t.db, { type: 'OTC-RUNNERS', ticker: 'SRA', createdAt: new Date('2025-03-10T14:00:00Z') }),
    ];
    ids = { nightA: made[0]!.id, dayA: made[1]!.id, b: made[2]!.id, deleted: made[3]!.id, otcA: made[4]!.id };
  });

  it('by tickers: the category’s live alerts of those tickers, newest first', async () => {
    const res = await search(elite.token, { category: 'STOCKS', tickers: ['sra', 'SRB', 'SRC'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((a: AlertDto) => a.id)).toEqual([ids.b, ids.dayA, ids.nightA]);
  });

  it('by market days (New York), inclusive', async () => {
    const day10 = await search(elite.token, { category: 'STOCKS', daterange: ['2025-03-10', '2025-03-10'] });
    expect(day10.json().data.map((a: AlertDto) => a.id)).toContain(ids.dayA);
    expect(day10.json().data.map((a: AlertDto) => a.id)).not.toContain(ids.nightA);
    expect(day10.json().data.map((a: AlertDto) => a.id)).not.toContain(ids.deleted);
    const day9 = await search(elite.token, { category: 'STOCKS', daterange: ['2025-03-09', '2025-03-09'] });
    expect(day9.json().data.map((a: AlertDto) => a.id)).toEqual([ids.nightA]);
  });

  it('both: days and tickers', async () => {
    const res = await search(elite.token, {
      category: 'STOCKS',
      daterange: ['2025-03-09', '2025-03-12'],
      tickers: ['SRB'],
    });
    expect(res.json().data.map((a: AlertDto) => a.id)).toEqual([ids.b]);
  });

  it('only the category asked for', async () => {
    const res = await search(elite.token, { category: 'OTC', tickers: ['SRA'] });
    expect(res.json().data.map((a: AlertDto) => a.id)).toEqual([ids.otcA]);
  });

  it('nothing found: 200, an empty list and No results.', async () => {
    const res = await search(elite.token, { category: 'STOCKS', tickers: ['NOPE'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], message: ALERT_MSG.noResults });
  });

  it.each([
    ['neither', { category: 'STOCKS' }],
    ['both empty', { category: 'STOCKS', daterange: [], tickers: [] }],
    ['both null', { category: 'STOCKS', daterange: null, tickers: null }],
    ['from after to', { category: 'STOCKS', daterange: ['2025-03-12', '2025-03-10'] }],
  ])('%s: 400 Invalid parameters', async (_label, body) => {
    const res = await search(elite.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ALERT_MSG.invalidParameters);
  });

  it.each([
    ['a day that does not exist', { category: 'STOCKS', daterange: ['2025-02-30', '2025-03-01'] }, 'daterange'],
    ['a single day', { category: 'STOCKS', daterange: ['2025-03-01'] }, 'daterange'],
    ['a date-time', { category: 'STOCKS', daterange: ['2025-03-01T00:00:00Z', '2025-03-02'] }, 'daterange'],
    ['tickers not a list', { category: 'STOCKS', tickers: 'AAPL' }, 'tickers'],
    ['no category', { tickers: ['AAPL'] }, 'category'],
    ['an unknown category', { category: 'BONDS', tickers: ['AAPL'] }, 'category'],
  ])('%s: 400 naming the field', async (_label, body, field) => {
    const res = await search(elite.token, body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toContain(field);
  });

  it('a category outside the plans: 403', async () => {
    const { token } = await signedIn({ plans: ['options-monthly'] });
    const res = await search(token, { category: 'STOCKS', tickers: ['SRA'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(ALERT_MSG.noPermissionAlerts('STOCKS'));
  });
});

describe('DELETE /api/alerts/batch-delete', () => {
  it('super only: 401 without a token, 403 for a subscriber', async () => {
    const a = await makeAlert(t.db, { type: 'SWING-ALERTS', ticker: 'DLNO' });
    expect((await del(undefined, `type=soft&alert_ids=${a.id}`)).statusCode).toBe(401);
    const res = await del(elite.token, `type=soft&alert_ids=${a.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(MSG.noPermission);
    const [row] = await t.db.select().from(alerts).where(eq(alerts.id, a.id));
    expect(row!.deletedAt).toBeNull();
  });

  it('soft delete: hidden from the lists, search and tickers; the rows stay', async () => {
    const type = await makeAlertType(t.db, 'STOCKS');
    const [a, b, c] = await makeAlerts(t.db, 3, (i) => ({ type: type.name, ticker: `DEL${i}` }));
    const res = await del(superUser.token, `type=soft&alert_ids=${a!.id},${b!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ALERT_MSG.deleted, deleted: [a!.id, b!.id] });

    expect((await page(elite.token, { name: type.name })).alerts.map((x) => x.id)).toEqual([c!.id]);
    const found = await t.post(
      '/alerts/search/',
      { category: 'STOCKS', tickers: ['DEL0', 'DEL1', 'DEL2'] },
      { token: elite.token },
    );
    expect(found.json().data.map((x: AlertDto) => x.id)).toEqual([c!.id]);
    const tickers: string[] = (await t.get('/alerts/tickers?category=STOCKS', { token: elite.token })).json().data;
    expect(tickers).not.toContain('DEL0');
    expect(tickers).toContain('DEL2');

    const rows = await t.db
      .select()
      .from(alerts)
      .where(inArray(alerts.id, [a!.id, b!.id]));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.deletedAt instanceof Date)).toBe(true);
  });

  it('deleting again, or unknown ids, changes nothing and still answers 200', async () => {
    const a = await makeAlert(t.db, { type: 'SWING-ALERTS', ticker: 'DLAGAIN' });
    await del(superUser.token, `type=soft&alert_ids=${a.id}`);
    const [before] = await t.db.select().from(alerts).where(eq(alerts.id, a.id));
    const res = await del(superUser.token, `type=soft&alert_ids=${a.id},99999999`);
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted).toEqual([]);
    const [after] = await t.db.select().from(alerts).where(eq(alerts.id, a.id));
    expect(after!.deletedAt).toEqual(before!.deletedAt);
  });

  it.each([
    ['hard deletion', 'type=hard&alert_ids=1', 'type'],
    ['no type', 'alert_ids=1', 'type'],
    ['no ids', 'type=soft', 'alert_ids'],
    ['empty ids', 'type=soft&alert_ids=', 'alert_ids'],
    ['words', 'type=soft&alert_ids=a,b', 'alert_ids'],
    ['zero', 'type=soft&alert_ids=0', 'alert_ids'],
    ['negative', 'type=soft&alert_ids=-3', 'alert_ids'],
    ['too many', `type=soft&alert_ids=${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}`, 'alert_ids'],
  ])('%s: 400 naming the field', async (_label, query, field) => {
    const res = await del(superUser.token, query);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual([field]);
  });
});

describe('GET /api/alerts/completed-alerts and the win rate', () => {
  let type: { name: string };
  let ids: Record<string, number>;
  const completed = (token: string, q: Record<string, string | number>) =>
    t.get(`/alerts/completed-alerts?${qs({ name: type.name, ...q })}`, { token });
  beforeAll(async () => {
    type = await makeAlertType(t.db, 'STOCKS');
    const at = (m: number) => ({ completedAt: minutesAgo(m) });
    const fixtures = [
      // won at target 2, 30 min ago
      { ticker: 'CW1', exitPrice: 12, completed: true, halfCompleted: true, completedStatus: 'TARGET 2', ...at(30) },
      // won at target 2, 10 min ago
      { ticker: 'CW2', exitPrice: 11.5, completed: true, halfCompleted: true, completedStatus: 'TARGET 2', ...at(10) },
      // lost at the stop, 20 min ago
      { ticker: 'CL1', exitPrice: 9, completed: true, completedStatus: 'STOP', ...at(20) },
      // half completed at target 1, 5 min ago: listed, and a win (its target-1 exit is above)
      {
        ticker: 'CH1',
        halfExitPrice: 11,
        halfCompleted: true,
        completedStatus: 'TARGET 1',
        halfCompletedAt: minutesAgo(5),
      },
      // ongoing: not listed
      { ticker: 'CO1' },
      // deleted win: neither listed nor counted
      { ticker: 'CD1', exitPrice: 13, completed: true, completedStatus: 'TARGET 2', deleted: true, ...at(1) },
      // expired at the alert price: listed and counted, neither win nor loss
      { ticker: 'CE1', exitPrice: 10, completed: true, completedStatus: 'EXPIRED', ...at(40) },
    ];
    const made = await makeAlerts(t.db, fixtures.length, (i) => ({ type: type.name, alertPrice: 10, ...fixtures[i]! }));
    ids = Object.fromEntries(made.map((a) => [a.ticker, a.id]));
  });
  const tickersOf = async (q: Record<string, string | number> = {}) => {
    const res = await completed(elite.token, q);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((a: AlertDto) => a.ticker);
  };

  it('completed and half-completed live alerts, most recently completed first, with the win rate', async () => {
    const res = await completed(elite.token, {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((a: AlertDto) => a.ticker)).toEqual(['CH1', 'CW2', 'CL1', 'CW1', 'CE1']);
    // Every row shown counts (1-core §9): 3 of the 5 exited above the alert price.
    expect(body).toMatchObject({ win_rate: 60, wins: 3, losses: 1, total: body.data.length, hasMore: false });
    const ch1 = body.data.find((a: AlertDto) => a.ticker === 'CH1');
    expect(ch1).toMatchObject({
      half_completed: true,
      completed: false,
      completed_status: 'TARGET 1',
      half_exit_price: 11,
      exit_price: null,
    });
  });

  it('win rate rounds to 2 decimals (2 of 3 → 66.67)', async () => {
    const other = await makeAlertType(t.db, 'STOCKS');
    await makeAlerts(t.db, 3, (i) => ({
      type: other.name,
      alertPrice: 10,
      exitPrice: [11, 12, 8][i],
      completed: true,
      completedStatus: i < 2 ? 'TARGET 2' : 'STOP',
    }));
    const res = await t.get(`/alerts/completed-alerts?name=${other.name}`, { token: elite.token });
    expect(res.json()).toMatchObject({ win_rate: 66.67, wins: 2, losses: 1, total: 3 });
  });

  it('no completed alert: an empty list and a win rate of 0', async () => {
    const empty = await makeAlertType(t.db, 'STOCKS');
    await makeAlert(t.db, { type: empty.name });
    const res = await t.get(`/alerts/completed-alerts?name=${empty.name}`, { token: elite.token });
    expect(res.json()).toEqual({ data: [], hasMore: false, win_rate: 0, wins: 0, losses: 0, total: 0 });
  });

  it.each([
    ['Most Recent', ['CH1', 'CW2', 'CL1', 'CW1', 'CE1']],
    ['Target 2', ['CW2', 'CW1', 'CH1', 'CL1', 'CE1']],
    ['Target 1', ['CH1', 'CW2', 'CL1', 'CW1', 'CE1']],
    ['Stop Loss', ['CL1', 'CH1', 'CW2', 'CW1', 'CE1']],
  ])('sort %s puts its status first, then most recent', async (sort, expected) => {
    expect(await tickersOf({ sort })).toEqual(expected);
  });

  it('limit and offset page the list', async () => {
    const res = await completed(elite.token, { limit: 2, offset: 1 });
    expect(res.json().data.map((a: AlertDto) => a.ticker)).toEqual(['CW2', 'CL1']);
    expect(res.json().hasMore).toBe(true);
    expect(ids.CO1).toBeDefined();
  });

  it('an unknown sort: 400 Cannot sort alert category', async () => {
    const res = await completed(elite.token, { sort: 'Biggest' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ALERT_MSG.cannotSortCompleted);
  });

  it('a type outside the plans: 403; no token: 401', async () => {
    const { token } = await signedIn({ plans: ['options-monthly'] });
    const res = await completed(token, {});
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(ALERT_MSG.noPermissionAlerts(type.name));
    expect((await t.get(`/alerts/completed-alerts?name=${type.name}`)).statusCode).toBe(401);
  });

  it('needs no AA right, only the type (1-core §2: the page is for any signed-in user)', async () => {
    // Plans ended since signing in: no AA and no type. The list says the access lapsed (it needs
    // AA); completed alerts check only the type, and name it.
    const user = await signedIn({ plans: ['stocks-monthly'] });
    await t.db.delete(subscriptions).where(eq(subscriptions.userId, user.id));
    expect((await list(user.token, { name: type.name })).json().detail).toBe(MSG.accountInactiveOrExpired);
    const res = await completed(user.token, {});
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(ALERT_MSG.noPermissionAlerts(type.name));
  });

  describe('GET /api/alerts/admin-completed-alerts', () => {
    it('super users only', async () => {
      const res = await t.get(`/alerts/admin-completed-alerts?name=${type.name}`, { token: elite.token });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(MSG.noPermission);
    });

    it('deleted alerts too, flagged, and counted in the win rate', async () => {
      const res = await t.get(`/alerts/admin-completed-alerts?name=${type.name}`, { token: superUser.token });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.map((a: { ticker: string; deleted: boolean }) => [a.ticker, a.deleted])).toEqual([
        ['CD1', true],
        ['CH1', false],
        ['CW2', false],
        ['CL1', false],
        ['CW1', false],
        ['CE1', false],
      ]);
      expect(body).toMatchObject({ win_rate: 66.67, wins: 4, losses: 1, total: 6 });
    });

    it('without a name: every type', async () => {
      const res = await t.get('/alerts/admin-completed-alerts?limit=1000', { token: superUser.token });
      expect(res.statusCode).toBe(200);
      const types = new Set(res.json().data.map((a: AlertDto) => a.alert_type));
      expect(types.has(type.name)).toBe(true);
      expect(types.size).toBeGreaterThan(1);
    });

    it('an unknown sort: 400', async () => {
      const res = await t.get('/alerts/admin-completed-alerts?sort=Oldest', { token: superUser.token });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(ALERT_MSG.cannotSortCompleted);
    });
  });
});

describe('GET /api/alerts/all-alerts (live-price view)', () => {
  it('the market’s last price now, P/L against the alert price, and the status', async () => {
    const type = await makeAlertType(t.db, 'STOCKS');
    const [live] = await t.market.quotes(['AAPL']);
    expect(live).toBeDefined();
    const made = await makeAlerts(
      t.db,
      3,
      (i) =>
        [
          { type: type.name, ticker: 'AAPL', alertPrice: 100, latestPrice: 1 },
          {
            type: type.name,
            ticker: 'ZZQQ',
            alertPrice: 20,
            latestPrice: 25,
            completed: true,
            completedStatus: 'TARGET 2',
            exitPrice: 24,
          },
          { type: type.name, ticker: 'ZZQR', alertPrice: 20, halfCompleted: true, completedStatus: 'TARGET 1' },
        ][i]!,
    );
    const res = await t.get(`/alerts/all-alerts?name=${type.name}`, { token: elite.token });
    expect(res.statusCode).toBe(200);
    const rows = Object.fromEntries(res.json().data.map((a: { ticker: string }) => [a.ticker, a]));
    expect(rows.AAPL.live_price).toBeGreaterThan(0);
    expect(rows.AAPL.live_price).not.toBe(1); // the market's, not the stored one
    expect(rows.AAPL.live_p_l).toBeCloseTo(rows.AAPL.live_price - 100, 4);
    expect(rows.AAPL.live_p_l_percent).toBeCloseTo(rows.AAPL.live_price - 100, 4);
    expect(rows.AAPL.alert_status).toBe('ONGOING');
    // Unknown to the market: the stored latest price.
    expect(rows.ZZQQ).toMatchObject({ live_price: 25, live_p_l: 5, live_p_l_percent: 25, alert_status: 'COMPLETED' });
    expect(rows.ZZQR).toMatchObject({
      live_price: null,
      live_p_l: null,
      live_p_l_percent: null,
      alert_status: 'HALF COMPLETED',
    });
    expect(res.json().data.map((a: AlertDto) => a.id)).toEqual([made[2]!.id, made[1]!.id, made[0]!.id]);
  });

  it('a type outside the plans: 403', async () => {
    const { token } = await signedIn({ plans: ['options-monthly'] });
    const res = await t.get('/alerts/all-alerts?name=SWING-ALERTS', { token });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(ALERT_MSG.noPermissionAlerts('SWING-ALERTS'));
  });
});

describe('GET /api/alerts/pl-alert', () => {
  it('the alert, with the caller’s tracked flag', async () => {
    const a = await makeAlert(t.db, { type: 'SWING-ALERTS', ticker: 'PLA' });
    await trackAlert(t.db, elite.id, a);
    const res = await t.get(`/alerts/pl-alert?alert_id=${a.id}`, { token: elite.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: a.id, ticker: 'PLA', tracked: true, alert_type: 'SWING-ALERTS' });
  });

  it('a soft-deleted alert is still found (a trade points at it)', async () => {
    const a = await makeAlert(t.db, { type: 'SWING-ALERTS', ticker: 'PLD', deleted: true });
    const res = await t.get(`/alerts/pl-alert?alert_id=${a.id}`, { token: elite.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(a.id);
  });

  it('unknown: 404 with the spec’s text; outside the plans: 403; bad id: 400', async () => {
    const missing = await t.get('/alerts/pl-alert?alert_id=99999999', { token: elite.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(ALERT_MSG.plAlertFailed);
    const options = await makeAlert(t.db, { type: 'OPTIONS-ALERTS', ticker: 'PLO' });
    const { token } = await signedIn({ plans: ['stocks-monthly'] });
    const denied = await t.get(`/alerts/pl-alert?alert_id=${options.id}`, { token });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toBe(ALERT_MSG.noPermissionAlerts('OPTIONS-ALERTS'));
    for (const bad of ['', 'x', '0', '-1', '1.5']) {
      expect((await t.get(`/alerts/pl-alert?alert_id=${bad}`, { token: elite.token })).statusCode).toBe(400);
    }
  });
});
