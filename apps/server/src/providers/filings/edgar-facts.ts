/**
 * From EDGAR's companyfacts JSON (facts['us-gaap'][concept].units[unit][] with start, end, val, fy,
 * fp, form, filed, accn) to one row of figures per fiscal year, read from 10-K reports only.
 *
 * A 10-K repeats earlier years as comparatives, all tagged with the report's own `fy`; so a fiscal
 * year is named by the report whose latest period ends on that date (its "primary" period), and a
 * year's value is the one with that end date (a duration of about a year for flows), as last filed
 * (restatements win). Where a company changed concepts over time (SalesRevenueNet, then
 * RevenueFromContractWithCustomer...), the first concept of the list that has the year is used.
 */
import { z } from 'zod';
import type { AnnualFigures } from './interface';

const factSchema = z.object({
  start: z.string().optional(),
  end: z.string(),
  val: z.number(),
  fy: z.number().nullable().optional(),
  fp: z.string().nullable().optional(),
  form: z.string(),
  filed: z.string(),
  accn: z.string(),
});
type Fact = z.infer<typeof factSchema>;

export const companyFactsSchema = z.object({
  cik: z.union([z.number(), z.string()]),
  entityName: z.string(),
  facts: z.record(z.string(), z.record(z.string(), z.object({ units: z.record(z.string(), z.array(z.unknown())) }))),
});
export type CompanyFactsJson = z.infer<typeof companyFactsSchema>;

const ANNUAL_FORMS = new Set(['10-K', '10-K/A', '10-KT', '10-KT/A']);
const DAY = 86_400_000;

type Kind = 'flow' | 'stock';

export const CONCEPTS = {
  revenue: [
    'Revenues',
    'RevenueFromContractWithCustomerExcludingAssessedTax',
    'RevenueFromContractWithCustomerIncludingAssessedTax',
    'SalesRevenueNet',
    'SalesRevenueGoodsNet',
    'RevenuesNetOfInterestExpense',
  ],
  grossProfit: ['GrossProfit'],
  costOfRevenue: ['CostOfRevenue', 'CostOfGoodsAndServicesSold', 'CostOfGoodsSold'],
  operatingIncome: ['OperatingIncomeLoss'],
  netIncome: ['NetIncomeLoss', 'ProfitLoss'],
  epsDiluted: ['EarningsPerShareDiluted', 'EarningsPerShareBasicAndDiluted', 'EarningsPerShareBasic'],
  totalAssets: ['Assets'],
  totalLiabilities: ['Liabilities'],
  liabilitiesAndEquity: ['LiabilitiesAndStockholdersEquity'],
  shareholdersEquity: ['StockholdersEquity', 'StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest'],
  equityWithMinority: ['StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest', 'StockholdersEquity'],
  operatingCashFlow: [
    'NetCashProvidedByUsedInOperatingActivities',
    'NetCashProvidedByUsedInOperatingActivitiesContinuingOperations',
  ],
  capitalExpenditures: ['PaymentsToAcquirePropertyPlantAndEquipment', 'PaymentsToAcquireProductiveAssets'],
} as const;

/** The annual-report facts of one concept in one unit (malformed entries are skipped). */
function annualFacts(json: CompanyFactsJson, concept: string, unit: string): Fact[] {
  const raw = json.facts['us-gaap']?.[concept]?.units[unit] ?? [];
  const out: Fact[] = [];
  for (const item of raw) {
    const parsed = factSchema.safeParse(item);
    if (parsed.success && ANNUAL_FORMS.has(parsed.data.form)) out.push(parsed.data);
  }
  return out;
}

function spanDays(f: Fact): number {
  return f.start ? (Date.parse(f.end) - Date.parse(f.start)) / DAY : 0;
}

/** Value per period end: flows over a fiscal year (350-380 days), stocks at an instant; latest filing wins. */
function valuesByEnd(
  json: CompanyFactsJson,
  concepts: readonly string[],
  unit: string,
  kind: Kind,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const concept of concepts) {
    const best = new Map<string, Fact>();
    for (const f of annualFacts(json, concept, unit)) {
      if (kind === 'flow' && (spanDays(f) < 350 || spanDays(f) > 380)) continue;
      const seen = best.get(f.end);
      if (!seen || f.filed > seen.filed) best.set(f.end, f);
    }
    for (const [end, f] of best) if (!out.has(end)) out.set(end, f.val);
  }
  return out;
}

