/**
 * Simulated 10-K figures and ownership for the simulated universe, consistent with each company's
 * size and sector: the latest fiscal year's revenue is the market value (shares outstanding ×
 * reference price) over a sector price-to-sales ratio, earlier years shrink back by a growth rate,
 * and margins, balance sheet and cash flows follow the sector's typical ratios, with a steady
 * per-company and per-year variation. Riskier (more volatile) names earn thinner margins.
 */
import type { Sector } from '@drat/contracts';
import { hash3, unit } from '../market/sim/rng';
import type { AnnualFigures, InstitutionalHolder } from './interface';
import type { SimFiler } from './sim-filings';

interface SectorProfile {
  /** Market value over revenue. */
  priceToSales: number;
  /** Null where the sector reports no gross profit (banks, insurers). */
  grossMargin: number | null;
  operatingMargin: number;
  netMargin: number;
  growth: number;
  assetsToRevenue: number;
  liabilitiesToAssets: number;
  cashFlowMargin: number;
  capexToRevenue: number;
}

const p = (
  priceToSales: number,
  grossMargin: number | null,
  operatingMargin: number,
  netMargin: number,
  growth: number,
  assetsToRevenue: number,
  liabilitiesToAssets: number,
  cashFlowMargin: number,
  capexToRevenue: number,
): SectorProfile => ({
  priceToSales,
  grossMargin,
  operatingMargin,
  netMargin,
  growth,
  assetsToRevenue,
  liabilitiesToAssets,
  cashFlowMargin,
  capexToRevenue,
});

export const SECTOR_PROFILES: Record<Sector, SectorProfile> = {
  Technology: p(7, 0.6, 0.27, 0.21, 0.11, 1.3, 0.55, 0.3, 0.06),
  'Communication Services': p(4, 0.55, 0.22, 0.16, 0.08, 1.6, 0.55, 0.28, 0.1),
  'Consumer Cyclical': p(1.8, 0.36, 0.1, 0.07, 0.07, 0.9, 0.65, 0.11, 0.05),
  'Consumer Defensive': p(1.3, 0.31, 0.08, 0.06, 0.04, 0.7, 0.65, 0.09, 0.035),
  Financial: p(3, null, 0.33, 0.24, 0.06, 10, 0.88, 0.28, 0.02),
  Healthcare: p(4, 0.65, 0.19, 0.13, 0.07, 1.8, 0.56, 0.2, 0.04),
  Industrials: p(2.5, 0.3, 0.14, 0.1, 0.06, 1.3, 0.7, 0.14, 0.04),
  Energy: p(1.3, 0.35, 0.15, 0.1, 0.03, 1.4, 0.5, 0.22, 0.12),
  'Basic Materials': p(2, 0.3, 0.15, 0.1, 0.04, 1.6, 0.5, 0.18, 0.08),
  Utilities: p(2.8, 0.4, 0.22, 0.13, 0.04, 4.5, 0.72, 0.32, 0.3),
  'Real Estate': p(8, 0.65, 0.3, 0.22, 0.05, 8, 0.55, 0.5, 0.2),
};

const S = { scale: 1, growth: 2, margin: 3, balance: 4, cash: 5, holders: 6 };

/** Rounds a reported amount the way filings do: to the thousand dollars. */
function reported(v: number): number {
  return Math.round(v / 1000) * 1000;
}

/**
 * Figures of fiscal years `first..last` (oldest first) of a domestic filer. `last` is the latest
 * year, whose revenue anchors the company's size; figures of a year do not depend on the range.
 */
