/**
 * How an upload is read (user-data.read.ts) when it goes wrong: the client goes away half way, the
 * reading stops early, a CSV's quotes are broken, an XLSX unpacks to more text than is kept.
 * Nothing may hang, crash the process or be told as the wrong thing.
 */
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { USER_DATA_MSG } from '@drat/contracts';
import { DomainError } from '../../core/errors';
import { sheetRows } from './user-data.read';

async function readAll(rows: AsyncIterable<{ n: number; cells: string[] }>) {
  const out: string[][] = [];
  for await (const r of rows) out.push(r.cells);
  return out;
}

const told = async (rows: AsyncIterable<unknown>): Promise<unknown> => {
  try {
    for await (const _ of rows) void _;
  } catch (err) {
    return err instanceof DomainError ? err.details : err;
  }
  return 'read';
};

async function xlsx(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('People');
  rows.forEach((r) => sheet.addRow(r));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A source that gives `head`, then fails as an aborted request does. */
function breaking(head: Buffer, err: Error): PassThrough {
  const source = new PassThrough();
  source.write(head);
  setTimeout(() => source.destroy(err), 20);
  return source;
}

describe('reading an upload', () => {
  it('a-csv-upload-the-client-breaks-off-fails-with-the-uploads-own-error-and-never-hangs', async () => {
    const lost = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    const head = Buffer.from('email,first_name\r\n' + 'a@example.com,A\r\n'.repeat(100));
    expect(await told(sheetRows(breaking(head, lost), 'people.csv'))).toBe(lost);
  });

  it('an-xlsx-upload-the-client-breaks-off-fails-with-the-uploads-own-error-and-never-hangs', async () => {
    const file = await xlsx([['email'], ...Array.from({ length: 2000 }, (_, i) => [`p${i}@example.com`])]);
    const lost = new Error('aborted');
    expect(await told(sheetRows(breaking(file.subarray(0, file.length >> 1), lost), 'people.xlsx'))).toBe(lost);
  });

  it('reading-stopped-early-lets-the-upload-go', async () => {
    const source = Readable.from(
      (function* () {
        yield Buffer.from('email\r\n');
        for (let i = 0; i < 10_000; i++) yield Buffer.from(`p${i}@example.com\r\n`);
      })(),
    );
    for await (const row of sheetRows(source, 'people.csv')) if (row.n === 3) break;
    await new Promise((r) => setTimeout(r, 50));
    expect(source.destroyed).toBe(true);
  });

  it('a-csv-whose-quotes-are-broken-is-told-with-its-line', async () => {
    const file = Readable.from([Buffer.from('email,first_name\r\nok@example.com,Ok\r\n"bad@example.com,Bad\r\n')]);
    expect(await told(sheetRows(file, 'people.csv'))).toEqual({ file: [USER_DATA_MSG.csvUnreadable(4)] });
    const long = Readable.from([Buffer.from('email\r\n' + 'x'.repeat(70_000) + '\r\n')]);
    expect(await told(sheetRows(long, 'people.csv'))).toEqual({ file: [USER_DATA_MSG.csvRowTooLong(2)] });
  });

  it('an-xlsx-whose-texts-unpack-past-the-limit-is-refused-and-one-within-it-is-read', async () => {
    const rows = [
      ['email', 'first_name'],
      ...Array.from({ length: 3000 }, (_, i) => [`p${i}@example.com`, `Name ${i}`]),
    ];
    const file = await xlsx(rows);
    // About 100 KB of shared strings: refused under 50 KB, read under 1 MB.
    expect(await told(sheetRows(Readable.from([file]), 'people.xlsx', 50_000))).toEqual({
      file: [USER_DATA_MSG.xlsxTooLarge],
    });
    expect(await readAll(sheetRows(Readable.from([file]), 'people.xlsx', 1_000_000))).toEqual(rows);
  });

  it('a-damaged-xlsx-is-told-so-in-plain-words', async () => {
    const file = await xlsx([['email'], ['a@example.com']]);
    const damaged = Buffer.concat([file.subarray(0, 200), Buffer.alloc(2000, 0x41)]);
    expect(await told(sheetRows(Readable.from([damaged]), 'people.xlsx'))).toEqual({
      file: [USER_DATA_MSG.xlsxUnreadable],
    });
  });
});
