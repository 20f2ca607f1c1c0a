import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_MSG, MSG, TRIGGER_KINDS, type TriggerDto, type TriggersPage } from '@drat/contracts';
import { alertTriggers } from '../../../db/schema/index';
import {
  makeAlert,
  makeAlerts,
  makeAlertType,
  makeTrigger,
  makeUser,
  signIn,
  type MakeUserOptions,
} from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';

let t: TestApp;
let elite: string;
let superToken: string;

async function tokenFor(options: MakeUserOptions = {}) {
  return signIn(t.app, await makeUser(t.db, options));
}

beforeAll(async () => {
  t = await createTestApp();
  elite = await tokenFor({ plans: ['elite-monthly'] });
  superToken = await tokenFor({ isSuper: true, plans: [] });
});
afterAll(async () => {
  await t?.close();
});

const secondsAgo = (s: number) => new Date(Date.now() - s * 1000);
const qs = (q: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]));
const get = (token: string, q: Record<string, string | number>) => t.get(`/alerts/triggers?${qs(q)}`, { token });
const page = async (token: string, q: Record<string, string | number>) => {
  const res = await get(token, q);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TriggersPage>();
};

/** `count` triggers on alerts of `type`, one per kind per alert, the i-th created i seconds before now. */
async function makeTriggers(type: string, count: number, note = (i: number) => `Trigger ${i}`) {
  const alerts = await makeAlerts(t.db, Math.ceil(count / TRIGGER_KINDS.length), (i) => ({ type, ticker: `TG${i}` }));
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const alert = alerts[Math.floor(i / TRIGGER_KINDS.length)]!;
    const kind = TRIGGER_KINDS[i % TRIGGER_KINDS.length]!;
    ids.push((await makeTrigger(t.db, alert, { kind, note: note(i), createdAt: secondsAgo(i) })).id);
  }
  return ids;
}

