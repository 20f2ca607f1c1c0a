/**
 * FILINGS=sim (the default): SEC filings, 10-K figures, Form 4 trades and institutional holders
 * generated for the simulated market's universe (see sim-filings.ts and sim-fundamentals.ts).
 * Deterministic: the same ticker and the same day give the same answer on every node.
 */
import { DAY_MS, isoDate } from '../market/sim/calendar';
import { findTicker } from '../market/sim/universe';
import type { AnnualFacts, Filing, FilingsProvider, FilingsQuery, InsiderTransaction } from './interface';
import { generateFilings, simFiler, type SimFiler, type SimFiling } from './sim-filings';
import { simAnnualFigures, simInsider, simInstitutionalHolders } from './sim-fundamentals';

export interface SimFilingsOptions {
  /** Today, for which filings exist (the simulated market's clock, so filings and prices agree). */
  now: () => Date;
}

const ACQUIRED = new Set(['P', 'M', 'A']);

export function createSimFilings({ now }: SimFilingsOptions): FilingsProvider {
  const filers = new Map<string, SimFiler | null>();
  const generated = new Map<string, SimFiling[]>();

  function filerOf(ticker: string): SimFiler | null {
    const symbol = ticker.trim().toUpperCase();
    let filer = filers.get(symbol);
    if (filer === undefined) {
      const t = findTicker(symbol);
      filer = t ? simFiler(t) : null;
      filers.set(symbol, filer);
    }
    return filer;
  }

  /** The filer's filings up to today, newest first. */
  function filedSoFar(filer: SimFiler): SimFiling[] {
    const today = Math.floor(now().getTime() / DAY_MS);
    const lastFiscalYear = new Date(now()).getUTCFullYear() + 1;
    const key = `${filer.ticker.symbol}:${lastFiscalYear}`;
    let all = generated.get(key);
    if (!all) {
      all = generateFilings(filer, lastFiscalYear);
      generated.set(key, all);
    }
    const firstPast = all.findIndex((f) => f.day <= today);
    return firstPast < 0 ? [] : all.slice(firstPast);
  }

  const plain = ({
    form,
    filedAt,
    reportDate,
    accessionNumber,
    primaryDocument,
    description,
    url,
  }: SimFiling): Filing => ({
    form,
    filedAt,
    reportDate,
    accessionNumber,
    primaryDocument,
    description,
    url,
  });

  return {
    name: 'sim',

    async filings(ticker: string, query: FilingsQuery): Promise<Filing[] | null> {
      const filer = filerOf(ticker);
      if (!filer) return null;
      const forms = query.forms ? new Set(query.forms) : null;
      const out: Filing[] = [];
      for (const f of filedSoFar(filer)) {
        if (out.length >= query.limit) break;
        if (!forms || forms.has(f.form)) out.push(plain(f));
      }
      return out;
    },

    async annualFacts(ticker: string, years: number): Promise<AnnualFacts | null> {
      const filer = filerOf(ticker);
      if (!filer || filer.kind !== 'domestic') return null;
      const reports = filedSoFar(filer)
        .filter((f) => f.form === '10-K' && f.fiscalYear !== null)
        .slice(0, years);
      if (reports.length === 0) return null;
      const byYear = new Map(reports.map((f) => [f.fiscalYear!, f]));
      const fiscalYears = [...byYear.keys()];
      const first = Math.min(...fiscalYears);
      const last = Math.max(...fiscalYears);
      return {
        ticker: filer.ticker.symbol,
        cik: filer.cik,
        entityName: filer.ticker.company.name,
        years: simAnnualFigures(
          filer,
          first,
          last,
          (fy) => byYear.get(fy)!.filedAt,
          (fy) => byYear.get(fy)!.reportDate!,
        ),
      };
    },

    async insiderTransactions(ticker: string, limit: number): Promise<InsiderTransaction[] | null> {
      const filer = filerOf(ticker);
      if (!filer) return null;
      const outstanding = filer.ticker.company.shares_outstanding;
      const out: InsiderTransaction[] = [];
      for (const f of filedSoFar(filer)) {
        if (out.length >= limit) break;
        if (!f.form4) continue;
        const who = simInsider(filer, f.form4.insider);
        const raw = f.form4.size * outstanding;
        out.push({
          id: `${f.accessionNumber}-1`,
          ownerName: who.name,
          position: who.position,
          filedAt: f.filedAt,
          transactionDate: isoDate(f.form4.transactionDay),
          code: f.form4.code,
          shares: Math.max(1, raw >= 1000 ? Math.round(raw / 10) * 10 : Math.round(raw)),
          pricePerShare: null,
          acquired: ACQUIRED.has(f.form4.code),
          url: f.url,
        });
      }
      return out;
    },

    async institutionalHolders(ticker: string) {
      const filer = filerOf(ticker);
      return filer ? simInstitutionalHolders(filer) : [];
    },

    async cik(ticker: string) {
      return filerOf(ticker)?.cik ?? null;
    },

    async health() {
      return true;
    },
  };
}
