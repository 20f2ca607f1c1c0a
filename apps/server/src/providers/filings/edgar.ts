/**
 * FILINGS=edgar: SEC EDGAR's public JSON APIs.
 *   - www.sec.gov/files/company_tickers.json: ticker → CIK ({"0":{"cik_str":320193,"ticker":"AAPL","title":"Apple Inc."}})
 *   - data.sec.gov/submissions/CIK##########.json: filings.recent holds parallel arrays
 *     (accessionNumber, filingDate, reportDate, form, primaryDocument, primaryDocDescription …)
 *   - data.sec.gov/api/xbrl/companyfacts/CIK##########.json: us-gaap facts (see edgar-facts.ts)
 *   - www.sec.gov/Archives/edgar/data/<cik>/<accession>/<document>: Form 4 XML
 * SEC's fair-access rules are kept: a User-Agent naming the operator (SEC_USER_AGENT) and at most
 * 10 requests per second per process. Answers are cached in memory: the ticker map and the
 * companyfacts for 24 h, submissions for 1 h, Form 4 documents (immutable) for 24 h.
 */
import { z } from 'zod';
import { annualFiguresFromFacts, companyFactsSchema } from './edgar-facts';
import { parseForm4, rawForm4Document } from './edgar-form4';
import { ProviderError } from '../provider-error';
import { EdgarHttp, TtlCache } from './edgar-http';
import {
  archiveUrl,
  padCik,
  type AnnualFacts,
  type AnnualFigures,
  type Filing,
  type FilingsProvider,
  type FilingsQuery,
  type InsiderTransaction,
} from './interface';

const HOUR = 3_600_000;
export const EDGAR_TTL = { tickers: 24 * HOUR, submissions: HOUR, facts: 24 * HOUR, documents: 24 * HOUR };
/** Form 4 documents read per insider look-up (each is one request). */
const FORM4_DOCUMENTS = 8;
/** Fiscal years kept per company from companyfacts (the sheet asks for at most 6). */
const FACT_YEARS = 10;

export interface EdgarOptions {
  userAgent: string;
  /** https://data.sec.gov (tests: a local server). */
  baseUrl?: string;
  /** https://www.sec.gov: the ticker file and the archives. */
  filesUrl?: string;
  requestsPerSecond?: number;
  timeoutMs?: number;
  attempts?: number;
  backoffMs?: number;
  fetch?: typeof fetch;
  /** The cache's clock (epoch ms; tests move it to expire entries). */
  cacheClock?: () => number;
}

const tickersSchema = z.record(
  z.string(),
  z.object({ cik_str: z.union([z.number(), z.string()]), ticker: z.string(), title: z.string() }),
);

const strings = z.array(z.string().nullable()).default([]);
const submissionsSchema = z.object({
  cik: z.union([z.number(), z.string()]),
  name: z.string(),
  filings: z.object({
    recent: z.object({
      accessionNumber: z.array(z.string()),
      filingDate: z.array(z.string()),
      reportDate: strings,
      form: z.array(z.string()),
      primaryDocument: strings,
      primaryDocDescription: strings,
    }),
  }),
});

interface Company {
  cik: string;
  name: string;
}

/** BRK.B, BRK/B and BRK-B are one ticker (EDGAR writes BRK-B). */
function tickerKey(ticker: string): string {
  return ticker.trim().toUpperCase().replace(/[./]/g, '-');
}

function parse<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new ProviderError(
      'edgar',
      'BAD_RESPONSE',
      `EDGAR ${what}: unexpected shape (${parsed.error.issues[0]?.message ?? 'invalid'})`,
    );
  return parsed.data;
}

export interface EdgarFilings extends FilingsProvider {
  readonly name: 'edgar';
  readonly http: EdgarHttp;
  readonly cache: TtlCache;
}

