import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createFilingsProvider } from './index';
import { createEdgarFilings, EDGAR_TTL, type EdgarFilings } from './edgar';
import { EdgarHttp } from './edgar-http';
import {
  companyFacts,
  companyTickers,
  form4Xml,
  startFakeEdgar,
  submissions,
  type FactFixture,
  type FakeEdgar,
  type FilingFixture,
} from '../../../test/edgar-fake';
import { ProviderError } from '../provider-error';
import { padCik } from './interface';

const UA = 'DRAT tests ops@drat.test';
const AAPL = 320193;
const MSFT = 789019;
const SUBMISSIONS = '/submissions/CIK0000320193.json';
const FACTS = '/api/xbrl/companyfacts/CIK0000320193.json';
const TICKERS = '/files/company_tickers.json';

const FILINGS: FilingFixture[] = [
  {
    form: '4',
    filingDate: '2024-11-05',
    accessionNumber: '0000320193-24-000130',
    primaryDocument: 'xslF345X05/wk-form4_1730849471.xml',
  },
  {
    form: '8-K',
    filingDate: '2024-11-01',
    reportDate: '2024-10-31',
    accessionNumber: '0000320193-24-000120',
    primaryDocument: 'aapl-20241031.htm',
  },
  {
    form: '10-K',
    filingDate: '2024-11-01',
    reportDate: '2024-09-28',
    accessionNumber: '0000320193-24-000123',
    primaryDocument: 'aapl-20240928.htm',
  },
  {
    form: '4',
    filingDate: '2024-10-04',
    accessionNumber: '0001140361-24-042424',
    primaryDocument: 'xslF345X05/form4.xml',
  },
  {
    form: '10-Q',
    filingDate: '2024-08-02',
    reportDate: '2024-06-29',
    accessionNumber: '0000320193-24-000081',
    primaryDocument: 'aapl-20240629.htm',
  },
  {
    form: '10-Q',
    filingDate: '2024-05-03',
    reportDate: '2024-03-30',
    accessionNumber: '0000320193-24-000069',
    primaryDocument: 'aapl-20240330.htm',
  },
  {
    form: '10-Q',
    filingDate: '2024-02-02',
    reportDate: '2023-12-30',
    accessionNumber: '0000320193-24-000006',
    primaryDocument: 'aapl-20231230.htm',
  },
  {
    form: 'DEF 14A',
    filingDate: '2024-01-11',
    accessionNumber: '0001308179-24-000010',
    primaryDocument: 'laapl2024_def14a.htm',
  },
  {
    form: '10-K',
    filingDate: '2023-11-03',
    reportDate: '2023-09-30',
    accessionNumber: '0000320193-23-000106',
    primaryDocument: 'aapl-20230930.htm',
  },
  {
    form: '10-K',
    filingDate: '2022-10-28',
    reportDate: '2022-09-24',
    accessionNumber: '0000320193-22-000108',
    primaryDocument: 'aapl-20220924.htm',
  },
];

/* companyfacts: each 10-K repeats earlier years as comparatives, all tagged with its own fy. */
const PERIOD: Record<number, [string, string]> = {
  2020: ['2019-09-29', '2020-09-26'],
  2021: ['2020-09-27', '2021-09-25'],
  2022: ['2021-09-26', '2022-09-24'],
  2023: ['2022-09-25', '2023-09-30'],
  2024: ['2023-10-01', '2024-09-28'],
};
const K = {
  2024: { accn: '0000320193-24-000123', filed: '2024-11-01', fy: 2024 },
  2023: { accn: '0000320193-23-000106', filed: '2023-11-03', fy: 2023 },
  2022: { accn: '0000320193-22-000108', filed: '2022-10-28', fy: 2022 },
  2021: { accn: '0000320193-21-000105', filed: '2021-10-29', fy: 2021 },
};
type Report = keyof typeof K;
const M = 1e6;
/** Flows over each year reported by a 10-K (the report, then [year, value] pairs). */
const flow = (rows: [Report, [number, number][]][]): FactFixture[] =>
  rows.flatMap(([k, years]) => years.map(([y, val]) => ({ start: PERIOD[y]![0], end: PERIOD[y]![1], val, ...K[k] })));
const stock = (rows: [Report, [number, number][]][]): FactFixture[] =>
  rows.flatMap(([k, years]) => years.map(([y, val]) => ({ end: PERIOD[y]![1], val, ...K[k] })));