describe('GET /api/alerts/triggers', () => {
  it('no token: 401', async () => {
    expect((await t.get('/alerts/triggers?name=SWING-ALERTS')).statusCode).toBe(401);
  });

  it.each([
    [['stocks-monthly'], 'OPTIONS-ALERTS'],
    [['basic-monthly'], 'DAY-TRADE-ALERTS'],
    [['elite-monthly'], 'NO-SUCH-TYPE'],
  ])('%s reading %s: 403 with the spec’s triggers text', async (plans, name) => {
    const res = await get(await tokenFor({ plans }), { name });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: ALERT_MSG.noPermissionTriggers(name) });
  });

  it('the trigger with its alert’s prices and the note’s class', async () => {
    const type = await makeAlertType(t.db, 'STOCKS');
    const alert = await makeAlert(t.db, {
      type: type.name,
      ticker: 'TRGA',
      rating: 4,
      alertPrice: 20,
      buyRangeLow: 19.5,
      buyRangeHigh: 20.25,
      targetRangeLow: 22,
      targetRangeHigh: 24,
      stopLoss: 18.1234,
    });
    const created = new Date('2026-01-05T15:00:00.000Z');
    const trg = await makeTrigger(t.db, alert, {
      kind: 'BUY_RANGE',
      lastPrice: 20.01,
      note: 'TRGA entered the buy range',
      createdAt: created,
    });
    const { triggers, hasMore } = await page(elite, { name: type.name });
    expect(hasMore).toBe(false);
    expect(triggers).toEqual<TriggerDto[]>([
      {
        id: trg.id,
        alert_id: alert.id,
        ticker: 'TRGA',
        kind: 'BUY_RANGE',
        last_price: 20.01,
        buy_range_low: 19.5,
        buy_range_high: 20.25,
        target_range_low: 22,
        target_range_high: 24,
        stop_loss: 18.1234,
        alert_price: 20,
        trigger_note: 'TRGA entered the buy range',
        created: created.toISOString(),
        has_alert: true,
        rating: 4,
        alert_type: type.name,
        note_class: 'br',
      },
    ]);
  });

  it('pages of 100 (the default): hasMore at 101, not at 100; an offset past the end is empty', async () => {
    const type = await makeAlertType(t.db, 'STOCKS');
    const ids = await makeTriggers(type.name, 100);
    const full = await page(elite, { name: type.name });
    expect(full.triggers.map((x) => x.id)).toEqual(ids);
    expect(full.hasMore).toBe(false);
    const extra = await makeAlert(t.db, { type: type.name, ticker: 'TGX' });
    await makeTrigger(t.db, extra, { createdAt: secondsAgo(1000) });
    const more = await page(elite, { name: type.name });
    expect(more.triggers).toHaveLength(100);
    expect(more.hasMore).toBe(true);
    const last = await page(elite, { name: type.name, offset: 100 });
    expect(last.triggers).toHaveLength(1);
    expect(last.hasMore).toBe(false);
    expect(await page(elite, { name: type.name, offset: 500 })).toEqual({ triggers: [], hasMore: false });
    const small = await page(elite, { name: type.name, limit: 15, offset: 15 });
    expect(small.triggers.map((x) => x.id)).toEqual(ids.slice(15, 30));
    expect(small.hasMore).toBe(true);
  });

  it('triggers of a soft-deleted alert are hidden', async () => {
    const type = await makeAlertType(t.db, 'STOCKS');
    const gone = await makeAlert(t.db, { type: type.name, ticker: 'TGONE' });
    const kept = await makeAlert(t.db, { type: type.name, ticker: 'TKEPT' });
    await makeTrigger(t.db, gone);
    const k = await makeTrigger(t.db, kept);
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/alerts/batch-delete?type=soft&alert_ids=${gone.id}`,
      headers: { authorization: `Token ${superToken}` },
    });
    expect(del.statusCode).toBe(200);
    expect((await page(elite, { name: type.name })).triggers.map((x) => x.id)).toEqual([k.id]);
    expect(await t.db.select().from(alertTriggers)).not.toHaveLength(0); // rows stay
  });

  describe('sorts', () => {
    let type: { name: string };
    const notes = [
      'AAA entered the buy range', // 0 newest
      'BBB target 1 reached +12%', // 1
      'CCC target 2 reached', // 2
      'DDD stop loss hit -8%', // 3
      'EEE up 500% profit', // 4
      'FFF option expired', // 5 oldest
    ];
    beforeAll(async () => {
      type = await makeAlertType(t.db, 'STOCKS');
      const alerts = await makeAlerts(t.db, notes.length, (i) => ({ type: type.name, ticker: notes[i]!.slice(0, 3) }));
      for (const [i, a] of alerts.entries())
        await makeTrigger(t.db, a, { note: notes[i]!, createdAt: secondsAgo(i * 10) });
    });
    const order = async (sort?: string) =>
      (await page(elite, { name: type.name, ...(sort ? { sort } : {}) })).triggers.map((x) => x.ticker);

    it.each([
      [undefined, ['AAA', 'BBB', 'CCC', 'DDD', 'EEE', 'FFF']],
      ['Most Recent', ['AAA', 'BBB', 'CCC', 'DDD', 'EEE', 'FFF']],
      ['Buy Range', ['AAA', 'BBB', 'CCC', 'DDD', 'EEE', 'FFF']],
      ['Profit', ['BBB', 'EEE', 'AAA', 'CCC', 'DDD', 'FFF']],
      ['Target', ['BBB', 'CCC', 'AAA', 'DDD', 'EEE', 'FFF']],
      ['Target 1', ['BBB', 'AAA', 'CCC', 'DDD', 'EEE', 'FFF']],
      ['Target 2', ['CCC', 'AAA', 'BBB', 'DDD', 'EEE', 'FFF']],
      ['Loss', ['DDD', 'AAA', 'BBB', 'CCC', 'EEE', 'FFF']],
      ['Stop Loss', ['DDD', 'AAA', 'BBB', 'CCC', 'EEE', 'FFF']],
    ])('sort %s: matching notes first, then most recent', async (sort, expected) => {
      expect(await order(sort)).toEqual(expected);
    });

    it('each card carries the 1-core §4 class of its note', async () => {
      const classes = Object.fromEntries(
        (await page(elite, { name: type.name })).triggers.map((x) => [x.ticker, x.note_class]),
      );
      expect(classes).toEqual({ AAA: 'br', BBB: 'ph', CCC: 'th', DDD: 'sl', EEE: 'ph', FFF: null });
    });
  });

  it.each([
    ['limit 0', { limit: 0 }, 'limit'],
    ['limit 101', { limit: 101 }, 'limit'],
    ['offset -5', { offset: -5 }, 'offset'],
    ['an unknown sort', { sort: 'Random' }, 'sort'],
  ])('%s: 400 naming the field', async (_label, q, field) => {
    const res = await get(elite, { name: 'SWING-ALERTS', ...q });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual([field]);
  });
});

describe('GET /api/alerts/tickers/triggers and POST /api/alerts/search/triggers/', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const a = await makeAlert(t.db, { type: 'SQUEEZE-ALERTS', ticker: 'STA' });
    const b = await makeAlert(t.db, { type: 'SQUEEZE-ALERTS', ticker: 'STB' });
    const o = await makeAlert(t.db, { type: 'OTC-RUNNERS', ticker: 'STO' });
    await makeAlert(t.db, { type: 'SQUEEZE-ALERTS', ticker: 'STNONE' }); // no trigger
    ids = {
      a1: (await makeTrigger(t.db, a, { kind: 'BUY_RANGE', createdAt: new Date('2025-06-02T14:00:00Z') })).id,
      a2: (await makeTrigger(t.db, a, { kind: 'TARGET_1', createdAt: new Date('2025-06-03T14:00:00Z') })).id,
      b1: (await makeTrigger(t.db, b, { kind: 'STOP', createdAt: new Date('2025-06-04T14:00:00Z') })).id,
      o1: (await makeTrigger(t.db, o, { kind: 'STOP', createdAt: new Date('2025-06-03T14:00:00Z') })).id,
    };
  });

  it('tickers that have triggers in the category', async () => {
    const res = await t.get('/alerts/tickers/triggers?category=STOCKS', { token: elite });
    expect(res.statusCode).toBe(200);
    const data: string[] = res.json().tickers;
    expect(data).toEqual(expect.arrayContaining(['STA', 'STB']));
    expect(data).not.toContain('STNONE');
    expect(data).not.toContain('STO');
  });

  it('search by tickers, by days, both; newest first', async () => {
    const search = async (body: unknown) => {
      const res = await t.post('/alerts/search/triggers/', body, { token: elite });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((x: TriggerDto) => x.id);
    };
    expect(await search({ category: 'STOCKS', tickers: ['STA'] })).toEqual([ids.a2, ids.a1]);
    expect(
      await search({ category: 'STOCKS', daterange: ['2025-06-03', '2025-06-04'], tickers: ['STA', 'STB'] }),
    ).toEqual([ids.b1, ids.a2]);
    expect(await search({ category: 'OTC', daterange: ['2025-06-03', '2025-06-03'] })).toEqual([ids.o1]);
  });

  it('nothing found: No results.; neither filter: Invalid parameters', async () => {
    const none = await t.post('/alerts/search/triggers/', { category: 'STOCKS', tickers: ['NOPE'] }, { token: elite });
    expect(none.json()).toEqual({ data: [], message: ALERT_MSG.noResults });
    const bad = await t.post('/alerts/search/triggers/', { category: 'STOCKS' }, { token: elite });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(ALERT_MSG.invalidParameters);
  });

  it('a category outside the plans: 403 with the triggers text; no token: 401', async () => {
    const token = await tokenFor({ plans: ['options-monthly'] });
    const res = await t.get('/alerts/tickers/triggers?category=STOCKS', { token });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(ALERT_MSG.noPermissionTriggers('STOCKS'));
    const search = await t.post('/alerts/search/triggers/', { category: 'OTC', tickers: ['STO'] }, { token });
    expect(search.statusCode).toBe(403);
    expect((await t.get('/alerts/tickers/triggers?category=STOCKS')).statusCode).toBe(401);
    expect(MSG.authRequired).toBeTruthy();
  });
});
