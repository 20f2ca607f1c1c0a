import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ASK_DRAT_MSG,
  MARKET_MSG,
  MSG,
  stockInfoResponseSchema,
  XLSX_MEDIA_TYPE,
  type FilingsResponse,
  type StockInfoResponse,
} from '@drat/contracts';
import { makeUser, signIn } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { subscriptions } from '../../../db/schema/index';
import type { FilingsProvider } from '../../../providers/filings/interface';
import { ProviderError } from '../../../providers/provider-error';
import { createSimFilings } from '../../../providers/filings/sim';
import { createSimMarket } from '../../../providers/market/sim/index';

/** GET /stock/info, /stock/filings/getboth and /stock/sheet-analysis (1-core §2, §3, §5, §7, §8). */

/** A simulated market whose time stands still (a Wednesday, 10:30 in New York). */
const FROZEN = Date.parse('2026-03-04T15:30:00Z');
const market = createSimMarket({ seed: 'ask-drat-test', speed: 1, alwaysOpen: false, wallClock: () => FROZEN });
const sim = createSimFilings({ now: () => market.now() });
/** The simulated filings, or an EDGAR outage while `down` is set. */
let down = false;
const outage =
  <A extends unknown[], R>(fn: (...a: A) => Promise<R>) =>
  (...a: A): Promise<R> =>
    down
      ? Promise.reject(new ProviderError('edgar', 'UPSTREAM', 'EDGAR /submissions: HTTP 503', { status: 503 }))
      : fn(...a);
const filings: FilingsProvider = {
  name: 'sim',
  filings: outage(sim.filings),
  annualFacts: outage(sim.annualFacts),
  insiderTransactions: outage(sim.insiderTransactions),
  institutionalHolders: outage(sim.institutionalHolders),
  cik: outage(sim.cik),
  health: sim.health,
};
const CLOCK = new Date('2026-03-04T15:30:00Z');
const DAY = 86_400_000;

let t: TestApp;
const tokens = { ada: '', stocks: '', lapsed: '', super: '' };

beforeAll(async () => {
  t = await createTestApp({ market, filings, clockStart: CLOCK });
  tokens.ada = await signIn(t.app, await makeUser(t.db, { plans: ['elite-monthly'], now: CLOCK }));
  tokens.stocks = await signIn(t.app, await makeUser(t.db, { plans: ['stocks-monthly'], now: CLOCK })); // no ADA
  tokens.super = await signIn(t.app, await makeUser(t.db, { isSuper: true, plans: [], now: CLOCK }));
  // Signed in while subscribed; the plan ended since.
  const lapsed = await makeUser(t.db, { plans: ['elite-monthly'], now: CLOCK });
  tokens.lapsed = await signIn(t.app, lapsed);
  await t.db
    .update(subscriptions)
    .set({ endsAt: new Date(CLOCK.getTime() - 60_000) })
    .where(eq(subscriptions.userId, lapsed.id));
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  down = false;
});

const get = (url: string, token: string | undefined = tokens.ada) => t.get(url, { token });
const INFO = '/stock/info?ticker=AAPL&token=fixed';
const FILINGS = '/stock/filings/getboth?token=fixed&ticker=AAPL&formtype=10-K&size=3';
const SHEET = '/stock/sheet-analysis?token=fixed&ticker=AAPL&years_difference=4';

it('declares the three routes, their queries and the JSON shapes in the OpenAPI document', async () => {
  const res = await t.get('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  const paths = res.json<{ paths: Record<string, { get: { parameters: { name: string }[] } }> }>().paths;
  expect(paths['/api/stock/info']!.get.parameters.map((p) => p.name)).toEqual(['ticker', 'token']);
  expect(paths['/api/stock/filings/getboth']!.get.parameters.map((p) => p.name).sort()).toEqual([
    'formtype',
    'size',
    'ticker',
    'token',
  ]);
  expect(paths['/api/stock/sheet-analysis']!.get.parameters.map((p) => p.name).sort()).toEqual([
    'ticker',
    'token',
    'years_difference',
  ]);
});

describe('who may use Ask DRAT', () => {
  it.each([INFO, FILINGS, SHEET])(
    '%s: ADA right needed (403), a lapsed plan is a 401, no token a 401, super users pass',
    async (url) => {
      expect((await t.get(url)).statusCode).toBe(401);
      const denied = await get(url, tokens.stocks);
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ detail: ASK_DRAT_MSG.noAccess });
      const lapsed = await get(url, tokens.lapsed);
      expect(lapsed.statusCode).toBe(401);
      expect(lapsed.json()).toEqual({ detail: MSG.accountInactiveOrExpired });
      expect((await get(url, tokens.super)).statusCode).toBe(200);
    },
  );
});

