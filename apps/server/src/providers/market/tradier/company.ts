import type { CompanyReference, Sector, SecurityType } from '@drat/contracts';
import { field, list, num, record, str, type JsonObject } from '../../tradier/normalize';

/** Morningstar sector codes (fundamentals' asset_classification.morningstar_sector_code). */
const MORNINGSTAR_SECTORS: Record<string, Sector> = {
  '101': 'Basic Materials',
  '102': 'Consumer Cyclical',
  '103': 'Financial',
  '104': 'Real Estate',
  '205': 'Consumer Defensive',
  '206': 'Healthcare',
  '207': 'Utilities',
  '308': 'Communication Services',
  '309': 'Energy',
  '310': 'Industrials',
  '311': 'Technology',
};

/** Tradier's one-letter exchange codes (quote.exch) for the venues our tickers list on. */
const EXCHANGES: Record<string, string> = {
  A: 'NYSE AMERICAN',
  B: 'NASDAQ',
  N: 'NYSE',
  P: 'NYSE ARCA',
  Q: 'NASDAQ',
  S: 'NASDAQ',
  T: 'NASDAQ',
  X: 'NASDAQ',
  Y: 'CBOE BYX',
  Z: 'CBOE BZX',
  U: 'OTC',
  V: 'OTC',
};

export function exchangeName(code: string | undefined): string {
  if (!code) return '';
  return EXCHANGES[code.toUpperCase()] ?? code.toUpperCase();
}

/**
 * /beta/markets/fundamentals/company?symbols=X → [{request, type, results:[{type:"Company"|"Stock",
 * id, tables:{asset_classification, company_profile, long_descriptions, share_class_profile,
 * ownership_summary, ...}}]}]. All tables of the item for `symbol` merged into one object.
 */
export function fundamentalsTables(raw: unknown, symbol: string): JsonObject {
  const items = Array.isArray(raw) ? list(raw) : list(record(raw)?.item ?? raw);
  const mine = items.find((i) => str(field(i, 'request'))?.toUpperCase() === symbol) ?? items[0];
  const tables: JsonObject = {};
  for (const result of list(field(mine, 'results'))) {
    const t = record(field(result, 'tables'));
    if (!t) continue;
    for (const [k, v] of Object.entries(t)) if (!(k in tables) && v != null) tables[k] = v;
  }
  return tables;
}

export interface CompanyInputs {
  symbol: string;
  /** The symbol's element of /markets/quotes. */
  quote: JsonObject;
  /** Merged fundamentals tables ({} when fundamentals are unavailable to this token). */
  tables: JsonObject;
  /** Sector known from the followed universe, used when fundamentals give none. */
  knownSector?: Sector | 'ETF';
  /** From Tradier's easy-to-borrow list, when it could be read. */
  easyToBorrow?: boolean;
}

/**
 * Company reference from a quote plus (when available) fundamentals. Name, exchange, type,
 * average volume and optionable come from the quote; sector, website, description, shares
 * outstanding and float from fundamentals. Null when no sector can be established (neither
 * fundamentals nor the followed universe know it): a wrong sector would mislead sector filters.
 */
export function mapCompany(input: CompanyInputs): CompanyReference | null {
  const { quote: q, tables } = input;
  const exch = str(q.exch);
  const quoteType = str(q.type)?.toLowerCase();
  const type: SecurityType = quoteType === 'etf' ? 'etf' : exchangeName(exch) === 'OTC' ? 'otc' : 'stock';
  const sectorCode = str(field(tables, 'asset_classification', 'morningstar_sector_code'));
  const sector: Sector | 'ETF' | undefined =
    type === 'etf' ? 'ETF' : ((sectorCode ? MORNINGSTAR_SECTORS[sectorCode] : undefined) ?? input.knownSector);
  if (!sector) return null;

  const shares = num(field(tables, 'share_class_profile', 'shares_outstanding')) ?? 0;
  const insiders = num(field(tables, 'ownership_summary', 'insider_shares_owned'));
  const float =
    num(field(tables, 'ownership_summary', 'float')) ??
    num(field(tables, 'share_class_profile', 'float')) ??
    (insiders !== undefined && shares > insiders ? shares - insiders : shares);
  const description = str(tables.long_descriptions) ?? str(field(tables, 'company_profile', 'short_description')) ?? '';
  const rootSymbols = str(q.root_symbols) ?? str(q.root_symbol);

  return {
    symbol: input.symbol,
    name: str(q.description) ?? input.symbol,
    sector,
    industry: str(field(tables, 'asset_classification', 'morningstar_industry_name')) ?? '',
    exchange: exchangeName(exch),
    type,
    website: str(field(tables, 'company_profile', 'headquarter', 'homepage')) ?? '',
    description,
    shares_outstanding: shares,
    float,
    average_volume: num(q.average_volume) ?? 0,
    // Tradier lists option roots on the quote of an optionable underlying.
    optionable: rootSymbols !== undefined && rootSymbols.length > 0,
    // Without the ETB list: listed stocks and ETFs are usually shortable, OTC names usually not.
    shortable: input.easyToBorrow ?? type !== 'otc',
  };
}
