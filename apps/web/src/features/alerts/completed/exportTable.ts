import { downloadBlob } from '../../../lib/download';

/** Export of the completed-alerts table (1-core §2 'Export'): CSV written here, XLSX through exceljs. */

export interface ExportColumn<T> {
  title: string;
  value: (row: T) => string | number;
}

/** Spreadsheet apps run cells that start like a formula: such text gets a leading apostrophe. */
function safeText(value: string | number): string | number {
  return typeof value === 'string' && /^[=+@\t\r]/.test(value) ? `'${value}` : value;
}

function csvCell(value: string | number): string {
  const text = String(safeText(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV with a header row and CRLF line ends. */
export function toCsv<T>(columns: readonly ExportColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvCell(c.title)), ...rows.map((r) => columns.map((c) => csvCell(c.value(r))))];
  return lines.map((l) => l.join(',')).join('\r\n') + '\r\n';
}

export function downloadCsv<T>(columns: readonly ExportColumn<T>[], rows: readonly T[], filename: string): void {
  // The byte-order mark makes Excel read the file as UTF-8.
  downloadBlob(new Blob(['\ufeff', toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }), `${filename}.csv`);
}

/** XLSX in the browser; exceljs is loaded only when someone exports. */
export async function downloadXlsx<T>(
  columns: readonly ExportColumn<T>[],
  rows: readonly T[],
  filename: string,
  sheet: string,
): Promise<void> {
  const { Workbook } = await import('exceljs');
  const workbook = new Workbook();
  const ws = workbook.addWorksheet(sheet.slice(0, 31) || 'Alerts');
  ws.columns = columns.map((c) => ({ header: c.title, width: Math.max(12, c.title.length + 4) }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(columns.map((c) => safeText(c.value(r))));
  const buffer = await workbook.xlsx.writeBuffer();
  downloadBlob(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    `${filename}.xlsx`,
  );
}
