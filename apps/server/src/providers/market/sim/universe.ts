/**
 * The simulated market's universe: real US tickers (large caps, mid caps, ETFs and OTC names) with
 * their real names, sectors and exchanges, and the parameters of their price process.
 *
 * Row format (one per line, under a `## <Sector>` or `## ETF` heading):
 *   SYMBOL|Name|Industry|Exchange|reference price|annual volatility|shares outstanding (M)|
 *   average daily volume (M)|website|one-line description[|flags]
 * flags (comma-separated): rho=<correlation with the market>, float=<free-float share>, noopt, noshort.
 * The exchange OTC makes a name type 'otc'; the ETF heading makes it type 'etf'.
 */
import { SECTORS, type CompanyReference, type Sector, type SecurityType } from '@drat/contracts';
import { occRoot } from '@drat/engine';
import { FUNDS_AND_OTC } from './universe-funds-otc';
import { STOCKS_A } from './universe-stocks-a';
import { STOCKS_B } from './universe-stocks-b';

export interface SimTicker {
  /** Position in the universe (stable for a build). */
  index: number;
  symbol: string;
  company: CompanyReference;
  /** Price level at the simulation epoch (2026-01-01T00:00Z). */
  price: number;
  /** Annualised volatility of log returns in a normal regime. */
  vol: number;
  /** Correlation of returns with the market factor. */
  rho: number;
  /** Chance of a price jump (news, earnings) on a trading day, and its size in daily deviations. */
  jumpRate: number;
  jumpScale: number;
  /** Yearly drift of the level prices revert to. */
  drift: number;
  /** Relative bid/ask spread in the regular session at normal volatility. */
  spreadRel: number;
  /** OCC option root (BRK.B → BRKB). */
  optionRoot: string;
  /** Whether weekly option expirations are listed (ETFs and names trading 3M+ shares a day). */
  weeklies: boolean;
}

const SECTOR_RHO: Record<Sector, number> = {
  Technology: 0.6,
  'Communication Services': 0.5,
  'Consumer Cyclical': 0.55,
  'Consumer Defensive': 0.4,
  Financial: 0.6,
  Healthcare: 0.4,
  Industrials: 0.6,
  Energy: 0.45,
  'Basic Materials': 0.5,
  Utilities: 0.35,
  'Real Estate': 0.5,
};

function website(domain: string): string {
  return `https://${domain.split('.').length === 2 ? 'www.' : ''}${domain}`;
}

function parseFlags(s: string | undefined): Map<string, string> {
  const flags = new Map<string, string>();
  for (const f of (s ?? '').split(',')) {
    if (!f.trim()) continue;
    const [k, v] = f.split('=');
    flags.set(k!.trim(), (v ?? '').trim());
  }
  return flags;
}

function num(s: string | undefined, what: string, line: string): number {
  const n = Number(s);
  if (s === undefined || s === '' || !Number.isFinite(n)) throw new Error(`universe: bad ${what} in "${line}"`);
  return n;
}

/** Parses row blocks into tickers (throws on a malformed row: the data is part of the build). */
export function parseUniverse(blocks: string[]): SimTicker[] {
  const out: SimTicker[] = [];
  for (const block of blocks) {
    let sector: Sector | 'ETF' | undefined;
    for (const raw of block.split('\n')) {
      const line = raw.trim();
      if (!line) continue;
      if (line.startsWith('## ')) {
        const name = line.slice(3).trim();
        if (name !== 'ETF' && !(SECTORS as readonly string[]).includes(name))
          throw new Error(`universe: unknown sector ${name}`);
        sector = name as Sector | 'ETF';
        continue;
      }
      if (!sector) throw new Error(`universe: row before a sector heading: ${line}`);
      const f = line.split('|');
      if (f.length < 10 || f.length > 11) throw new Error(`universe: expected 10 or 11 fields in "${line}"`);
      const [symbol, name, industry, exchange] = f as [string, string, string, string];
      const price = num(f[4], 'price', line);
      const vol = num(f[5], 'volatility', line);
      const shares = Math.round(num(f[6], 'shares', line) * 1e6);
      const averageVolume = Math.round(num(f[7], 'volume', line) * 1e6);
      const flags = parseFlags(f[10]);
      const type: SecurityType = exchange === 'OTC' ? 'otc' : sector === 'ETF' ? 'etf' : 'stock';
      const floatShare = flags.has('float')
        ? Number(flags.get('float'))
        : type === 'etf'
          ? 1
          : type === 'otc'
            ? 0.9
            : 0.97;
      const company: CompanyReference = {
        symbol,
        name,
        sector,
        industry,
        exchange,
        type,
        website: website(f[8]!),
        description: f[9]!,
        shares_outstanding: shares,
        float: Math.round(shares * floatShare),
        average_volume: averageVolume,
        optionable: type !== 'otc' && !flags.has('noopt'),
        shortable: !flags.has('noshort'),
      };
      const dollarVolume = price * averageVolume;
      const rho = flags.has('rho') ? Number(flags.get('rho')) : type === 'otc' ? 0.25 : SECTOR_RHO[sector as Sector];
      out.push({
        index: out.length,
        symbol,
        company,
        price,
        vol,
        rho,
        jumpRate: type === 'etf' ? 0.003 : type === 'otc' ? 0.03 : 0.016,
        jumpScale: type === 'etf' ? 2.5 : type === 'otc' ? 4 : 3.5,
        drift: type === 'otc' ? 0 : 0.05,
        spreadRel: (2e-5 + 0.5 / Math.pow(Math.max(dollarVolume, 1e4), 0.4)) * (type === 'otc' ? 3 : 1),
        optionRoot: occRoot(symbol),
        weeklies: type === 'etf' || averageVolume >= 3e6,
      });
    }
  }
  return out;
}

export const UNIVERSE: readonly SimTicker[] = parseUniverse([STOCKS_A, STOCKS_B, FUNDS_AND_OTC]);

const BY_SYMBOL = new Map(UNIVERSE.map((t) => [t.symbol, t]));
const BY_ROOT = new Map(UNIVERSE.map((t) => [t.optionRoot, t]));

/** The ticker of a symbol (case-insensitive), or undefined. */
export function findTicker(symbol: string): SimTicker | undefined {
  return BY_SYMBOL.get(symbol.trim().toUpperCase());
}

/** The ticker of an OCC option root, or undefined. */
export function findByOptionRoot(root: string): SimTicker | undefined {
  return BY_ROOT.get(root.toUpperCase());
}
