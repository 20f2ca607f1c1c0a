/**
 * Reads an uploaded user-data file as it streams in, row by row (never the whole file in memory):
 * CSV through csv-parse, XLSX through exceljs's streaming reader (its first sheet). XLS (Excel
 * 97-2003) cannot be streamed: it is read whole, within its own cap, by user-data.xls.ts. What the file
 * is comes from its first bytes (a zip is XLSX, an OLE file XLS, text CSV), its name only for the
 * spec's message when it is none of them.
 */
import { PassThrough, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { USER_DATA_MSG, USER_DATA_XLS_MAX_BYTES } from '@drat/contracts';
import { DomainError } from '../../core/errors';
import { xlsRows } from './user-data.xls';

export type SheetKind = 'csv' | 'xlsx' | 'xls';

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** The file's first chunk, and a stream giving the whole file again (that chunk first). */
async function peek(source: Readable): Promise<{ head: Buffer; stream: Readable }> {
  const chunks: Buffer[] = [];
  let size = 0;
  const iterator = source[Symbol.asyncIterator]();
  while (size < 512) {
    const next = (await iterator.next()) as IteratorResult<Buffer>;
    if (next.done) break;
    chunks.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(chunks);
  const stream = new PassThrough();
  stream.write(head);
  void (async () => {
    try {
      for (;;) {
        const next = (await iterator.next()) as IteratorResult<Buffer>;
        if (next.done) break;
        if (!stream.write(next.value)) await new Promise((r) => stream.once('drain', r));
      }
      stream.end();
    } catch (err) {
      stream.destroy(err as Error);
    }
  })();
  return { head, stream };
}

/** What the file is, by its first bytes and, failing those, its name. */
function kindOf(head: Buffer, filename: string): SheetKind {
  if (head.subarray(0, 4).equals(ZIP)) return 'xlsx';
  if (head.subarray(0, 8).equals(OLE)) return 'xls';
  // Named .xls but not an OLE file: Excel 4 or older (a bare BIFF stream), or not a workbook at all.
  if (/\.xls$/i.test(filename) && head.includes(0)) throw DomainError.field('file', USER_DATA_MSG.xlsNotRead);
  const named = /\.(csv|xlsx?|txt)$/i.test(filename);
  // Text: no NUL byte in its first bytes (a binary file of another kind has them).
  if (!head.includes(0) && (named || head.length > 0)) return 'csv';
  throw DomainError.field('file', USER_DATA_MSG.fileType);
}

/** A cell of exceljs as text: numbers as written, dates as YYYY-MM-DD, links and rich text as their text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value);
}

/**
 * The rows of an uploaded file, numbered from 1 (the header row), as text cells. Blank rows are
 * left out. The file is read as its rows are asked for, so whoever asks sets the pace.
 */
export async function* sheetRows(source: Readable, filename: string): AsyncGenerator<{ n: number; cells: string[] }> {
  if (!/\.(csv|xlsx?|txt)$/i.test(filename)) throw DomainError.field('file', USER_DATA_MSG.fileType);
  const { head, stream } = await peek(source);
  if (head.length === 0) throw DomainError.field('file', USER_DATA_MSG.fileRequired);
  const kind = kindOf(head, filename);
  if (kind === 'xls') {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > USER_DATA_XLS_MAX_BYTES) {
        stream.destroy();
        throw DomainError.field('file', USER_DATA_MSG.xlsTooLarge);
      }
      chunks.push(chunk);
    }
    yield* xlsRows(Buffer.concat(chunks));
    return;
  }
  if (kind === 'csv') {
    const parser = stream.pipe(
      parse({
        bom: true,
        relax_column_count: true,
        skip_empty_lines: true,
        trim: true,
        info: true,
        max_record_size: 64 * 1024,
      }),
    );
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (record.every((c) => c === '')) continue;
      yield { n: info.lines, cells: record };
    }
    return;
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    entries: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  for await (const sheet of workbook) {
    for await (const row of sheet) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      const cells = values.map((v) => cellText(v as ExcelJS.CellValue).trim());
      if (cells.every((c) => c === '')) continue;
      yield { n: row.number, cells };
    }
    return; // the first sheet only
  }
}