const FACTS_JSON = companyFacts(AAPL, 'Apple Inc.', {
  RevenueFromContractWithCustomerExcludingAssessedTax: {
    facts: [
      ...flow([
        [
          2024,
          [
            [2024, 391035 * M],
            [2023, 383285 * M],
            [2022, 394328 * M],
          ],
        ],
        // The 2023 report's own figure, restated in the 2024 report: the later filing wins.
        [
          2023,
          [
            [2023, 383000 * M],
            [2022, 394328 * M],
          ],
        ],
        [2022, [[2022, 394328 * M]]],
      ]),
      // Noise the adapter must skip: a quarter inside a 10-K, and a 10-Q.
      { start: '2024-06-30', end: '2024-09-28', val: 94930 * M, ...K[2024] },
      {
        start: '2023-10-01',
        end: '2024-06-29',
        val: 296105 * M,
        fy: 2024,
        fp: 'Q3',
        form: '10-Q',
        filed: '2024-08-02',
        accn: '0000320193-24-000081',
      },
    ],
  },
  // The older concept, used before 2022: the fallback fills FY2021.
  SalesRevenueNet: {
    facts: flow([
      [
        2021,
        [
          [2021, 365817 * M],
          [2020, 274515 * M],
        ],
      ],
    ]),
  },
  CostOfGoodsAndServicesSold: { facts: flow([[2021, [[2021, 212981 * M]]]]) },
  GrossProfit: {
    facts: flow([
      [
        2024,
        [
          [2024, 180683 * M],
          [2023, 169148 * M],
          [2022, 170782 * M],
        ],
      ],
    ]),
  },
  OperatingIncomeLoss: {
    facts: flow([
      [
        2024,
        [
          [2024, 123216 * M],
          [2023, 114301 * M],
          [2022, 119437 * M],
        ],
      ],
      [2021, [[2021, 108949 * M]]],
    ]),
  },
  NetIncomeLoss: {
    facts: flow([
      [
        2024,
        [
          [2024, 93736 * M],
          [2023, 96995 * M],
          [2022, 99803 * M],
        ],
      ],
      [2021, [[2021, 94680 * M]]],
    ]),
  },
  EarningsPerShareDiluted: {
    unit: 'USD/shares',
    facts: flow([
      [
        2024,
        [
          [2024, 6.08],
          [2023, 6.13],
          [2022, 6.11],
        ],
      ],
      [2021, [[2021, 5.61]]],
    ]),
  },
  Assets: {
    facts: stock([
      [
        2024,
        [
          [2024, 364980 * M],
          [2023, 352583 * M],
        ],
      ],
      [2023, [[2022, 352755 * M]]],
      [2021, [[2021, 351002 * M]]],
    ]),
  },
  Liabilities: {
    facts: stock([
      [
        2024,
        [
          [2024, 308030 * M],
          [2023, 290437 * M],
        ],
      ],
      [2023, [[2022, 302083 * M]]],
      [2021, [[2021, 287912 * M]]],
    ]),
  },
  StockholdersEquity: {
    facts: stock([
      [
        2024,
        [
          [2024, 56950 * M],
          [2023, 62146 * M],
        ],
      ],
      [2023, [[2022, 50672 * M]]],
      [2021, [[2021, 63090 * M]]],
    ]),
  },
  NetCashProvidedByUsedInOperatingActivities: {
    facts: flow([
      [
        2024,
        [
          [2024, 118254 * M],
          [2023, 110543 * M],
          [2022, 122151 * M],
        ],
      ],
      [2021, [[2021, 104038 * M]]],
    ]),
  },
  PaymentsToAcquirePropertyPlantAndEquipment: {
    facts: flow([
      [
        2024,
        [
          [2024, 9447 * M],
          [2023, 10959 * M],
          [2022, 10708 * M],
        ],
      ],
      [2021, [[2021, 11085 * M]]],
    ]),
  },
});

let edgar: FakeEdgar;
let provider: EdgarFilings;
let cacheNow = Date.parse('2026-01-05T12:00:00Z');

function serveApple(): void {
  edgar.on(TICKERS, {
    json: companyTickers([
      { cik: AAPL, ticker: 'AAPL', title: 'Apple Inc.' },
      { cik: MSFT, ticker: 'MSFT', title: 'MICROSOFT CORP' },
      { cik: 1067983, ticker: 'BRK-B', title: 'BERKSHIRE HATHAWAY INC' },
    ]),
  });
  edgar.on(SUBMISSIONS, { json: submissions(AAPL, 'Apple Inc.', FILINGS) });
  edgar.on(FACTS, { json: FACTS_JSON });
}

