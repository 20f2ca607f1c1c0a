/**
 * The pieces of the Ask DRAT company result (1-core §3), free of I/O: technicals from daily bars,
 * and the rows of the insider, institutional and filings lists.
 */
import { roundTo, smaOf } from '@drat/engine';
import { RSI } from 'trading-signals';
import type { Bar, CompanyReference, FilingRow, InsiderRow, InstitutionalRow, TechnicalInfo } from '@drat/contracts';
import type {
  Filing,
  InsiderCode,
  InsiderTransaction,
  InstitutionalHolder,
} from '../../../providers/filings/interface';

const DAY = 86_400_000;

/** A price as shown: cents, or four decimals below a dollar (OTC names). */
export function px(v: number): number {
  return roundTo(v, Math.abs(v) >= 1 ? 2 : 4);
}

export function pct(part: number, whole: number): number | null {
  return whole === 0 ? null : roundTo((part / whole) * 100, 2);
}

/** SMA20/50/200, RSI14 and the 52-week range from daily bars (oldest first), at `now`. */
export function technicalsOf(bars: readonly Bar[], price: number | null, now: Date): TechnicalInfo {
  const closes = bars.map((b) => b.close);
  const sma = (n: number) => (closes.length >= n ? px(smaOf(closes, n)) : null);
  let rsi: number | null = null;
  if (closes.length > 14) {
    const r = new RSI(14);
    r.updates(closes, false);
    const v = r.getResult();
    rsi = v === null || v === undefined ? null : roundTo(Number(v), 2);
  }
  const yearAgo = now.getTime() - 365 * DAY;
  const year = bars.filter((b) => b.time * 1000 >= yearAgo);
  const last = price ?? closes.at(-1) ?? null;
  const sma50 = sma(50);
  const sma200 = sma(200);
  const distance = (avg: number | null) => (avg === null || last === null ? null : roundTo((last / avg - 1) * 100, 2));
  return {
    SMA20: sma(20),
    SMA50: sma50,
    SMA200: sma200,
    RSI14: rsi,
    '52W High': year.length ? px(Math.max(...year.map((b) => b.high))) : null,
    '52W Low': year.length ? px(Math.min(...year.map((b) => b.low))) : null,
    'SMA50 %': distance(sma50),
    'SMA200 %': distance(sma200),
  };
}

/** The session date of a daily bar (its start lies on that UTC date: midnight, or 09:30 New York). */
export function barDate(b: Bar): string {
  return new Date(b.time * 1000).toISOString().slice(0, 10);
}

/** The close of the session of `date` (YYYY-MM-DD), or of the last session before it. */
export function closeOn(bars: readonly Bar[], date: string): number | null {
  let found: number | null = null;
  for (const b of bars) {
    if (barDate(b) > date) break;
    found = b.close;
  }
  return found;
}

const DESCRIPTIONS: Record<InsiderCode, string> = {
  P: 'Purchase',
  S: 'Sale',
  M: 'Option Exercise',
  A: 'Grant/Award',
  F: 'Tax Withholding',
  G: 'Gift',
  OTHER: 'Other',
};

export function insiderRows(
  transactions: readonly InsiderTransaction[],
  bars: readonly Bar[],
  price: number | null,
): InsiderRow[] {
  return transactions.map((t) => {
    const unitPrice = t.pricePerShare ?? closeOn(bars, t.transactionDate) ?? price ?? 0;
    return {
      id: t.id,
      full_name: t.ownerName,
      position: t.position,
      date_reported: t.filedAt,
      description: DESCRIPTIONS[t.code],
      shares: t.shares,
      value: roundTo(t.shares * unitPrice, 2),
    };
  });
}

export function institutionalRows(
  holders: readonly InstitutionalHolder[],
  company: CompanyReference,
): InstitutionalRow[] {
  return holders.map((h) => ({
    Shareholder: h.name,
    Stake: pct(h.shares, company.shares_outstanding) ?? 0,
    'Shares Owned': h.shares,
  }));
}

export function filingRow(f: Filing): FilingRow {
  return { 'Form Type': f.form, 'Filed At': f.filedAt, Link: f.url };
}