export function simAnnualFigures(
  filer: SimFiler,
  first: number,
  last: number,
  filed: (fy: number) => string,
  periodEnd: (fy: number) => string,
): AnnualFigures[] {
  const { company, price, vol } = filer.ticker;
  const sector = company.sector === 'ETF' ? 'Financial' : company.sector;
  const prof = SECTOR_PROFILES[sector];
  const r = (stream: number, n: number) => unit(hash3(filer.key, stream, n));
  const noise = (stream: number, n: number, width: number) => (r(stream, n) * 2 - 1) * width;
  // Size anchor: the company's market value at the simulation's reference price, in a fixed year.
  const ANCHOR_YEAR = 2025;
  const marketValue = company.shares_outstanding * price;
  const anchorRevenue = marketValue / (prof.priceToSales * (0.75 + 0.6 * r(S.scale, 0)));
  const risk = Math.max(0, vol - 0.35) * 0.3;
  const growthOf = (fy: number) => prof.growth + noise(S.growth, 0, 0.05) + noise(S.growth, fy, 0.07);
  const revenueOf = (fy: number): number => {
    let rev = anchorRevenue;
    if (fy <= ANCHOR_YEAR) for (let y = ANCHOR_YEAR; y > fy; y--) rev /= 1 + growthOf(y);
    else for (let y = ANCHOR_YEAR + 1; y <= fy; y++) rev *= 1 + growthOf(y);
    return rev;
  };
  const out: AnnualFigures[] = [];
  for (let fy = first; fy <= last; fy++) {
    const revenue = revenueOf(fy);
    const m = (base: number, stream: number, width: number) =>
      base - risk + noise(stream, 0, width / 2) + noise(stream, fy, width);
    const operatingMargin = m(prof.operatingMargin, S.margin, 0.03);
    const netMargin = Math.min(operatingMargin, m(prof.netMargin, S.margin + 10, 0.03));
    const grossMargin =
      prof.grossMargin === null
        ? null
        : Math.max(operatingMargin + 0.05, prof.grossMargin + noise(S.margin + 20, fy, 0.02));
    const assets = revenue * prof.assetsToRevenue * (1 + noise(S.balance, 0, 0.2) + noise(S.balance, fy, 0.05));
    // Leverage varies less where it is high (banks): the spread scales with the equity share.
    const spread = (1 - prof.liabilitiesToAssets) / 0.45;
    const leverage =
      prof.liabilitiesToAssets + (noise(S.balance + 10, 0, 0.08) + noise(S.balance + 10, fy, 0.02)) * spread;
    const liabilities = assets * Math.min(0.95, leverage);
    const cashFlow = revenue * Math.max(netMargin + 0.02, prof.cashFlowMargin - risk + noise(S.cash, fy, 0.03));
    const capex = revenue * prof.capexToRevenue * (1 + noise(S.cash + 10, fy, 0.25));
    // A steady buy-back: the share count was a little higher in earlier years.
    const shares = company.shares_outstanding * (1 + 0.012 * (ANCHOR_YEAR - fy));
    const netIncome = reported(revenue * netMargin);
    out.push({
      fiscalYear: fy,
      periodEnd: periodEnd(fy),
      filed: filed(fy),
      revenue: reported(revenue),
      grossProfit: grossMargin === null ? null : reported(revenue * grossMargin),
      operatingIncome: reported(revenue * operatingMargin),
      netIncome,
      epsDiluted: Math.round((netIncome / shares) * 100) / 100 || 0,
      totalAssets: reported(assets),
      totalLiabilities: reported(liabilities),
      shareholdersEquity: reported(assets) - reported(liabilities),
      operatingCashFlow: reported(cashFlow),
      capitalExpenditures: reported(capex),
    });
  }
  return out;
}

const INSTITUTIONS: readonly [name: string, low: number, high: number][] = [
  ['Vanguard Group Inc', 7.5, 9.6],
  ['BlackRock, Inc.', 6, 7.8],
  ['State Street Corporation', 3.2, 4.6],
  ['FMR LLC', 1.2, 3.2],
  ['Geode Capital Management, LLC', 1.7, 2.3],
  ['Morgan Stanley', 0.9, 1.9],
  ['JPMorgan Chase & Co.', 0.7, 1.6],
  ['T. Rowe Price Associates, Inc.', 0.4, 2.2],
  ['Northern Trust Corporation', 0.8, 1.15],
  ['Capital Research Global Investors', 0.3, 2.5],
];

/** The ten largest institutional holders, largest first (foreign ADRs and funds hold less). */
export function simInstitutionalHolders(filer: SimFiler): InstitutionalHolder[] {
  const scale =
    filer.kind === 'foreign' ? 0.12 : filer.kind === 'fund' ? 0.45 : filer.ticker.company.type === 'otc' ? 0.3 : 1;
  const outstanding = filer.ticker.company.shares_outstanding;
  return INSTITUTIONS.map(([name, low, high], i) => {
    const stake = (low + unit(hash3(filer.key, S.holders, i)) * (high - low)) * scale;
    return { name, shares: Math.round((outstanding * stake) / 100) };
  }).sort((a, b) => b.shares - a.shares || a.name.localeCompare(b.name));
}

const FIRST_NAMES = [
  'James',
  'Maria',
  'Robert',
  'Linda',
  'David',
  'Susan',
  'Michael',
  'Karen',
  'Daniel',
  'Priya',
  'Thomas',
  'Elena',
  'Kevin',
  'Grace',
  'Anthony',
  'Mei',
  'Brian',
  'Olivia',
  'Jorge',
  'Hannah',
];
const LAST_NAMES = [
  'Anderson',
  'Chen',
  'Patel',
  'Okafor',
  'Rivera',
  'Schmidt',
  'Nakamura',
  'Walsh',
  'Goldberg',
  'Bennett',
  'Moreau',
  'Kowalski',
  'Hughes',
  'Lindqvist',
  'Foster',
  'Alvarez',
  'Sullivan',
  'Kim',
  'Fischer',
  'Ramirez',
];
export const INSIDER_POSITIONS = [
  'Chief Executive Officer',
  'Chief Financial Officer',
  'Chief Operating Officer',
  'Chief Legal Officer',
  'Chief Accounting Officer',
  'Director',
  'Director',
  '10% Owner',
] as const;

/** The company's eight reporting insiders (index 0..7): names are invented, positions fixed. */
export function simInsider(filer: SimFiler, index: number): { name: string; position: string } {
  // Steps coprime with the pools' size: the eight insiders never share a first or a last name.
  const h = hash3(filer.key, S.holders + 10, 0);
  const first = FIRST_NAMES[(h + index * 7) % FIRST_NAMES.length]!;
  const last = LAST_NAMES[((h >>> 8) + index * 3) % LAST_NAMES.length]!;
  // EDGAR lists reporting owners as LAST FIRST.
  return { name: `${last} ${first}`, position: INSIDER_POSITIONS[index % INSIDER_POSITIONS.length]! };
}
