/**
 * Reads an uploaded user-data file as it streams in, row by row (never the whole file in memory):
 * CSV through csv-parse, XLSX through exceljs's streaming reader (its first sheet). XLS (Excel
 * 97-2003) cannot be streamed: it is read whole, within its own cap, by user-data.xls.ts. What the file
 * is comes from its first bytes (a zip is XLSX, an OLE file XLS, text CSV), its name only for the
 * spec's message when it is none of them.
 */
import { PassThrough, Transform, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { USER_DATA_MSG, USER_DATA_XLS_MAX_BYTES, USER_DATA_XLSX_STRINGS_MAX_BYTES } from '@drat/contracts';
import { DomainError } from '../../core/errors';
import { xlsRows } from './user-data.xls';

export type SheetKind = 'csv' | 'xlsx' | 'xls';

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * An upload being read: its first bytes, a stream giving the whole file again (those first), and
 * `failed`, which rejects with the upload's own error (the client went away, the file is over the
 * size limit). Readers that take the stream by `pipe` (csv-parse, exceljs) never hear of an error
 * of their source, so every read races `failed` (`until`); `close` stops the reading early.
 */
interface Upload {
  head: Buffer;
  stream: PassThrough;
  failed: Promise<never>;
  /** Whether an error is the upload's own (to be told as such: 413, or a broken request). */
  isOwn(err: unknown): boolean;
  close(): void;
}

async function open(source: Readable): Promise<Upload> {
  const chunks: Buffer[] = [];
  let size = 0;
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  while (size < 512) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(chunks);
  const stream = new PassThrough();
  let own: unknown = null;
  let fail: (err: unknown) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => undefined); // told through `until`, or nobody was reading any more
  let closed = false;
  stream.write(head);
  void (async () => {
    try {
      for (;;) {
        const next = await iterator.next();
        if (next.done) break;
        if (closed) break;
        if (!stream.write(next.value))
          await new Promise<void>((resolve) => {
            stream.once('drain', resolve);
            stream.once('close', resolve);
          });
        if (closed) break;
      }
      if (closed) await iterator.return?.();
      else stream.end();
    } catch (err) {
      own = err;
      fail(err);
      stream.destroy();
    }
  })();
  return {
    head,
    stream,
    failed,
    isOwn: (err) => own !== null && err === own,
    close: () => {
      closed = true;
      stream.destroy();
    },
  };
}

/** The items of `iterable` until it ends, or until `failed` rejects (its error thrown then). */
async function* until<T>(iterable: AsyncIterable<T>, failed: Promise<never>): AsyncGenerator<T> {
  const it = iterable[Symbol.asyncIterator]();
  let done = false;
  try {
    for (;;) {
      const next = await Promise.race([it.next(), failed]);
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    // Left early: let the reader go (never awaited: a reader waiting on a dead source never answers).
    if (!done) void Promise.resolve(it.return?.()).catch(() => undefined);
  }
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
export async function* sheetRows(
  source: Readable,
  filename: string,
  /** The most an XLSX file's shared strings may unpack to (tests make it small). */
  stringsMax = USER_DATA_XLSX_STRINGS_MAX_BYTES,
): AsyncGenerator<{ n: number; cells: string[] }> {
  if (!/\.(csv|xlsx?|txt)$/i.test(filename)) throw DomainError.field('file', USER_DATA_MSG.fileType);
  const upload = await open(source);
  try {
    if (upload.head.length === 0) throw DomainError.field('file', USER_DATA_MSG.fileRequired);
    const kind = kindOf(upload.head, filename);
    if (kind === 'xls') yield* xlsOf(upload);
    else if (kind === 'csv') yield* csvOf(upload);
    else yield* xlsxOf(upload, stringsMax);
  } finally {
    upload.close();
  }
}

/** An XLS file, read whole (within its own cap), then its rows. */
async function* xlsOf(upload: Upload): AsyncGenerator<{ n: number; cells: string[] }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of until(upload.stream as AsyncIterable<Buffer>, upload.failed)) {
    size += chunk.length;
    if (size > USER_DATA_XLS_MAX_BYTES) throw DomainError.field('file', USER_DATA_MSG.xlsTooLarge);
    chunks.push(chunk);
  }
  yield* xlsRows(Buffer.concat(chunks));
}

/** A CSV file's records as they stream in; a record csv-parse cannot read is told with its line. */
async function* csvOf(upload: Upload): AsyncGenerator<{ n: number; cells: string[] }> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    info: true,
    max_record_size: CSV_MAX_RECORD,
  });
  upload.stream.pipe(parser);
  const records = parser as AsyncIterable<{ record: string[]; info: { lines: number } }>;
  try {
    for await (const { record, info } of until(records, upload.failed)) {
      if (record.every((c) => c === '')) continue;
      yield { n: info.lines, cells: record };
    }
  } catch (err) {
    throw csvError(err) ?? err;
  } finally {
    parser.destroy();
  }
}

const CSV_MAX_RECORD = 64 * 1024;

/** csv-parse's error (code CSV_…, with the line it reached) in plain words under `file`, or null. */
function csvError(err: unknown): DomainError | null {
  if (err === null || typeof err !== 'object' || !('code' in err) || typeof err.code !== 'string') return null;
  if (!err.code.startsWith('CSV_')) return null;
  const line = 'lines' in err && typeof err.lines === 'number' ? err.lines : 0;
  return DomainError.field(
    'file',
    err.code === 'CSV_MAX_RECORD_SIZE' ? USER_DATA_MSG.csvRowTooLong(line) : USER_DATA_MSG.csvUnreadable(line),
  );
}

/** An XLSX file's first sheet, row by row as it streams in; a file exceljs cannot read is told so. */
async function* xlsxOf(upload: Upload, stringsMax: number): AsyncGenerator<{ n: number; cells: string[] }> {
  const workbook = new BoundedWorkbookReader(stringsMax, upload.stream, {
    entries: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  try {
    for await (const sheet of until(workbook, upload.failed)) {
      for await (const row of until(sheet, upload.failed)) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        const cells = values.map((v) => cellText(v as ExcelJS.CellValue).trim());
        if (cells.every((c) => c === '')) continue;
        yield { n: row.number, cells };
      }
      return; // the first sheet only
    }
  } catch (err) {
    if (err instanceof DomainError || upload.isOwn(err)) throw err;
    throw DomainError.field('file', USER_DATA_MSG.xlsxUnreadable);
  }
}

/**
 * exceljs's streaming reader keeps the shared strings (the sheet's texts) in memory while the rows
 * stream; a zip of a few MB can unpack to gigabytes of them. This one stops reading them past
 * `stringsMax` bytes unpacked (USER_DATA_XLSX_STRINGS_MAX_BYTES), told in plain words. (`_parseSharedStrings` is
 * exceljs 4's own step for xl/sharedStrings.xml; the unit test fails if it goes away.)
 */
class BoundedWorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  constructor(
    private readonly stringsMax: number,
    ...args: ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookReader>
  ) {
    super(...args);
  }

  async *_parseSharedStrings(entry: Readable): AsyncGenerator<unknown> {
    let size = 0;
    const max = this.stringsMax;
    const counted = entry.pipe(
      new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > max) done(DomainError.field('file', USER_DATA_MSG.xlsxTooLarge));
          else done(null, chunk);
        },
      }),
    );
    entry.on('error', (err) => counted.destroy(err));
    const own = (ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as BoundedWorkbookReader)._parseSharedStrings;
    yield* own.call(this, counted);
  }
}