interface FiscalYear {
  fy: number;
  end: string;
  filed: string;
}

/** Fiscal years named by the 10-K whose latest period ends on that date (the original report's filing date). */
function fiscalYears(json: CompanyFactsJson): FiscalYear[] {
  const reports = new Map<string, { fy: number | null; end: string; filed: string; form: string }>();
  const anchors = [...CONCEPTS.revenue, ...CONCEPTS.netIncome, ...CONCEPTS.totalAssets];
  for (const concept of anchors) {
    for (const f of annualFacts(json, concept, 'USD')) {
      if (f.fp && f.fp !== 'FY') continue;
      const r = reports.get(f.accn);
      if (!r) reports.set(f.accn, { fy: f.fy ?? null, end: f.end, filed: f.filed, form: f.form });
      else if (f.end > r.end) r.end = f.end;
    }
  }
  const byYear = new Map<number, FiscalYear & { amended: boolean }>();
  for (const r of reports.values()) {
    const fy = r.fy ?? Number(r.end.slice(0, 4));
    const amended = r.form.endsWith('/A');
    const seen = byYear.get(fy);
    // The original report names the year; an amendment only fills a year with no original.
    if (!seen || (seen.amended && !amended) || (seen.amended === amended && r.filed < seen.filed)) {
      byYear.set(fy, { fy, end: r.end, filed: r.filed, amended });
    }
  }
  return [...byYear.values()].sort((a, b) => a.fy - b.fy).map(({ fy, end, filed }) => ({ fy, end, filed }));
}

/** The last `years` fiscal years of figures, oldest first (empty when the company has no 10-K facts). */
export function annualFiguresFromFacts(json: CompanyFactsJson, years: number): AnnualFigures[] {
  const calendar = fiscalYears(json).slice(-years);
  if (calendar.length === 0) return [];
  const usd = (c: readonly string[], kind: Kind) => valuesByEnd(json, c, 'USD', kind);
  const revenue = usd(CONCEPTS.revenue, 'flow');
  const gross = usd(CONCEPTS.grossProfit, 'flow');
  const cost = usd(CONCEPTS.costOfRevenue, 'flow');
  const operating = usd(CONCEPTS.operatingIncome, 'flow');
  const net = usd(CONCEPTS.netIncome, 'flow');
  const eps = valuesByEnd(json, CONCEPTS.epsDiluted, 'USD/shares', 'flow');
  const assets = usd(CONCEPTS.totalAssets, 'stock');
  const liabilities = usd(CONCEPTS.totalLiabilities, 'stock');
  const liabilitiesAndEquity = usd(CONCEPTS.liabilitiesAndEquity, 'stock');
  const equity = usd(CONCEPTS.shareholdersEquity, 'stock');
  const equityAll = usd(CONCEPTS.equityWithMinority, 'stock');
  const cashFlow = usd(CONCEPTS.operatingCashFlow, 'flow');
  const capex = usd(CONCEPTS.capitalExpenditures, 'flow');
  const at = (m: Map<string, number>, end: string) => m.get(end) ?? null;
  return calendar.map(({ fy, end, filed }): AnnualFigures => {
    const rev = at(revenue, end);
    const costOf = at(cost, end);
    const lse = at(liabilitiesAndEquity, end);
    const eqAll = at(equityAll, end);
    return {
      fiscalYear: fy,
      periodEnd: end,
      filed,
      revenue: rev,
      grossProfit: at(gross, end) ?? (rev !== null && costOf !== null ? rev - costOf : null),
      operatingIncome: at(operating, end),
      netIncome: at(net, end),
      epsDiluted: at(eps, end),
      totalAssets: at(assets, end),
      totalLiabilities: at(liabilities, end) ?? (lse !== null && eqAll !== null ? lse - eqAll : null),
      shareholdersEquity: at(equity, end),
      operatingCashFlow: at(cashFlow, end),
      capitalExpenditures: at(capex, end),
    };
  });
}
