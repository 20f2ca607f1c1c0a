/**
 * The 10-K analysis workbook (1-core §2, §7 GET /stock/sheet-analysis): one sheet with fiscal years
 * as columns. Figures are values from the 10-K facts; free cash flow, growth (YoY), margins and
 * returns are Excel formulas over the figure cells (with their computed results cached, so viewers
 * that do not recalculate show them too). A small table at the bottom, in USD millions, is laid
 * out for a chart (series as rows, years as columns).
 */
import ExcelJS from 'exceljs';
import type { AnnualFacts, AnnualFigures } from '../../../providers/filings/interface';

type FigureKey = Exclude<keyof AnnualFigures, 'fiscalYear' | 'periodEnd' | 'filed'>;

const USD = '#,##0.0,,"M";[Red]-#,##0.0,,"M"';
const EPS = '0.00;[Red]-0.00';
const PERCENT = '0.0%;[Red]-0.0%';
const MILLIONS = '#,##0.0;[Red]-#,##0.0';

/** The figure rows, top to bottom; free cash flow is a formula row placed right after them. */
export const FIGURE_ROWS: readonly { key: FigureKey; label: string; format: string }[] = [
  { key: 'revenue', label: 'Revenue', format: USD },
  { key: 'grossProfit', label: 'Gross Profit', format: USD },
  { key: 'operatingIncome', label: 'Operating Income', format: USD },
  { key: 'netIncome', label: 'Net Income', format: USD },
  { key: 'epsDiluted', label: 'EPS (diluted)', format: EPS },
  { key: 'totalAssets', label: 'Total Assets', format: USD },
  { key: 'totalLiabilities', label: 'Total Liabilities', format: USD },
  { key: 'shareholdersEquity', label: "Shareholders' Equity", format: USD },
  { key: 'operatingCashFlow', label: 'Operating Cash Flow', format: USD },
  { key: 'capitalExpenditures', label: 'Capital Expenditures', format: USD },
];

/** Where things are: row numbers of the layout (1-based, as in Excel). */
export const LAYOUT = {
  title: 1,
  source: 2,
  header: 3,
  periodEnd: 4,
  firstFigure: 5,
} as const;

type Cell = number | '';
type Series = Cell[];

/** Column letter of year `i` (0-based): B, C, ... */
export function col(i: number): string {
  return String.fromCharCode(66 + i);
}

const blank = (v: number | null): Cell => (v === null ? '' : v);
const ratio = (num: Cell, den: Cell): Cell => (num === '' || den === '' || den === 0 ? '' : num / den);
const growth = (prev: Cell, cur: Cell): Cell =>
  prev === '' || cur === '' || prev === 0 ? '' : (cur - prev) / Math.abs(prev);

export interface SheetOptions {
  generatedAt: Date;
  /** Where the figures came from, for the source line. */
  source: string;
}

export interface BuiltSheet {
  workbook: ExcelJS.Workbook;
  /** Row number of each labelled row (tests and readers). */
  rows: Record<string, number>;
}

