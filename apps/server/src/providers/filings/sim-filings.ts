/**
 * The simulated universe's SEC filings: a pure function of the ticker. Every company gets a fixed
 * fiscal calendar and, from fiscal year 2012 on, the filings a company of its kind makes:
 * domestic companies 10-K, 10-Q, 8-K (earnings and events), Form 4, DEF 14A, S-8 and institutions'
 * SC 13G/A; foreign issuers (ADRs) 20-F and 6-K; funds N-CSR, N-CSRS, NPORT-P, 497K and 485BPOS.
 * Dates fall on business days at the usual delays after period ends; accession numbers and links
 * have EDGAR's shape. Callers keep those filed on or before their "today".
 */
import { dateParts, dayNumber, isoDate, isTradingDay, nextTradingDay } from '../market/sim/calendar';
import { hash3, hashString, unit } from '../market/sim/rng';
import type { SimTicker } from '../market/sim/universe';
import { archiveUrl, padCik, type Filing, type InsiderCode } from './interface';

export const SIM_FILES_URL = 'https://www.sec.gov';
/** The first fiscal year with filings: fixed, so accession numbers never depend on today. */
const FIRST_FISCAL_YEAR = 2012;

export type FilerKind = 'domestic' | 'foreign' | 'fund';

export interface SimFiler {
  ticker: SimTicker;
  cik: string;
  kind: FilerKind;
  /** Month (1-12) whose last day ends the fiscal year; fiscal year N ends in calendar year N. */
  fiscalYearEndMonth: number;
  key: number;
}

/** A Form 4's transaction, decided with the filing. */
export interface SimForm4 {
  insider: number;
  code: InsiderCode;
  /** Shares as a fraction of shares outstanding. */
  size: number;
  transactionDay: number;
}

export interface SimFiling extends Filing {
  day: number;
  /** Fiscal year of the period the filing reports on (10-K, 10-Q, 20-F ...). */
  fiscalYear: number | null;
  form4?: SimForm4;
}

const DOMESTIC_FY_END = [12, 12, 12, 12, 12, 12, 12, 9, 6, 3, 1, 12];
/** Institutions filing SC 13G/A on large holdings: their EDGAR filer ids. */
const SCHEDULE_13G_FILERS = ['0000102909', '0001364742'];

/** Stream ids of the hash: one per decision. */
const S = { cik: 1, fy: 2, delay: 3, event: 4, form4: 5, form4Size: 6, form4Code: 7, form4Who: 8, s8: 9, seq: 10 };

export function simFiler(ticker: SimTicker): SimFiler {
  const key = hashString(`filings:${ticker.symbol}`);
  const kind: FilerKind =
    ticker.company.type === 'etf' ? 'fund' : /\(ADR\)/.test(ticker.company.description) ? 'foreign' : 'domestic';
  const cik = padCik(1_000_000 + (hash3(key, S.cik, 0) % 1_900_000));
  const pick = unit(hash3(key, S.fy, 0));
  const fiscalYearEndMonth =
    kind === 'foreign'
      ? pick < 0.5
        ? 12
        : 3
      : kind === 'fund'
        ? [12, 10, 8, 6, 3][Math.floor(pick * 5)]!
        : DOMESTIC_FY_END[Math.floor(pick * DOMESTIC_FY_END.length)]!;
  return { ticker, cik, kind, fiscalYearEndMonth, key };
}

/** Last day of month `month` (1-12, may run past 12 or below 1) of `year`. */
function monthEnd(year: number, month: number): number {
  return dayNumber(year, month + 1, 1) - 1;
}

/** The first business day on or after `day`. */
function businessDay(day: number): number {
  return isTradingDay(day) ? day : nextTradingDay(day);
}

/** Last day of fiscal year `fy`. */
export function fiscalYearEnd(filer: SimFiler, fy: number): number {
  return monthEnd(fy, filer.fiscalYearEndMonth);
}

interface Draft {
  form: string;
  day: number;
  reportDay: number | null;
  fiscalYear: number | null;
  description: string;
  document: string;
  filer?: string;
  form4?: SimForm4;
}

function compact(day: number): string {
  return isoDate(day).replace(/-/g, '');
}