export function createEdgarFilings(options: EdgarOptions): EdgarFilings {
  const base = (options.baseUrl ?? 'https://data.sec.gov').replace(/\/+$/, '');
  const files = (options.filesUrl ?? 'https://www.sec.gov').replace(/\/+$/, '');
  const http = new EdgarHttp(options);
  const cache = new TtlCache(options.cacheClock);

  const tickerMap = () =>
    cache.get('tickers', EDGAR_TTL.tickers, async () => {
      const json = await http.json(`${files}/files/company_tickers.json`);
      if (json === null)
        throw new ProviderError('edgar', 'UPSTREAM', 'EDGAR: company_tickers.json is missing (404)', {
          status: 404,
          path: '/files/company_tickers.json',
        });
      const map = new Map<string, Company>();
      for (const row of Object.values(parse(tickersSchema, json, 'company_tickers.json'))) {
        const key = tickerKey(row.ticker);
        if (!map.has(key)) map.set(key, { cik: padCik(row.cik_str), name: row.title });
      }
      return map;
    });

  async function companyOf(ticker: string): Promise<Company | null> {
    return (await tickerMap()).get(tickerKey(ticker)) ?? null;
  }

  /** The company's recent filings, newest first; null when EDGAR has no such CIK (404). */
  const submissions = (cik: string) =>
    cache.get(`submissions:${cik}`, EDGAR_TTL.submissions, async (): Promise<Filing[] | null> => {
      const json = await http.json(`${base}/submissions/CIK${cik}.json`);
      if (json === null) return null;
      const recent = parse(submissionsSchema, json, `submissions of CIK${cik}`).filings.recent;
      const out: Filing[] = recent.accessionNumber.map((accessionNumber, i) => {
        const document = recent.primaryDocument[i] ?? '';
        return {
          form: recent.form[i] ?? '',
          filedAt: recent.filingDate[i] ?? '',
          reportDate: recent.reportDate[i] || null,
          accessionNumber,
          primaryDocument: document,
          description: recent.primaryDocDescription[i] ?? '',
          url: document
            ? archiveUrl(files, cik, accessionNumber, document)
            : `${files}/Archives/edgar/data/${Number(cik)}/${accessionNumber.replace(/-/g, '')}/`,
        };
      });
      // EDGAR lists newest first already; keep that order for equal dates (stable sort).
      return out.sort((a, b) => (a.filedAt < b.filedAt ? 1 : a.filedAt > b.filedAt ? -1 : 0));
    });

  const facts = (cik: string) =>
    cache.get(`facts:${cik}`, EDGAR_TTL.facts, async (): Promise<{ name: string; years: AnnualFigures[] } | null> => {
      const json = await http.json(`${base}/api/xbrl/companyfacts/CIK${cik}.json`);
      if (json === null) return null;
      const parsed = parse(companyFactsSchema, json, `companyfacts of CIK${cik}`);
      return { name: parsed.entityName, years: annualFiguresFromFacts(parsed, FACT_YEARS) };
    });

  const form4 = (cik: string, f: Filing) =>
    cache.get(`form4:${f.accessionNumber}`, EDGAR_TTL.documents, async (): Promise<InsiderTransaction[]> => {
      const xml = await http.text(archiveUrl(files, cik, f.accessionNumber, rawForm4Document(f.primaryDocument)));
      return xml === null
        ? []
        : parseForm4(xml, { accessionNumber: f.accessionNumber, filedAt: f.filedAt, url: f.url });
    });

  return {
    name: 'edgar',
    http,
    cache,

    async filings(ticker: string, query: FilingsQuery): Promise<Filing[] | null> {
      const company = await companyOf(ticker);
      if (!company) return null;
      const all = await submissions(company.cik);
      if (!all) return null;
      const forms = query.forms ? new Set(query.forms) : null;
      return all.filter((f) => !forms || forms.has(f.form.toUpperCase())).slice(0, query.limit);
    },

    async annualFacts(ticker: string, years: number): Promise<AnnualFacts | null> {
      const company = await companyOf(ticker);
      if (!company) return null;
      const found = await facts(company.cik);
      if (!found || found.years.length === 0) return null;
      return {
        ticker: ticker.trim().toUpperCase(),
        cik: company.cik,
        entityName: found.name,
        years: found.years.slice(-years),
      };
    },

    async insiderTransactions(ticker: string, limit: number): Promise<InsiderTransaction[] | null> {
      const company = await companyOf(ticker);
      if (!company) return null;
      const all = await submissions(company.cik);
      if (!all) return null;
      const forms = all.filter((f) => f.form === '4' && f.primaryDocument).slice(0, FORM4_DOCUMENTS);
      const read = await Promise.all(forms.map((f) => form4(company.cik, f)));
      return read.flat().slice(0, limit);
    },

    /** EDGAR's 13F data is per institution, not per company: no holder list from this source. */
    async institutionalHolders() {
      return [];
    },

    async cik(ticker: string) {
      return (await companyOf(ticker))?.cik ?? null;
    },

    async health() {
      try {
        await tickerMap();
        return true;
      } catch {
        return false;
      }
    },
  };
}