const fresh = (over: Partial<Parameters<typeof createEdgarFilings>[0]> = {}) =>
  createEdgarFilings({
    userAgent: UA,
    baseUrl: edgar.url,
    filesUrl: edgar.url,
    backoffMs: 5,
    cacheClock: () => cacheNow,
    ...over,
  });

beforeAll(async () => {
  edgar = await startFakeEdgar();
});
afterAll(async () => {
  await edgar?.close();
});
beforeEach(() => {
  edgar.reset();
  serveApple();
  provider = fresh();
});

describe('EDGAR adapter: filings from the submissions JSON', () => {
  it('maps the ticker to its CIK padded to 10 digits, sends the User-Agent on every request, and builds archive links', async () => {
    const list = await provider.filings('aapl', { limit: 3 });
    expect(edgar.requests.map((r) => r.path)).toEqual([TICKERS, SUBMISSIONS]);
    for (const r of edgar.requests) expect(r.headers['user-agent']).toBe(UA);
    expect(list).toEqual([
      expect.objectContaining({ form: '4', filedAt: '2024-11-05', accessionNumber: '0000320193-24-000130' }),
      expect.objectContaining({ form: '8-K', filedAt: '2024-11-01', reportDate: '2024-10-31' }),
      {
        form: '10-K',
        filedAt: '2024-11-01',
        reportDate: '2024-09-28',
        accessionNumber: '0000320193-24-000123',
        primaryDocument: 'aapl-20240928.htm',
        description: '10-K',
        url: `${edgar.url}/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm`,
      },
    ]);
    expect(await provider.cik('AAPL')).toBe('0000320193');
  });

  it.each([
    [320193, '0000320193'],
    ['320193', '0000320193'],
    ['CIK0000320193', '0000320193'],
    [1067983, '0001067983'],
    [0, '0000000000'],
  ])('pads CIK %s as %s', (input, padded) => {
    expect(padCik(input)).toBe(padded);
  });

  it('keeps only the forms asked for, newest first, at most `limit` of them', async () => {
    const tenK = await provider.filings('AAPL', { forms: ['10-K'], limit: 10 });
    expect(tenK!.map((f) => f.filedAt)).toEqual(['2024-11-01', '2023-11-03', '2022-10-28']);
    const tenQ = await provider.filings('AAPL', { forms: ['10-Q'], limit: 2 });
    expect(tenQ!.map((f) => f.reportDate)).toEqual(['2024-06-29', '2024-03-30']);
    expect(await provider.filings('AAPL', { forms: ['DEF 14A'], limit: 5 })).toHaveLength(1);
    expect(await provider.filings('AAPL', { forms: ['S-1'], limit: 5 })).toEqual([]);
    expect(await provider.filings('AAPL', { limit: 10 })).toHaveLength(10);
  });

  it('answers from its cache: the second call makes no request, another ticker reuses the ticker map', async () => {
    await provider.filings('AAPL', { forms: ['10-K'], limit: 1 });
    const before = edgar.requests.length;
    await provider.filings('AAPL', { forms: ['10-Q'], limit: 5 });
    await provider.filings('AAPL', { limit: 10 });
    expect(edgar.requests.length).toBe(before);
    await provider.filings('MSFT', { limit: 1 });
    expect(edgar.to(TICKERS)).toHaveLength(1);
  });

  it('reads submissions again after an hour and the ticker map after a day', async () => {
    await provider.filings('AAPL', { limit: 1 });
    cacheNow += EDGAR_TTL.submissions + 1;
    await provider.filings('AAPL', { limit: 1 });
    expect(edgar.to(SUBMISSIONS)).toHaveLength(2);
    expect(edgar.to(TICKERS)).toHaveLength(1);
    cacheNow += EDGAR_TTL.tickers;
    await provider.filings('AAPL', { limit: 1 });
    expect(edgar.to(TICKERS)).toHaveLength(2);
  });

  it('answers null for a ticker EDGAR does not list (no submissions request) and for a CIK EDGAR answers 404', async () => {
    expect(await provider.filings('ZZZZ', { limit: 5 })).toBeNull();
    expect(edgar.requests.some((r) => r.path.startsWith('/submissions/'))).toBe(false);
    // MSFT is in the ticker map, but this EDGAR has no submissions for its CIK.
    expect(await provider.filings('MSFT', { limit: 5 })).toBeNull();
    expect(edgar.to('/submissions/CIK0000789019.json')).toHaveLength(1);
    expect(await provider.insiderTransactions('MSFT', 5)).toBeNull();
  });

  it('matches class tickers whatever the separator (BRK.B, BRK/B and BRK-B)', async () => {
    for (const t of ['BRK.B', 'brk/b', 'BRK-B']) expect(await provider.cik(t)).toBe('0001067983');
  });

  it('throws ProviderError on failures: a 500 is retried first, a 403 (User-Agent refused) is not', async () => {
    edgar.on(SUBMISSIONS, { status: 500, text: 'boom' });
    await expect(provider.filings('AAPL', { limit: 1 })).rejects.toMatchObject({
      name: 'ProviderError',
      provider: 'edgar',
      code: 'UPSTREAM',
      status: 500,
    });
    expect(edgar.to(SUBMISSIONS)).toHaveLength(3);
    // A failure is not cached: the next call asks again, and succeeds.
    edgar.on(SUBMISSIONS, (_r, nth) =>
      nth === 4
        ? { status: 403, text: 'Request Rate Threshold Exceeded' }
        : { json: submissions(AAPL, 'Apple Inc.', FILINGS) },
    );
    const err = await provider.filings('AAPL', { limit: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ code: 'FORBIDDEN', status: 403, retryable: false });
    expect(edgar.to(SUBMISSIONS)).toHaveLength(4);
    expect(await provider.filings('AAPL', { limit: 1 })).toHaveLength(1);
  });

  it('rejects an answer that is not EDGAR-shaped as BAD_RESPONSE', async () => {
    edgar.on(SUBMISSIONS, { json: { cik: '320193', name: 'Apple Inc.', filings: {} } });
    await expect(provider.filings('AAPL', { limit: 1 })).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });
});

