/**
 * What DRAT reads about companies' SEC filings. `sim` (default) generates them offline for the
 * simulated universe; `edgar` reads SEC EDGAR's JSON APIs (data.sec.gov). Tickers are upper-case.
 * Methods answer null for a ticker the provider does not know, and throw a ProviderError
 * (providers/provider-error.ts) when the source fails.
 */

/** One filing, as listed by EDGAR's submissions JSON. */
export interface Filing {
  /** EDGAR form name: 10-K, 10-Q, 8-K, 4, DEF 14A, ... */
  form: string;
  /** YYYY-MM-DD */
  filedAt: string;
  /** Period of the report (YYYY-MM-DD) when the form has one. */
  reportDate: string | null;
  /** 0000320193-24-000123 */
  accessionNumber: string;
  primaryDocument: string;
  description: string;
  /** https://www.sec.gov/Archives/edgar/data/<cik>/<accession without dashes>/<primary document> */
  url: string;
}

export interface FilingsQuery {
  /** Only these forms (exact EDGAR names, upper-case); every form when left out. */
  forms?: readonly string[];
  /** At most this many, newest first. */
  limit: number;
}

/** One fiscal year's figures from the company's 10-K (USD; EPS in USD per share). Unknown values are null. */
export interface AnnualFigures {
  fiscalYear: number;
  /** Last day of the fiscal year, YYYY-MM-DD. */
  periodEnd: string;
  /** Filing date of the 10-K the figures were last reported in. */
  filed: string;
  revenue: number | null;
  grossProfit: number | null;
  operatingIncome: number | null;
  netIncome: number | null;
  epsDiluted: number | null;
  totalAssets: number | null;
  totalLiabilities: number | null;
  shareholdersEquity: number | null;
  operatingCashFlow: number | null;
  /** Payments for property, plant and equipment (a positive number). */
  capitalExpenditures: number | null;
}

export interface AnnualFacts {
  ticker: string;
  /** 10 digits. */
  cik: string;
  entityName: string;
  /** Oldest first. */
  years: AnnualFigures[];
}

export type InsiderCode = 'P' | 'S' | 'M' | 'A' | 'F' | 'G' | 'OTHER';

/** One non-derivative transaction reported on a Form 4. */
export interface InsiderTransaction {
  /** Unique: the accession number, and the transaction's place on the form. */
  id: string;
  ownerName: string;
  /** e.g. Chief Executive Officer, Director, 10% Owner */
  position: string;
  /** Form 4 filing date, YYYY-MM-DD. */
  filedAt: string;
  transactionDate: string;
  code: InsiderCode;
  shares: number;
  /** Reported price per share; null when the form gives none (then the day's close is used). */
  pricePerShare: number | null;
  /** Acquired (true) or disposed of (false). */
  acquired: boolean;
  /** The Form 4 on EDGAR. */
  url: string;
}

export interface InstitutionalHolder {
  name: string;
  shares: number;
}

export interface FilingsProvider {
  readonly name: 'sim' | 'edgar';
  /** The company's filings, newest first; null for an unknown ticker. */
  filings(ticker: string, query: FilingsQuery): Promise<Filing[] | null>;
  /** The last `years` fiscal years of 10-K figures, oldest first; null when there are none. */
  annualFacts(ticker: string, years: number): Promise<AnnualFacts | null>;
  /** Transactions of the latest Form 4 filings, newest first; null for an unknown ticker. */
  insiderTransactions(ticker: string, limit: number): Promise<InsiderTransaction[] | null>;
  /** Largest institutional holders (empty when the source has no per-company view of 13F holdings). */
  institutionalHolders(ticker: string): Promise<InstitutionalHolder[]>;
  /** The 10-digit CIK of a ticker, or null. */
  cik(ticker: string): Promise<string | null>;
  health(): Promise<boolean>;
}

/** 320193 → 0000320193 */
export function padCik(cik: number | string): string {
  return String(cik)
    .replace(/^CIK/i, '')
    .replace(/^0+(?=\d)/, '')
    .padStart(10, '0');
}

/** https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm */
export function archiveUrl(filesUrl: string, cik: string, accessionNumber: string, document: string): string {
  return `${filesUrl.replace(/\/+$/, '')}/Archives/edgar/data/${Number(cik)}/${accessionNumber.replace(/-/g, '')}/${document}`;
}
