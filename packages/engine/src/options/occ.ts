/**
 * OCC option symbols (the compact form Tradier uses): ROOT + YYMMDD + C|P + strike × 1000 padded to
 * eight digits, e.g. AAPL260116C00150000. The padded 21-character form (root padded with spaces to
 * six) is accepted by the parser too. Shared by the market providers, the services and the trading engine.
 */

export interface OccParts {
  /** The option root: the ticker without punctuation (BRK.B → BRKB). */
  root: string;
  /** YYYY-MM-DD */
  expiration: string;
  option_type: 'call' | 'put';
  strike: number;
}

const OCC_RE = /^([A-Z][A-Z0-9.]{0,5}) *(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The OCC root of a ticker: upper case, without punctuation (BRK.B → BRKB). */
export function occRoot(ticker: string): string {
  return ticker.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Whether y-m-d is a real calendar date. */
function isDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/**
 * The OCC symbol of an option on `ticker` expiring on `expiration` (YYYY-MM-DD, years 2000-2099).
 * Throws on a malformed date or a strike outside (0, 99999.999].
 */
export function occSymbol(ticker: string, expiration: string, type: 'call' | 'put', strike: number): string {
  const m = DATE_RE.exec(expiration);
  if (!m || !isDate(Number(m[1]), Number(m[2]), Number(m[3])) || !m[1]!.startsWith('20')) {
    throw new Error(`Invalid option expiration: ${expiration}`);
  }
  const milli = Math.round(strike * 1000);
  if (!Number.isFinite(milli) || milli <= 0 || milli > 99_999_999) throw new Error(`Invalid option strike: ${strike}`);
  const root = occRoot(ticker);
  if (root.length === 0 || root.length > 6) throw new Error(`Invalid option root: ${ticker}`);
  return `${root}${m[1]!.slice(2)}${m[2]}${m[3]}${type === 'call' ? 'C' : 'P'}${String(milli).padStart(8, '0')}`;
}

/** AAPL260116C00150000 → { root AAPL, expiration 2026-01-16, call, 150 }; null when malformed. */
export function parseOcc(symbol: string): OccParts | null {
  const m = OCC_RE.exec(symbol.trim().toUpperCase());
  if (!m) return null;
  const year = 2000 + Number(m[2]);
  if (!isDate(year, Number(m[3]), Number(m[4]))) return null;
  const strike = Number(m[6]) / 1000;
  if (strike <= 0) return null;
  return {
    root: m[1]!.replace(/\./g, ''),
    expiration: `${year}-${m[3]}-${m[4]}`,
    option_type: m[5] === 'C' ? 'call' : 'put',
    strike,
  };
}