async function dailyBars(ticker: string) {
  const now = market.now();
  return market.bars(ticker, '1day', new Date(now.getTime() - 400 * DAY), now);
}
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe('GET /api/stock/info', () => {
  it('answers the company view: basic, share, technical, insider, institutional, filings and news lists', async () => {
    const res = await get(INFO);
    expect(res.statusCode).toBe(200);
    const body = res.json<StockInfoResponse>();
    expect(stockInfoResponseSchema.parse(body)).toEqual(body);
    expect(body.error).toBeNull();
    const { data } = body;
    const [quote] = await market.quotes(['AAPL']);
    const company = (await market.company('AAPL'))!;
    expect(data.ticker).toBe('AAPL');
    expect(data.basic_info).toMatchObject({
      Company: 'Apple Inc.',
      Website: company.website,
      Sector: 'Technology',
      Exchange: 'NASDAQ',
      Optionable: 'Yes',
      Shortable: 'Yes',
      Price: quote!.last,
      Volume: quote!.volume,
      'Avg Volume': company.average_volume,
      'Market Cap': Math.round(quote!.last * company.shares_outstanding),
      CIK: await sim.cik('AAPL'),
    });
    const annual = (await sim.annualFacts('AAPL', 1))!.years[0]!;
    expect(data.basic_info.EPS).toBe(annual.epsDiluted);
    expect(data.basic_info['P/E']).toBeCloseTo(quote!.last / annual.epsDiluted!, 2);
    expect(data.shs_info['Shares Outstanding']).toBe(company.shares_outstanding);
    expect(data.shs_info['Shares Float']).toBe(company.float);

    const bars = await dailyBars('AAPL');
    const closes = bars.map((b) => b.close);
    expect(data.technical_info.SMA20).toBeCloseTo(mean(closes.slice(-20)), 2);
    expect(data.technical_info.SMA50).toBeCloseTo(mean(closes.slice(-50)), 2);
    expect(data.technical_info.SMA200).toBeCloseTo(mean(closes.slice(-200)), 2);
    const year = bars.filter((b) => b.time * 1000 >= market.now().getTime() - 365 * DAY);
    expect(data.technical_info['52W High']).toBe(Math.max(...year.map((b) => b.high)));
    expect(data.technical_info.RSI14).toBeGreaterThan(0);
    expect(data.technical_info.RSI14).toBeLessThan(100);

    const latest = (await sim.filings('AAPL', { limit: 10 }))!;
    expect(data.filings_info).toEqual(latest.map((f) => ({ 'Form Type': f.form, 'Filed At': f.filedAt, Link: f.url })));
    const trades = (await sim.insiderTransactions('AAPL', 10))!;
    expect(data.insider_info).toHaveLength(10);
    data.insider_info.forEach((row, i) => {
      const trade = trades[i]!;
      const close = [...bars]
        .reverse()
        .find((b) => new Date(b.time * 1000).toISOString().slice(0, 10) <= trade.transactionDate)!.close;
      expect(row).toEqual({
        id: trade.id,
        full_name: trade.ownerName,
        position: trade.position,
        date_reported: trade.filedAt,
        description: expect.any(String),
        shares: trade.shares,
        value: Math.round(trade.shares * close * 100) / 100,
      });
    });
    expect(data.institutional_info).toHaveLength(10);
    expect(data.institutional_info[0]).toEqual({
      Shareholder: expect.any(String),
      Stake: expect.any(Number),
      'Shares Owned': expect.any(Number),
    });
    expect(data.news_info.length).toBeGreaterThan(2);
    for (const n of data.news_info) {
      expect(n.image_url).toBe('');
      expect(Number.isNaN(Date.parse(n.news_date))).toBe(false);
      expect(n.news_url).toMatch(/^https:\/\//);
    }
    const dates = data.news_info.map((n) => n.news_date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('answers a fund with no insiders and no 10-K figures', async () => {
    const { data } = (await get('/stock/info?ticker=spy')).json<StockInfoResponse>();
    expect(data.basic_info).toMatchObject({ Ticker: 'SPY', Type: 'ETF', EPS: null, 'P/E': null, Revenue: null });
    expect(data.insider_info).toEqual([]);
    expect(data.filings_info.map((f) => f['Form Type'])).not.toContain('10-K');
  });

  it('still answers the market view when SEC filings cannot be read, and says so in `error`', async () => {
    down = true;
    const res = await get(INFO);
    expect(res.statusCode).toBe(200);
    const body = res.json<StockInfoResponse>();
    expect(body.error).toBe(ASK_DRAT_MSG.filingsPartlyUnavailable);
    expect(body.data.basic_info.Company).toBe('Apple Inc.');
    expect(body.data.filings_info).toEqual([]);
    expect(body.data.insider_info).toEqual([]);
  });

  it.each([
    [
      'an unknown ticker',
      '/stock/info?ticker=ZZZZQ',
      { ticker: [ASK_DRAT_MSG.unknownCompany('ZZZZQ')], error: ASK_DRAT_MSG.unknownCompany('ZZZZQ') },
    ],
    ['no ticker', '/stock/info', { ticker: [MARKET_MSG.tickerRequired] }],
    ['a blank ticker', '/stock/info?ticker=%20%20', { ticker: [MARKET_MSG.tickerRequired] }],
    ['symbols', '/stock/info?ticker=%24%24', { ticker: [MARKET_MSG.tickerInvalid] }],
  ])('400 for %s', async (_label, url, body) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
  });
});

describe('GET /api/stock/filings/getboth', () => {
  const url = (q: string) => `/stock/filings/getboth?token=fixed&${q}`;

  it('answers the latest filings of one form, at most `size`', async () => {
    const res = await get(FILINGS);
    expect(res.statusCode).toBe(200);
    const tenK = (await sim.filings('AAPL', { forms: ['10-K'], limit: 3 }))!;
    expect(res.json()).toEqual({
      filings: tenK.map((f) => ({ 'Form Type': '10-K', 'Filed At': f.filedAt, Link: f.url })),
      error: null,
    });
    const forms4 = (await get(url('ticker=msft&formtype=4&size=10'))).json<FilingsResponse>();
    expect(forms4.filings).toHaveLength(10);
    expect(new Set(forms4.filings.map((f) => f['Form Type']))).toEqual(new Set(['4']));
    const proxy = (await get(url('ticker=AAPL&formtype=%20def%20%2014a%20&size=1'))).json<FilingsResponse>();
    expect(proxy.filings.map((f) => f['Form Type'])).toEqual(['DEF 14A']);
    const quarterly = (await get(url('ticker=AAPL&formtype=10-q&size=2'))).json<FilingsResponse>();
    expect(quarterly.filings.map((f) => f['Form Type'])).toEqual(['10-Q', '10-Q']);
  });

  it("answers 'No filings' with an empty list when the company has none of that form", async () => {
    const res = await get(url('ticker=AAPL&formtype=20-F&size=5'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ filings: [], error: ASK_DRAT_MSG.noFilings });
  });

  it.each([
    ['size 0', 'ticker=AAPL&formtype=10-K&size=0', 'size'],
    ['size 11', 'ticker=AAPL&formtype=10-K&size=11', 'size'],
    ['a negative size', 'ticker=AAPL&formtype=10-K&size=-1', 'size'],
    ['a fractional size', 'ticker=AAPL&formtype=10-K&size=2.5', 'size'],
    ['a size in words', 'ticker=AAPL&formtype=10-K&size=three', 'size'],
    ['no size', 'ticker=AAPL&formtype=10-K', 'size'],
    ['no ticker', 'formtype=10-K&size=3', 'ticker'],
    ['a blank ticker', 'ticker=%20&formtype=10-K&size=3', 'ticker'],
    ['a malformed ticker', 'ticker=A%3BB&formtype=10-K&size=3', 'ticker'],
    ['no form type', 'ticker=AAPL&size=3', 'formtype'],
    ['a blank form type', 'ticker=AAPL&formtype=%20&size=3', 'formtype'],
    ['markup as form type', 'ticker=AAPL&formtype=%3Cb%3E&size=3', 'formtype'],
  ])("400 'Invalid inputs' for %s", async (_label, q, field) => {
    const res = await get(url(q));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: [ASK_DRAT_MSG.invalidInputs] });
  });

  it('400 for a ticker nobody lists', async () => {
    const res = await get(url('ticker=ZZZZQ&formtype=10-K&size=3'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: ASK_DRAT_MSG.unknownCompany('ZZZZQ') });
  });

  it("502 'Error fetching filings' when the filings source fails", async () => {
    down = true;
    const res = await get(FILINGS);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: ASK_DRAT_MSG.filingsError });
  });
});