export function buildAnalysisWorkbook(facts: AnnualFacts, options: SheetOptions): BuiltSheet {
  const years = facts.years;
  const n = years.length;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'DRAT';
  wb.created = options.generatedAt;
  wb.calcProperties.fullCalcOnLoad = true;
  const ws = wb.addWorksheet(`${facts.ticker.replace(/[\\/?*[\]:]/g, '-')} 10-K`.slice(0, 31), {
    views: [{ state: 'frozen', xSplit: 1, ySplit: LAYOUT.header }],
  });
  ws.getColumn(1).width = 30;
  for (let i = 0; i < n; i++) ws.getColumn(i + 2).width = 16;
  const last = col(n - 1);
  const rows: Record<string, number> = {};

  const title = ws.getCell(`A${LAYOUT.title}`);
  title.value = `${facts.entityName} (${facts.ticker}): 10-K figures, fiscal years ${years[0]!.fiscalYear} to ${years[n - 1]!.fiscalYear}`;
  title.font = { bold: true, size: 14 };
  const source = ws.getCell(`A${LAYOUT.source}`);
  source.value = `${options.source} · CIK ${facts.cik} · amounts in USD (shown in millions) · generated ${options.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  source.font = { italic: true, color: { argb: 'FF666666' } };

  const header = ws.getRow(LAYOUT.header);
  header.getCell(1).value = 'Fiscal year';
  years.forEach((y, i) => (header.getCell(i + 2).value = `FY${y.fiscalYear}`));
  header.font = { bold: true };
  header.eachCell((c, column) => {
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDCE6F1' } };
    c.alignment = { horizontal: column === 1 ? 'left' : 'right' };
  });
  const periodRow = ws.getRow(LAYOUT.periodEnd);
  periodRow.getCell(1).value = 'Period end';
  years.forEach((y, i) => {
    const c = periodRow.getCell(i + 2);
    c.value = y.periodEnd;
    c.alignment = { horizontal: 'right' };
  });
  periodRow.font = { italic: true };

  // Figures: values. `series` keeps each row's numbers to compute formula results alongside.
  const series = new Map<string, Series>();
  let r: number = LAYOUT.firstFigure;
  for (const fig of FIGURE_ROWS) {
    const values = years.map((y) => blank(y[fig.key]));
    const row = ws.getRow(r);
    row.getCell(1).value = fig.label;
    values.forEach((v, i) => {
      const c = row.getCell(i + 2);
      c.value = v === '' ? null : v;
      c.numFmt = fig.format;
    });
    series.set(fig.label, values);
    rows[fig.label] = r++;
  }

  /** A row of formulas, one per year (`from` is the first year column that has one). */
  const formulaRow = (
    label: string,
    format: string,
    formula: (c: string, p: string) => string,
    value: (i: number) => Cell,
    from = 0,
  ) => {
    const row = ws.getRow(r);
    row.getCell(1).value = label;
    const values: Series = [];
    for (let i = 0; i < n; i++) {
      const result = i < from ? '' : value(i);
      values.push(result);
      if (i < from) continue;
      const c = row.getCell(i + 2);
      c.value = { formula: formula(col(i), i > 0 ? col(i - 1) : ''), result };
      c.numFmt = format;
    }
    series.set(label, values);
    rows[label] = r++;
  };
  const at = (label: string) => rows[label]!;
  const s = (label: string) => series.get(label)!;

  const ocf = at('Operating Cash Flow');
  const capex = at('Capital Expenditures');
  formulaRow(
    'Free Cash Flow',
    USD,
    (c) => `IF(OR(${c}${ocf}="",${c}${capex}=""),"",${c}${ocf}-${c}${capex})`,
    (i) => {
      const o = s('Operating Cash Flow')[i]!;
      const k = s('Capital Expenditures')[i]!;
      return o === '' || k === '' ? '' : o - k;
    },
  );

  const section = (label: string) => {
    r++;
    const c = ws.getCell(`A${r}`);
    c.value = label;
    c.font = { bold: true };
    rows[label] = r++;
  };

  section('Growth (YoY)');
  for (const base of ['Revenue', 'Gross Profit', 'Operating Income', 'Net Income', 'EPS (diluted)', 'Free Cash Flow']) {
    const br = at(base);
    formulaRow(
      `${base} growth`,
      PERCENT,
      (c, p) => `IF(OR(${p}${br}="",${c}${br}="",${p}${br}=0),"",(${c}${br}-${p}${br})/ABS(${p}${br}))`,
      (i) => growth(s(base)[i - 1]!, s(base)[i]!),
      1,
    );
  }

  section('Margins');
  const rev = at('Revenue');
  for (const [label, base] of [
    ['Gross margin', 'Gross Profit'],
    ['Operating margin', 'Operating Income'],
    ['Net margin', 'Net Income'],
    ['Free cash flow margin', 'Free Cash Flow'],
  ] as const) {
    const br = at(base);
    formulaRow(
      label,
      PERCENT,
      (c) => `IF(OR(${c}${rev}="",${c}${rev}=0,${c}${br}=""),"",${c}${br}/${c}${rev})`,
      (i) => ratio(s(base)[i]!, s('Revenue')[i]!),
    );
  }

  section('Returns and leverage');
  for (const [label, top, bottom] of [
    ['Return on equity', 'Net Income', "Shareholders' Equity"],
    ['Liabilities to assets', 'Total Liabilities', 'Total Assets'],
  ] as const) {
    const tr = at(top);
    const br = at(bottom);
    formulaRow(
      label,
      PERCENT,
      (c) => `IF(OR(${c}${br}="",${c}${br}=0,${c}${tr}=""),"",${c}${tr}/${c}${br})`,
      (i) => ratio(s(top)[i]!, s(bottom)[i]!),
    );
  }

  // Chart data: USD millions, series as rows, years as columns (select it and insert a chart).
  section('Chart data (USD millions)');
  const chartHeader = ws.getRow(r);
  chartHeader.getCell(1).value = 'Series';
  years.forEach(
    (_, i) =>
      (chartHeader.getCell(i + 2).value = {
        formula: `${col(i)}${LAYOUT.header}`,
        result: `FY${years[i]!.fiscalYear}`,
      }),
  );
  chartHeader.font = { bold: true };
  rows['Chart header'] = r++;
  for (const base of ['Revenue', 'Net Income', 'Free Cash Flow']) {
    const br = at(base);
    formulaRow(
      `${base} (USD M)`,
      MILLIONS,
      (c) => `IF(${c}${br}="","",ROUND(${c}${br}/1000000,1))`,
      (i) => {
        const v = s(base)[i]!;
        // Excel's ROUND goes half away from zero.
        return v === '' ? '' : (Math.sign(v) * Math.round(Math.abs(v) / 100_000)) / 10;
      },
    );
  }
  ws.getCell(`A${r + 1}`).value = `Chart range: A${rows['Chart header']}:${last}${r - 1}`;
  ws.getCell(`A${r + 1}`).font = { italic: true, color: { argb: 'FF666666' } };
  return { workbook: wb, rows };
}

/** AAPL_10K_analysis_20261122-0130.xlsx (UTC). */
export function sheetFilename(ticker: string, at: Date): string {
  const iso = at.toISOString();
  const stamp = `${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 13)}${iso.slice(14, 16)}`;
  return `${ticker.replace(/[^A-Za-z0-9]/g, '-')}_10K_analysis_${stamp}.xlsx`;
}

export async function workbookBuffer(wb: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await wb.xlsx.writeBuffer());
}