/** The filings of one fiscal year of a domestic company. */
function domesticYear(f: SimFiler, fy: number, r: (stream: number, n: number) => number): Draft[] {
  const sym = f.ticker.symbol.toLowerCase().replace(/[^a-z0-9]/g, '');
  const end = fiscalYearEnd(f, fy);
  const out: Draft[] = [];
  const periodic = (form: '10-Q' | '10-K', periodEnd: number, n: number): number => {
    const earnings = businessDay(periodEnd + 24 + Math.floor(r(S.delay, n) * 12));
    const report = businessDay(earnings + (form === '10-K' ? 14 : 1) + Math.floor(r(S.delay, n + 50) * 6));
    out.push({
      form: '8-K',
      day: earnings,
      reportDay: earnings,
      fiscalYear: fy,
      description: 'Results of Operations and Financial Condition',
      document: `${sym}-${compact(earnings)}.htm`,
    });
    out.push({
      form,
      day: report,
      reportDay: periodEnd,
      fiscalYear: fy,
      description: form === '10-K' ? 'Annual report' : 'Quarterly report',
      document: `${sym}-${compact(periodEnd)}.htm`,
    });
    // The trading window opens after earnings: two to four insiders report trades.
    const trades = 2 + Math.floor(r(S.form4, n) * 3);
    for (let i = 0; i < trades; i++) {
      const t = n * 10 + i;
      const tx = businessDay(earnings + 3 + Math.floor(r(S.form4, t + 100) * 30));
      const codeRoll = r(S.form4Code, t);
      const insider = Math.floor(r(S.form4Who, t) * 8);
      // Officers (0-4) sell, exercise options, withhold shares for tax and give; directors and
      // large owners (5-7) buy or sell in the open market.
      const code: InsiderCode =
        insider >= 5
          ? codeRoll < 0.65
            ? 'S'
            : 'P'
          : codeRoll < 0.6
            ? 'S'
            : codeRoll < 0.78
              ? 'M'
              : codeRoll < 0.94
                ? 'F'
                : 'G';
      const filed = businessDay(tx + 1 + Math.floor(r(S.form4, t + 200) * 2));
      out.push({
        form: '4',
        day: filed,
        reportDay: tx,
        fiscalYear: null,
        description: 'Statement of changes in beneficial ownership',
        document: `xslF345X05/wk-form4_${filed * 86_400 + 75_600 + t}.xml`,
        form4: { insider, code, size: 4e-7 + r(S.form4Size, t) * 8e-6, transactionDay: tx },
      });
    }
    return report;
  };
  for (let q = 1; q <= 3; q++) periodic('10-Q', monthEnd(fy, f.fiscalYearEndMonth - 12 + 3 * q), q);
  const tenK = periodic('10-K', end, 4);
  // Annual equity awards right after the 10-K.
  for (let i = 0; i < 3; i++) {
    const filed = businessDay(tenK + 2 + i);
    out.push({
      form: '4',
      day: filed,
      reportDay: filed - 1,
      fiscalYear: null,
      description: 'Statement of changes in beneficial ownership',
      document: `xslF345X05/wk-form4_${filed * 86_400 + 72_000 + i}.xml`,
      form4: { insider: i, code: 'A', size: 2e-6 + r(S.form4Size, 90 + i) * 6e-6, transactionDay: filed - 1 },
    });
  }
  const proxy = businessDay(tenK + 30 + Math.floor(r(S.delay, 7) * 30));
  out.push({
    form: 'DEF 14A',
    day: proxy,
    reportDay: null,
    fiscalYear: fy,
    description: 'Definitive proxy statement',
    document: `${sym}${fy + 1}_def14a.htm`,
  });
  if (fy % 3 === f.key % 3) {
    const s8 = businessDay(proxy + 40 + Math.floor(r(S.s8, 0) * 40));
    out.push({
      form: 'S-8',
      day: s8,
      reportDay: null,
      fiscalYear: null,
      description: 'Registration of securities for employee benefit plans',
      document: `${sym}-s8_${compact(s8)}.htm`,
    });
  }
  const events = 1 + Math.floor(r(S.event, 0) * 2);
  for (let i = 0; i < events; i++) {
    const day = businessDay(end - 360 + Math.floor(r(S.event, i + 1) * 360));
    const leadership = r(S.event, i + 10) < 0.4;
    out.push({
      form: '8-K',
      day,
      reportDay: day,
      fiscalYear: fy,
      description: leadership ? 'Departure or appointment of directors or officers' : 'Other events',
      document: `${sym}-${compact(day)}x8k.htm`,
    });
  }
  const { year } = dateParts(end);
  SCHEDULE_13G_FILERS.forEach((filer, i) => {
    const day = businessDay(dayNumber(year + 1, 1, 25) + Math.floor(r(S.event, 20 + i) * 20));
    out.push({
      form: 'SC 13G/A',
      day,
      reportDay: dayNumber(year, 12, 31),
      fiscalYear: null,
      description: 'Amended statement of beneficial ownership by a passive investor',
      document: `tv${String(hash3(f.key, S.event, 30 + i) % 1_000_000).padStart(6, '0')}_sc13ga.htm`,
      filer,
    });
  });
  return out;
}