describe('EDGAR adapter: 10-K figures from companyfacts', () => {
  it('names fiscal years by their own 10-K, prefers restated values and skips quarters and 10-Qs', async () => {
    const facts = await provider.annualFacts('AAPL', 3);
    expect(facts).toMatchObject({ ticker: 'AAPL', cik: '0000320193', entityName: 'Apple Inc.' });
    expect(facts!.years.map((y) => [y.fiscalYear, y.periodEnd, y.filed])).toEqual([
      [2022, '2022-09-24', '2022-10-28'],
      [2023, '2023-09-30', '2023-11-03'],
      [2024, '2024-09-28', '2024-11-01'],
    ]);
    expect(facts!.years[2]).toEqual({
      fiscalYear: 2024,
      periodEnd: '2024-09-28',
      filed: '2024-11-01',
      revenue: 391035 * M,
      grossProfit: 180683 * M,
      operatingIncome: 123216 * M,
      netIncome: 93736 * M,
      epsDiluted: 6.08,
      totalAssets: 364980 * M,
      totalLiabilities: 308030 * M,
      shareholdersEquity: 56950 * M,
      operatingCashFlow: 118254 * M,
      capitalExpenditures: 9447 * M,
    });
    expect(facts!.years[1]!.revenue).toBe(383285 * M);
  });

  it('falls back to older concepts (SalesRevenueNet) and derives gross profit from cost of revenue', async () => {
    const facts = await provider.annualFacts('AAPL', 6);
    expect(facts!.years.map((y) => y.fiscalYear)).toEqual([2021, 2022, 2023, 2024]);
    expect(facts!.years[0]).toMatchObject({
      fiscalYear: 2021,
      revenue: 365817 * M,
      grossProfit: (365817 - 212981) * M,
      epsDiluted: 5.61,
    });
  });

  it('reads companyfacts once a day, and answers null when EDGAR has none (404) or the ticker is unknown', async () => {
    await provider.annualFacts('AAPL', 2);
    await provider.annualFacts('AAPL', 5);
    expect(edgar.to(FACTS)).toHaveLength(1);
    expect(await provider.annualFacts('MSFT', 2)).toBeNull();
    expect(await provider.annualFacts('NOPE', 2)).toBeNull();
  });
});