async function openSheet(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}
type FormulaCell = { formula: string; result?: number | string };

describe('GET /api/stock/sheet-analysis', () => {
  it('answers an .xlsx named from the ticker and the time, with figures, formulas and a chart table', async () => {
    const res = await get(SHEET);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MEDIA_TYPE);
    expect(res.headers['content-disposition']).toBe('attachment; filename="AAPL_10K_analysis_20260304-1530.xlsx"');
    const ws = await openSheet(res.rawPayload);
    const facts = (await sim.annualFacts('AAPL', 4))!;
    expect(facts.years).toHaveLength(4);
    expect(ws.name).toBe('AAPL 10-K');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 3 });
    const row = (label: string) => {
      let found = 0;
      ws.eachRow((r, n) => {
        if (r.getCell(1).value === label) found = n;
      });
      expect(found, label).toBeGreaterThan(0);
      return ws.getRow(found);
    };
    expect(ws.getRow(3).values).toEqual([undefined, 'Fiscal year', ...facts.years.map((y) => `FY${y.fiscalYear}`)]);

    const revenue = row('Revenue');
    const net = row('Net Income');
    facts.years.forEach((y, i) => {
      expect(revenue.getCell(i + 2).value).toBe(y.revenue);
      expect(net.getCell(i + 2).value).toBe(y.netIncome);
      expect(row('EPS (diluted)').getCell(i + 2).value).toBe(y.epsDiluted);
      expect(row("Shareholders' Equity").getCell(i + 2).value).toBe(y.shareholdersEquity);
    });
    expect(revenue.getCell(2).numFmt).toContain('"M"');

    // Growth of revenue in the second year: a formula over the two figure cells, and its value.
    const r = revenue.number;
    const growth = row('Revenue growth').getCell(3);
    const g = growth.value as FormulaCell;
    expect(g.formula).toBe(`IF(OR(B${r}="",C${r}="",B${r}=0),"",(C${r}-B${r})/ABS(B${r}))`);
    const [y0, y1] = facts.years as [(typeof facts.years)[0], (typeof facts.years)[0]];
    expect(g.result).toBeCloseTo((y1.revenue! - y0.revenue!) / Math.abs(y0.revenue!), 10);
    expect(growth.numFmt).toContain('0.0%');
    expect(row('Revenue growth').getCell(2).value).toBeNull();

    const margin = row('Net margin').getCell(5).value as FormulaCell;
    expect(margin.formula).toBe(`IF(OR(E${r}="",E${r}=0,E${net.number}=""),"",E${net.number}/E${r})`);
    expect(margin.result).toBeCloseTo(facts.years[3]!.netIncome! / facts.years[3]!.revenue!, 10);

    const fcf = row('Free Cash Flow').getCell(2).value as FormulaCell;
    const ocf = row('Operating Cash Flow').number;
    const capex = row('Capital Expenditures').number;
    expect(fcf.formula).toBe(`IF(OR(B${ocf}="",B${capex}=""),"",B${ocf}-B${capex})`);
    expect(fcf.result).toBe(y0.operatingCashFlow! - y0.capitalExpenditures!);

    const chart = row('Revenue (USD M)').getCell(2).value as FormulaCell;
    expect(chart.formula).toBe(`IF(B${r}="","",ROUND(B${r}/1000000,1))`);
    expect(chart.result).toBeCloseTo(y0.revenue! / 1e6, 1);
    for (const label of [
      'Gross margin',
      'Operating margin',
      'Gross Profit growth',
      'Net Income growth',
      'Chart data (USD millions)',
    ])
      row(label);
  });

  it.each([2, 6])('covers the last %i fiscal years', async (years) => {
    const res = await get(`/stock/sheet-analysis?ticker=MSFT&years_difference=${years}`);
    expect(res.statusCode).toBe(200);
    const ws = await openSheet(res.rawPayload);
    const header = (ws.getRow(3).values as unknown[]).filter((v) => typeof v === 'string' && v.startsWith('FY'));
    expect(header).toHaveLength(years);
  });

  it.each([
    ['1 year', 'ticker=AAPL&years_difference=1', { years_difference: [ASK_DRAT_MSG.sheetYears] }],
    ['7 years', 'ticker=AAPL&years_difference=7', { years_difference: [ASK_DRAT_MSG.sheetYears] }],
    ['a fraction', 'ticker=AAPL&years_difference=3.5', { years_difference: [ASK_DRAT_MSG.sheetYears] }],
    ['words', 'ticker=AAPL&years_difference=five', { years_difference: [ASK_DRAT_MSG.sheetYears] }],
    ['no range', 'ticker=AAPL', { years_difference: [ASK_DRAT_MSG.sheetYears] }],
    ['no ticker', 'years_difference=3', { ticker: [MARKET_MSG.tickerRequired] }],
  ])('400 for %s', async (_label, q, body) => {
    const res = await get(`/stock/sheet-analysis?${q}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
  });

  it.each([
    ['a fund (no 10-K)', 'SPY', ASK_DRAT_MSG.noAnnualReports('SPY')],
    ['an unknown ticker', 'ZZZZQ', ASK_DRAT_MSG.unknownCompany('ZZZZQ')],
  ])('404 with the error flag for %s', async (_label, ticker, reason) => {
    const res = await get(`/stock/sheet-analysis?ticker=${ticker}&years_difference=3`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: true, message: ASK_DRAT_MSG.sheetError, reason });
  });

  it('502 with the error flag when the filings source fails', async () => {
    down = true;
    const res = await get(SHEET);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ error: true, message: ASK_DRAT_MSG.sheetError });
  });
});