function foreignYear(f: SimFiler, fy: number, r: (stream: number, n: number) => number): Draft[] {
  const sym = f.ticker.symbol.toLowerCase();
  const end = fiscalYearEnd(f, fy);
  const out: Draft[] = [];
  for (let q = 1; q <= 4; q++) {
    const periodEnd = monthEnd(fy, f.fiscalYearEndMonth - 12 + 3 * q);
    const day = businessDay(periodEnd + 30 + Math.floor(r(S.delay, q) * 20));
    out.push({
      form: '6-K',
      day,
      reportDay: periodEnd,
      fiscalYear: fy,
      description: 'Report of foreign private issuer (quarterly results)',
      document: `${sym}-6k_${compact(day)}.htm`,
    });
  }
  const annual = businessDay(end + 90 + Math.floor(r(S.delay, 5) * 30));
  out.push({
    form: '20-F',
    day: annual,
    reportDay: end,
    fiscalYear: fy,
    description: 'Annual report of a foreign private issuer',
    document: `${sym}-20f_${fy}.htm`,
  });
  return out;
}

function fundYear(f: SimFiler, fy: number, r: (stream: number, n: number) => number): Draft[] {
  const sym = f.ticker.symbol.toLowerCase();
  const end = fiscalYearEnd(f, fy);
  const half = monthEnd(fy, f.fiscalYearEndMonth - 6);
  const out: Draft[] = [];
  const add = (form: string, day: number, reportDay: number | null, description: string, document: string) =>
    out.push({ form, day: businessDay(day), reportDay, fiscalYear: fy, description, document });
  add('N-CSR', end + 60 + Math.floor(r(S.delay, 1) * 9), end, 'Annual shareholder report', `${sym}-ncsr_${fy}.htm`);
  add(
    'N-CSRS',
    half + 60 + Math.floor(r(S.delay, 2) * 9),
    half,
    'Semi-annual shareholder report',
    `${sym}-ncsrs_${fy}.htm`,
  );
  for (let q = 1; q <= 4; q++) {
    const periodEnd = monthEnd(fy, f.fiscalYearEndMonth - 12 + 3 * q);
    add(
      'NPORT-P',
      periodEnd + 55 + Math.floor(r(S.delay, 10 + q) * 5),
      periodEnd,
      'Monthly portfolio holdings',
      `primary_doc_${q}.xml`,
    );
  }
  add(
    '485BPOS',
    end + 110 + Math.floor(r(S.delay, 20) * 20),
    null,
    'Post-effective amendment to the prospectus',
    `${sym}-485bpos_${fy}.htm`,
  );
  add('497K', end + 125 + Math.floor(r(S.delay, 21) * 10), null, 'Summary prospectus', `${sym}-497k_${fy}.htm`);
  return out;
}

/** Every filing of fiscal years FIRST_FISCAL_YEAR..lastFiscalYear, newest first. */
export function generateFilings(f: SimFiler, lastFiscalYear: number): SimFiling[] {
  const drafts: Draft[] = [];
  for (let fy = FIRST_FISCAL_YEAR; fy <= lastFiscalYear; fy++) {
    const r = (stream: number, n: number) => unit(hash3(f.key, stream, fy * 1000 + n));
    const year =
      f.kind === 'domestic'
        ? domesticYear(f, fy, r)
        : f.kind === 'foreign'
          ? foreignYear(f, fy, r)
          : fundYear(f, fy, r);
    drafts.push(...year);
  }
  drafts.sort((a, b) => a.day - b.day || a.form.localeCompare(b.form) || a.document.localeCompare(b.document));
  // Accession numbers: the filer's id, the year, then a sequence within that filer's year.
  const sequence = new Map<string, number>();
  const filings = drafts.map((d): SimFiling => {
    const filer = d.filer ?? f.cik;
    const yy = String(dateParts(d.day).year % 100).padStart(2, '0');
    const group = `${filer}-${yy}`;
    const next = (sequence.get(group) ?? hash3(f.key, S.seq, Number(yy)) % 40) + 1 + (hash3(f.key, S.seq, d.day) % 3);
    sequence.set(group, next);
    const accessionNumber = `${filer}-${yy}-${String(next).padStart(6, '0')}`;
    return {
      form: d.form,
      filedAt: isoDate(d.day),
      reportDate: d.reportDay === null ? null : isoDate(d.reportDay),
      accessionNumber,
      primaryDocument: d.document,
      description: d.description,
      url: archiveUrl(SIM_FILES_URL, f.cik, accessionNumber, d.document),
      day: d.day,
      fiscalYear: d.fiscalYear,
      ...(d.form4 ? { form4: d.form4 } : {}),
    };
  });
  return filings.reverse();
}
