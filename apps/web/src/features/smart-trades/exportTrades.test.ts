import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { Workbook } from 'exceljs';
import { EXPORT_HEADER, exportFilename, exportRows, tradesWorkbook } from './exportTrades';

describe('Export (2-trading §2.1)', () => {
  it('has the columns Trade ID, Date, Symbol, Account, Status', () => {
    expect(EXPORT_HEADER).toEqual(['Trade ID', 'Date', 'Symbol', 'Account', 'Status']);
  });

  it('writes a row per trade of the list shown, in its order, with the date as the table shows it', () => {
    const trades = [
      { id: 12, created: '2026-03-02T14:30:00Z', ticker: 'MSFT', account_id: 'SIM-7', status: 'PENDING' },
      { id: 9, created: '2026-03-01T09:05:00Z', ticker: 'AAPL', account_id: 'SIM-7', status: 'CANCELLED' },
    ] as const;
    expect(exportRows(trades)).toEqual([
      [12, formatDateTime('2026-03-02T14:30:00Z'), 'MSFT', 'SIM-7', 'PENDING'],
      [9, formatDateTime('2026-03-01T09:05:00Z'), 'AAPL', 'SIM-7', 'CANCELLED'],
    ]);
    expect(exportRows([])).toEqual([]);
  });

  it('names the file after the list and the filter', () => {
    expect(exportFilename('live', 'ALL')).toBe('smart-trades-all.xlsx');
    expect(exportFilename('archived', 'CUSTOM')).toBe('archived-smart-trades-custom.xlsx');
    expect(exportFilename('live', 'SMT TEMPLATE')).toBe('smart-trades-smt-template.xlsx');
    expect(exportFilename('demo', 'DIONE')).toBe('demo-smart-trades-dione.xlsx');
  });

  it('writes an .xlsx whose sheet holds the header and the rows', async () => {
    const trade = {
      id: 5,
      created: '2026-03-02T14:30:00Z',
      ticker: 'NVDA',
      account_id: 'SIM-3',
      status: 'OPEN',
    } as const;
    const book = new Workbook();
    await book.xlsx.load(await tradesWorkbook([trade]));
    const sheet = book.getWorksheet('Smart Trades')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([...EXPORT_HEADER]);
    expect(values(2)).toEqual(exportRows([trade])[0]);
    expect(sheet.rowCount).toBe(2);
  });
});
