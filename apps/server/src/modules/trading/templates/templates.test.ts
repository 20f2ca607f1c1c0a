import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, TRADE_MSG, type Quote, type TemplateEntry, type TradeTemplateDto } from '@drat/contracts';
import { tradeTemplateParameters } from '../../../db/schema/index';
import type { MarketDataProvider } from '../../../providers/market/interface';
import { createSimMarket } from '../../../providers/market/sim/index';
import { makeSignedIn, type MakeUserOptions } from '../../../../test/factories';
import { createTestApp, type CallOptions, type TestApp } from '../../../../test/harness';

/** The simulated market, with the bid, last and ask of some tickers set by hand (they do not move). */
const sim = createSimMarket({ seed: 'templates-test', speed: 1, alwaysOpen: true });
const tape = new Map<string, Pick<Quote, 'bid' | 'last' | 'ask'>>([
  ['MSFT', { bid: 187.33, last: 187.45, ask: 187.52 }],
  ['AAPL', { bid: 0.5123, last: 0.52, ask: 0.5301 }],
  ['NVDA', { bid: 0, last: 120, ask: 0 }],
]);
const market: MarketDataProvider = {
  ...sim,
  async quotes(symbols) {
    return (await sim.quotes(symbols)).map((q) => ({ ...q, ...tape.get(q.symbol) }));
  },
};

let t: TestApp;
let superUser: { id: number; token: string };
let superEmail: string;

