import type { SmartTradeDto } from '@drat/contracts';
import { formatDateTime } from '../../lib/format';
import { downloadBlob } from '../../lib/download';
import { typeSlug, type TypeFilter } from './tradeTypes';

/** The export's columns (2-trading §2.1 "Export"). */
export const EXPORT_HEADER = ['Trade ID', 'Date', 'Symbol', 'Account', 'Status'] as const;
export type ExportRow = [id: number, date: string, symbol: string, account: string, status: string];

type Exported = Pick<SmartTradeDto, 'id' | 'created' | 'ticker' | 'account_id' | 'status'>;

/** The sheet's rows: one per trade of the list shown, in its order, with the dates the table shows. */
export function exportRows(trades: readonly Exported[]): ExportRow[] {
  return trades.map((t) => [t.id, formatDateTime(t.created), t.ticker, t.account_id, t.status]);
}

/** 'smart-trades-all.xlsx', 'archived-smart-trades-custom.xlsx', 'demo-smart-trades-dione.xlsx'. */
export function exportFilename(list: 'live' | 'archived' | 'demo', type: TypeFilter): string {
  const prefix = list === 'live' ? '' : `${list}-`;
  return `${prefix}smart-trades-${typeSlug(type)}.xlsx`;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An .xlsx file of one sheet: a header row in bold, then the rows; exceljs is fetched only when someone exports. */
export async function sheetWorkbook(
  sheetName: string,
  header: readonly string[],
  rows: readonly (string | number)[][],
): Promise<ArrayBuffer> {
  const { Workbook } = await import('exceljs');
  const book = new Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.columns = header.map((title) => ({ header: title, width: /Date|updated/.test(title) ? 22 : 14 }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(rows.map((r) => [...r]));
  return book.xlsx.writeBuffer();
}

/** The .xlsx file of the trades (2-trading §2.1 "Export"). */
export const tradesWorkbook = (trades: readonly Exported[]) =>
  sheetWorkbook('Smart Trades', EXPORT_HEADER, exportRows(trades));

/** Saves one sheet as `filename` (.xlsx). */
export async function downloadSheet(filename: string, workbook: Promise<ArrayBuffer>): Promise<void> {
  downloadBlob(new Blob([await workbook], { type: XLSX_TYPE }), filename);
}

/** Saves the trades as `filename` (.xlsx). */
export const downloadTradesSheet = (trades: readonly Exported[], filename: string) =>
  downloadSheet(filename, tradesWorkbook(trades));