describe('EDGAR adapter: Form 4 insider transactions', () => {
  it('reads the raw XML of the latest Form 4s and sums each code, with a share-weighted price', async () => {
    edgar.on('/Archives/edgar/data/320193/000032019324000130/wk-form4_1730849471.xml', {
      contentType: 'text/xml',
      text: form4Xml({
        name: 'COOK TIMOTHY D',
        officerTitle: 'Chief Executive Officer',
        isDirector: true,
        transactions: [
          { date: '2024-11-01', code: 'S', shares: 100, price: 220, acquired: false },
          { date: '2024-11-01', code: 'S', shares: 300, price: 224, acquired: false },
          { date: '2024-11-01', code: 'M', shares: 50, acquired: true },
        ],
      }),
    });
    edgar.on('/Archives/edgar/data/320193/000114036124042424/form4.xml', {
      contentType: 'text/xml',
      text: form4Xml({
        name: 'LEVINSON ARTHUR D',
        isDirector: true,
        transactions: [{ date: '2024-10-02', code: 'P', shares: 1000, price: 226.5, acquired: true }],
      }),
    });
    const trades = await provider.insiderTransactions('AAPL', 10);
    expect(trades).toEqual([
      {
        id: '0000320193-24-000130-1',
        ownerName: 'COOK TIMOTHY D',
        position: 'Chief Executive Officer',
        filedAt: '2024-11-05',
        transactionDate: '2024-11-01',
        code: 'S',
        shares: 400,
        pricePerShare: 223,
        acquired: false,
        url: `${edgar.url}/Archives/edgar/data/320193/000032019324000130/xslF345X05/wk-form4_1730849471.xml`,
      },
      expect.objectContaining({
        id: '0000320193-24-000130-2',
        code: 'M',
        shares: 50,
        pricePerShare: null,
        acquired: true,
      }),
      expect.objectContaining({
        ownerName: 'LEVINSON ARTHUR D',
        position: 'Director',
        code: 'P',
        shares: 1000,
        pricePerShare: 226.5,
      }),
    ]);
    expect(await provider.insiderTransactions('AAPL', 1)).toHaveLength(1);
    expect(edgar.requests.filter((r) => r.path.startsWith('/Archives/'))).toHaveLength(2);
    expect(await provider.institutionalHolders('AAPL')).toEqual([]);
  });
});

describe('EDGAR adapter: fair access', () => {
  it('starts at most 10 requests in any second', async () => {
    edgar.on('/ping', { json: { ok: true } });
    // Start times as the adapter sends them (the server's arrival times also carry connection set-up).
    const starts: number[] = [];
    const timed: typeof fetch = (input, init) => {
      starts.push(performance.now());
      return fetch(input, init);
    };
    const http = new EdgarHttp({ userAgent: UA, fetch: timed });
    await Promise.all(Array.from({ length: 25 }, () => http.json(`${edgar.url}/ping`)));
    expect(starts).toHaveLength(25);
    for (let i = 0; i + 10 < starts.length; i++) expect(starts[i + 10]! - starts[i]!).toBeGreaterThanOrEqual(995);
    expect(starts[24]! - starts[0]!).toBeGreaterThanOrEqual(1995);
    // The first ten go out at once.
    expect(starts[9]! - starts[0]!).toBeLessThan(500);
    expect(edgar.to('/ping')).toHaveLength(25);
    expect(http.sent).toBe(25);
  });

  it('needs a User-Agent', () => {
    expect(() => createEdgarFilings({ userAgent: '  ' })).toThrow(/User-Agent/);
  });
});

describe('configuration', () => {
  it('defaults to the simulated filings and needs SEC_USER_AGENT for EDGAR', () => {
    expect(loadConfig({}).filings).toEqual({ provider: 'sim', edgar: undefined });
    expect(() => loadConfig({ FILINGS: 'edgar' })).toThrow(/SEC_USER_AGENT/);
    expect(() => loadConfig({ FILINGS: 'sec' })).toThrow(/FILINGS/);
    const c = loadConfig({
      FILINGS: 'edgar',
      SEC_USER_AGENT: UA,
      EDGAR_BASE_URL: 'http://127.0.0.1:9/api',
      EDGAR_FILES_URL: 'http://127.0.0.1:9/files',
    });
    expect(c.filings).toEqual({
      provider: 'edgar',
      edgar: { userAgent: UA, baseUrl: 'http://127.0.0.1:9/api', filesUrl: 'http://127.0.0.1:9/files' },
    });
    expect(loadConfig({ FILINGS: 'edgar', SEC_USER_AGENT: UA }).filings.edgar).toMatchObject({
      baseUrl: 'https://data.sec.gov',
      filesUrl: 'https://www.sec.gov',
    });
    expect(createFilingsProvider(c.filings, { now: () => new Date() }).name).toBe('edgar');
    expect(createFilingsProvider(loadConfig({}).filings, { now: () => new Date() }).name).toBe('sim');
  });
});