const signedIn = (options: MakeUserOptions = {}) => makeSignedIn(t, options);
const URL = '/livetrading/trade-templates';

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, o: CallOptions = {}) =>
  t.inject({
    method,
    url: `/api${url}`,
    headers: o.token ? { authorization: `Token ${o.token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });

/** Buys 5 % and 2.5 % under the ask, targets 10 % and 25.5 % over the last, the stop 7.25 % under the bid. */
const parameters = () => [
  { entry_name: 'BUY RANGE LOW', percentage: 5, based_on: 'Ask Price' },
  { entry_name: 'BUY RANGE HIGH', percentage: 2.5, percentage_type: 'LESS', based_on: 'Ask Price' },
  { entry_name: 'TARGET RANGE LOW', percentage: 10, based_on: 'Last Price' },
  { entry_name: 'TARGET RANGE HIGH', percentage: 25.5, percentage_type: 'EXCEED', based_on: 'Last Price' },
  { entry_name: 'STOP LOSS', percentage: 7.25, based_on: 'Bid Price' },
];
const templateBody = (patch: Record<string, unknown> = {}) => ({
  name: 'Swing 5/25',
  trade_template_parameters_fields: parameters(),
  ...patch,
});
/** The body with one parameter (by entry) changed. */
const withEntry = (entry: TemplateEntry, patch: Record<string, unknown>) =>
  templateBody({
    trade_template_parameters_fields: parameters().map((p) => (p.entry_name === entry ? { ...p, ...patch } : p)),
  });

const create = async (body: unknown = templateBody()): Promise<TradeTemplateDto> => {
  const res = await call('POST', URL, body, { token: superUser.token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(TRADE_MSG.templateCreated);
  return res.json().data as TradeTemplateDto;
};
const list = async (): Promise<TradeTemplateDto[]> => {
  const res = await call('GET', URL, undefined, { token: superUser.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TradeTemplateDto[];
};
const entries = (ticker: string, template: number | string, token = superUser.token) =>
  call('GET', `/livetrading/trade-entries-parameter?ticker=${ticker}&template=${template}&token=abc`, undefined, {
    token,
  });

beforeAll(async () => {
  t = await createTestApp({ market });
  superEmail = `templates-super-${Date.now()}@test.drat`;
  superUser = await signedIn({ isSuper: true, plans: [], email: superEmail });
});
afterAll(async () => {
  await t?.close();
});

describe('trade templates: who may call', () => {
  type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Each call on an existing template (`id`), with a valid body. */
  const calls: [string, Method, (id: number) => string, unknown][] = [
    ['list', 'GET', () => URL, undefined],
    ['create', 'POST', () => URL, templateBody()],
    ['update', 'PATCH', (id) => `${URL}/${id}`, templateBody({ name: 'Changed' })],
    ['delete', 'DELETE', (id) => `${URL}/${id}`, undefined],
    ['entries', 'GET', (id) => `/livetrading/trade-entries-parameter?ticker=MSFT&template=${id}`, undefined],
  ];
  let existing: TradeTemplateDto;
  beforeAll(async () => {
    existing = await create();
  });

  it.each(calls)('%s: 401 anonymous', async (_, method, url, body) => {
    const res = await call(method, url(existing.id), body);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(MSG.authRequired);
  });

  it.each(calls)('%s: 403 for a demo trader and a live trader, super users only (§6)', async (_, method, url, body) => {
    const before = await list();
    for (const options of [{ plans: ['stocks-monthly'] }, { isLiveTrader: true }] satisfies MakeUserOptions[]) {
      const me = await signedIn(options);
      const res = await call(method, url(existing.id), body, { token: me.token });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().detail).toBe(TRADE_MSG.templatesSuperOnly);
    }
    expect(await list()).toEqual(before);
  });

  it.each(calls)('%s: a super user may', async (_, method, url, body) => {
    const mine = await create();
    const res = await call(method, url(mine.id), body, { token: superUser.token });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('POST /api/livetrading/trade-templates', () => {
  it('stores the template with the percentage types its entries imply; the list shows it', async () => {
    const before = new Date(t.clock.now());
    const made = await create();
    expect(made).toEqual({
      id: expect.any(Number),
      name: 'Swing 5/25',
      created_by: superEmail,
      date_created: before.toISOString(),
      last_updated: before.toISOString(),
      trade_template_parameters: [
        {
          id: expect.any(Number),
          entry_name: 'BUY RANGE LOW',
          percentage: 5,
          percentage_type: 'LESS',
          based_on: 'Ask Price',
        },
        {
          id: expect.any(Number),
          entry_name: 'BUY RANGE HIGH',
          percentage: 2.5,
          percentage_type: 'LESS',
          based_on: 'Ask Price',
        },
        {
          id: expect.any(Number),
          entry_name: 'TARGET RANGE LOW',
          percentage: 10,
          percentage_type: 'EXCEED',
          based_on: 'Last Price',
        },
        {
          id: expect.any(Number),
          entry_name: 'TARGET RANGE HIGH',
          percentage: 25.5,
          percentage_type: 'EXCEED',
          based_on: 'Last Price',
        },
        {
          id: expect.any(Number),
          entry_name: 'STOP LOSS',
          percentage: 7.25,
          percentage_type: 'LESS',
          based_on: 'Bid Price',
        },
      ],
    });
    const [stored] = await t.db
      .select({ percentage: tradeTemplateParameters.percentage })
      .from(tradeTemplateParameters)
      .where(eq(tradeTemplateParameters.id, made.trade_template_parameters[4]!.id));
    expect(stored!.percentage).toBe('7.25');
    // Another super user sees it too: templates are one list for all super users.
    const other = await signedIn({ isSuper: true, plans: [] });
    const theirs = await call('GET', URL, undefined, { token: other.token });
    expect(theirs.statusCode).toBe(200);
    expect((theirs.json().data as TradeTemplateDto[]).find((x) => x.id === made.id)).toEqual(made);
  });

  it('lists the newest first', async () => {
    const a = await create(templateBody({ name: 'First' }));
    t.clock.advanceMinutes(1);
    const b = await create(templateBody({ name: 'Second' }));
    const ids = (await list()).map((x) => x.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
  });

  /** POSTs `body`: 400 naming only `field` (with `message` among its words when given), nothing stored. */
  const refused = async (field: string, body: unknown, message: string | null) => {
    const before = await list();
    const res = await call('POST', URL, body, { token: superUser.token });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json())).toEqual([field]);
    if (message !== null) expect(res.json()[field]).toContain(message);
    expect(await list()).toEqual(before);
  };

  it.each([
    ['missing', undefined, TRADE_MSG.templateNameRequired],
    ['blank', '   ', TRADE_MSG.templateNameRequired],
    ['longer than 100 characters', 'x'.repeat(101), null],
  ])('400 on name when it is %s; nothing stored', (_, name, message) =>
    refused('name', templateBody({ name }), message),
  );

  const P = 'trade_template_parameters_fields';
  const M = TRADE_MSG;
  it.each([
    ['missing', templateBody({ [P]: undefined }), M.templateEntryMissing('Buy Range Low')],
    ['without the stop loss', templateBody({ [P]: parameters().slice(0, 4) }), M.templateEntryMissing('Stop Loss')],
    [
      'with an entry twice',
      templateBody({ [P]: [...parameters(), parameters()[0]] }),
      M.templateEntryTwice('Buy Range Low'),
    ],
    ['more than ten long', templateBody({ [P]: [...parameters(), ...parameters(), parameters()[0]] }), null],
    ['with an unknown entry', withEntry('STOP LOSS', { entry_name: 'STOP' }), M.templateEntryInvalid],
    [
      'with a buy over 100 %',
      withEntry('BUY RANGE LOW', { percentage: 100.01 }),
      M.templatePercentRange('Buy Range Low', 100),
    ],
    [
      'with a target over 500 %',
      withEntry('TARGET RANGE HIGH', { percentage: 501 }),
      M.templatePercentRange('Target Range High', 500),
    ],
    ['with a negative stop loss', withEntry('STOP LOSS', { percentage: -1 }), M.templatePercentRange('Stop Loss', 100)],
    ['with three decimals', withEntry('STOP LOSS', { percentage: 7.255 }), M.tooPrecise('Percentage', 2)],
    [
      'with a LESS target',
      withEntry('TARGET RANGE LOW', { percentage_type: 'LESS' }),
      M.templatePercentType('Target Range Low', 'EXCEED'),
    ],
    ['with an unknown basis', withEntry('STOP LOSS', { based_on: 'Mid Price' }), M.templateBasis],
    ['with a bad parameter id', withEntry('STOP LOSS', { id: -3 }), M.idInvalid('Parameter ID')],
  ])(`400 on ${P} when it is %s; nothing stored`, (_, body, message) => refused(P, body, message));
});

describe('PATCH /api/livetrading/trade-templates/:id', () => {
  it('replaces the name and the five parameters, each keeping its id (matched by entry)', async () => {
    const made = await create();
    t.clock.advanceMinutes(5);
    // Parameter ids may be sent (or not): entries are matched by entry_name.
    const fields = parameters().map((p, i) => ({
      ...p,
      ...(i === 0 ? { id: made.trade_template_parameters[0]!.id } : {}),
      percentage: p.percentage + 1,
      based_on: 'Last Price',
    }));
    const res = await call(
      'PATCH',
      `${URL}/${made.id}`,
      { name: '  Wider  ', trade_template_parameters_fields: fields },
      {
        token: superUser.token,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data as TradeTemplateDto;
    expect(res.json().message).toBe(TRADE_MSG.templateUpdated);
    expect(updated).toMatchObject({
      id: made.id,
      name: 'Wider',
      created_by: superEmail,
      date_created: made.date_created,
      last_updated: t.clock.now().toISOString(),
    });
    expect(updated.trade_template_parameters).toEqual(
      made.trade_template_parameters.map((p) => ({ ...p, percentage: p.percentage + 1, based_on: 'Last Price' })),
    );
    expect((await list()).find((x) => x.id === made.id)).toEqual(updated);
  });

  it('any super user may change a template another made', async () => {
    const made = await create();
    const other = await signedIn({ isSuper: true, plans: [] });
    const res = await call('PATCH', `${URL}/${made.id}`, templateBody({ name: 'Theirs now' }), { token: other.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Theirs now', created_by: superEmail });
  });

  it('a body breaking §5.6 changes nothing, naming the field', async () => {
    const made = await create();
    const res = await call('PATCH', `${URL}/${made.id}`, withEntry('STOP LOSS', { percentage: 101 }), {
      token: superUser.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      trade_template_parameters_fields: [TRADE_MSG.templatePercentRange('Stop Loss', 100)],
    });
    expect((await list()).find((x) => x.id === made.id)).toEqual(made);
  });

  it('404 for a template that does not exist; 400 for an id that is not one', async () => {
    const res = await call('PATCH', `${URL}/999999`, templateBody(), { token: superUser.token });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(TRADE_MSG.templateNotFound);
    const bad = await call('PATCH', `${URL}/abc`, templateBody(), { token: superUser.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ id: [TRADE_MSG.idInvalid('Template ID')] });
  });
});

describe('DELETE /api/livetrading/trade-templates/:id', () => {
  it('deletes the template and its parameters; a second delete is 404', async () => {
    const made = await create();
    const res = await call('DELETE', `${URL}/${made.id}`, undefined, { token: superUser.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: TRADE_MSG.templateDeleted });
    expect((await list()).some((x) => x.id === made.id)).toBe(false);
    const left = await t.db
      .select()
      .from(tradeTemplateParameters)
      .where(eq(tradeTemplateParameters.templateId, made.id));
    expect(left).toEqual([]);
    const again = await call('DELETE', `${URL}/${made.id}`, undefined, { token: superUser.token });
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe(TRADE_MSG.templateNotFound);
  });
});

describe('GET /api/livetrading/trade-entries-parameter', () => {
  it("computes each price from the quote's ask, last or bid, exactly, to the cent", async () => {
    const made = await create();
    const res = await entries('msft', made.id);
    expect(res.statusCode, res.body).toBe(200);
    // ask 187.52, last 187.45, bid 187.33
    expect(res.json()).toEqual({
      buy_range_low: 178.14, // 187.52 × 0.95 = 178.144
      buy_range_high: 182.83, // 187.52 × 0.975 = 182.832
      target_range_low: 206.2, // 187.45 × 1.10 = 206.195, the tie away from zero
      target_range_high: 235.25, // 187.45 × 1.255 = 235.24975
      stop_loss: 173.75, // 187.33 × 0.9275 = 173.748575
    });
  });

  it('keeps four decimals for a price below $1', async () => {
    const made = await create();
    const res = await entries('AAPL', made.id);
    expect(res.statusCode, res.body).toBe(200);
    // ask 0.5301, last 0.52, bid 0.5123
    expect(res.json()).toEqual({
      buy_range_low: 0.5036, // 0.503595
      buy_range_high: 0.5168, // 0.5168475
      target_range_low: 0.572,
      target_range_high: 0.6526,
      stop_loss: 0.4752, // 0.47515825
    });
  });

  it('400 on ticker for a symbol the market does not know, or one without the price a parameter needs', async () => {
    const made = await create();
    const unknown = await entries('ZZZZQ', made.id);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ ticker: [TRADE_MSG.unknownTicker('ZZZZQ')] });
    const noAsk = await entries('NVDA', made.id);
    expect(noAsk.statusCode).toBe(400);
    expect(noAsk.json()).toEqual({ ticker: [TRADE_MSG.noQuotePrice('NVDA', 'Ask Price')] });
  });

  it('404 for a template that does not exist; 400 naming the field for a bad query', async () => {
    const res = await entries('MSFT', 999999);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(TRADE_MSG.templateNotFound);
    const bad = await entries('MSFT', 'x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ template: [TRADE_MSG.idInvalid('Template')] });
  });
});
