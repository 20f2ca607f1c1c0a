/**
 * A local HTTP server speaking SEC EDGAR's public JSON APIs closely enough to test the adapter:
 * /files/company_tickers.json, /submissions/CIK##########.json, /api/xbrl/companyfacts/CIK##########.json
 * and /Archives/edgar/data/... documents, each set per test; 404 for anything not set (as EDGAR
 * answers an unknown CIK); a record of every request with its headers and arrival time. Plus
 * builders of EDGAR-shaped bodies. Test support only.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EdgarRequest {
  path: string;
  headers: IncomingHttpHeaders;
  at: number;
}

export type EdgarReply = { status?: number; json?: unknown; text?: string; contentType?: string };
export type EdgarRoute = (req: EdgarRequest, nth: number) => EdgarReply;

export interface FakeEdgar {
  /** Both EDGAR_BASE_URL and EDGAR_FILES_URL point here. */
  url: string;
  requests: EdgarRequest[];
  on(path: string, reply: EdgarReply | EdgarRoute): void;
  to(path: string): EdgarRequest[];
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeEdgar(): Promise<FakeEdgar> {
  const routes = new Map<string, EdgarRoute>();
  const requests: EdgarRequest[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const r: EdgarRequest = { path, headers: req.headers, at: Date.now() };
    requests.push(r);
    const route = routes.get(path);
    const reply: EdgarReply = route
      ? route(r, requests.filter((x) => x.path === path).length)
      : { status: 404, text: 'Not Found' };
    const body = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
    res.writeHead(reply.status ?? 200, {
      'Content-Type': reply.contentType ?? (reply.json !== undefined ? 'application/json' : 'text/plain'),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on: (path, reply) => void routes.set(path, typeof reply === 'function' ? reply : () => reply),
    to: (path) => requests.filter((r) => r.path === path),
    reset() {
      routes.clear();
      requests.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/* ---- EDGAR-shaped bodies -------------------------------------------------------------------- */

/** company_tickers.json: {"0":{"cik_str":320193,"ticker":"AAPL","title":"Apple Inc."}, ...} */
export function companyTickers(rows: { cik: number; ticker: string; title: string }[]): Record<string, unknown> {
  return Object.fromEntries(rows.map((r, i) => [String(i), { cik_str: r.cik, ticker: r.ticker, title: r.title }]));
}

export interface FilingFixture {
  form: string;
  filingDate: string;
  reportDate?: string;
  accessionNumber: string;
  primaryDocument: string;
  description?: string;
}

/** submissions/CIK##########.json with filings.recent as parallel arrays (newest first). */
export function submissions(cik: number, name: string, filings: FilingFixture[]): Record<string, unknown> {
  return {
    cik: String(cik),
    entityType: 'operating',
    name,
    tickers: [],
    exchanges: [],
    fiscalYearEnd: '0928',
    filings: {
      recent: {
        accessionNumber: filings.map((f) => f.accessionNumber),
        filingDate: filings.map((f) => f.filingDate),
        reportDate: filings.map((f) => f.reportDate ?? ''),
        acceptanceDateTime: filings.map((f) => `${f.filingDate}T18:01:02.000Z`),
        act: filings.map(() => '34'),
        form: filings.map((f) => f.form),
        fileNumber: filings.map(() => '001-36743'),
        filmNumber: filings.map(() => '241416806'),
        items: filings.map(() => ''),
        size: filings.map(() => 12345),
        isXBRL: filings.map(() => 1),
        isInlineXBRL: filings.map(() => 1),
        primaryDocument: filings.map((f) => f.primaryDocument),
        primaryDocDescription: filings.map((f) => f.description ?? f.form),
      },
      files: [],
    },
  };
}

export interface FactFixture {
  start?: string;
  end: string;
  val: number;
  fy: number;
  fp?: string;
  form?: string;
  filed: string;
  accn: string;
  frame?: string;
}

/** companyfacts/CIK##########.json: facts['us-gaap'][concept].units[unit] = FactFixture[] */
export function companyFacts(
  cik: number,
  entityName: string,
  concepts: Record<string, { unit?: string; facts: FactFixture[] }>,
): Record<string, unknown> {
  const usGaap: Record<string, unknown> = {};
  for (const [concept, { unit = 'USD', facts }] of Object.entries(concepts)) {
    usGaap[concept] = {
      label: concept,
      description: `${concept} (test)`,
      units: { [unit]: facts.map((f) => ({ fp: 'FY', form: '10-K', ...f })) },
    };
  }
  return { cik, entityName, facts: { dei: {}, 'us-gaap': usGaap } };
}

/** A Form 4 ownershipDocument with one reporting owner and some non-derivative transactions. */
export function form4Xml(owner: {
  name: string;
  officerTitle?: string;
  isDirector?: boolean;
  transactions: { date: string; code: string; shares: number; price?: number; acquired: boolean }[];
}): string {
  const tx = owner.transactions
    .map(
      (t) => `
    <nonDerivativeTransaction>
      <securityTitle><value>Common Stock</value></securityTitle>
      <transactionDate><value>${t.date}</value></transactionDate>
      <transactionCoding><transactionFormType>4</transactionFormType><transactionCode>${t.code}</transactionCode><equitySwapInvolved>0</equitySwapInvolved></transactionCoding>
      <transactionAmounts>
        <transactionShares><value>${t.shares}</value></transactionShares>
        <transactionPricePerShare>${t.price === undefined ? '<footnoteId id="F1"/>' : `<value>${t.price}</value>`}</transactionPricePerShare>
        <transactionAcquiredDisposedCode><value>${t.acquired ? 'A' : 'D'}</value></transactionAcquiredDisposedCode>
      </transactionAmounts>
    </nonDerivativeTransaction>`,
    )
    .join('');
  return `<?xml version="1.0"?>
<ownershipDocument>
  <schemaVersion>X0508</schemaVersion>
  <documentType>4</documentType>
  <issuer><issuerCik>0000320193</issuerCik><issuerName>Apple Inc.</issuerName><issuerTradingSymbol>AAPL</issuerTradingSymbol></issuer>
  <reportingOwner>
    <reportingOwnerId><rptOwnerCik>0001214156</rptOwnerCik><rptOwnerName>${owner.name}</rptOwnerName></reportingOwnerId>
    <reportingOwnerRelationship>
      <isDirector>${owner.isDirector ? 1 : 0}</isDirector>
      <isOfficer>${owner.officerTitle ? 1 : 0}</isOfficer>
      ${owner.officerTitle ? `<officerTitle>${owner.officerTitle}</officerTitle>` : ''}
      <isTenPercentOwner>0</isTenPercentOwner>
    </reportingOwnerRelationship>
  </reportingOwner>
  <nonDerivativeTable>${tx}
  </nonDerivativeTable>
</ownershipDocument>`;
}
