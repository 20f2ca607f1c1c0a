/**
 * Reads an uploaded user-data file as it streams in, row by row (never the whole file in memory):
 * CSV through csv-parse, XLSX through exceljs's streaming reader (its first sheet). XLS (Excel
 * 97-2003) cannot be streamed: it is read whole, within its own cap, by user-data.xls.ts. What the file
 * is comes from its first bytes (a zip is XLSX, an OLE file XLS, text CSV), its name only for the
 * spec's message when it is none of them.
 */
import { PassThrough, Transform, type Readable, type Writable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { USER_DATA_MSG, USER_DATA_XLS_MAX_BYTES, USER_DATA_XLSX_STRINGS_MAX_BYTES } from '@drat/contracts';
import { DomainError } from '../../core/errors';
import { xlsRows } from './user-data.xls';

export type SheetKind = 'csv' | 'xlsx' | 'xls';

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * An upload being read: its first bytes, and a stream giving the whole file again (those first).
 * When the upload itself fails (the client went away, the file is over the size limit), the stream
 * is destroyed with that error, and so is every stream it is piped to: readers that take it by
 * `pipe` (csv-parse, exceljs) would otherwise never hear of it and wait forever. `close` stops the
 * reading early and lets the upload go.
 */
interface Upload {
  head: Buffer;
  stream: PassThrough;
  /** Whether an error is the upload's own (to be told as such: 413, or a broken request). */
  isOwn(err: unknown): boolean;
  /**
   * A promise that rejects with the upload's error if it fails from now on (one waiter at a time:
   * each call replaces the last, so nothing piles up per row as on one long-lived promise).
   */
  failure(): Promise<never>;
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
  // Its error reaches the readers (below); this listener keeps an error nobody reads yet from
  // becoming an uncaught exception.
  stream.on('error', () => undefined);
  const pipe = stream.pipe.bind(stream);
  stream.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T => {
    stream.once('error', (err) => (destination as unknown as Writable).destroy(err));
    return pipe(destination, options);
  };
  let own: unknown = null;
  const waiter: { reject: ((err: unknown) => void) | null } = { reject: null };
  let closed = false;
  stream.write(head);
  void (async () => {
    try {
      for (;;) {
        const next = await iterator.next();
        if (next.done || closed) break;
        if (!stream.write(next.value)) {
          await new Promise<void>((resolve) => {
            const done = () => {
              stream.off('drain', done);
              stream.off('close', done);
              resolve();
            };
            stream.on('drain', done);
            stream.on('close', done);
          });
        }
        if (closed) break;
      }
      if (closed) await iterator.return?.();
      else stream.end();
    } catch (err) {
      own = err;
      waiter.reject?.(err);
      stream.destroy(err as Error);
    }
  })();
  return {
    head,
    stream,
    isOwn: (err) => own !== null && err === own,
    failure: () =>
      own !== null
        ? Promise.reject(own as Error)
        : new Promise<never>((_, reject) => {
            waiter.reject = reject;
          }),
    close: () => {
      closed = true;
      stream.destroy();
    },
  };
}

/**
 * The items of `iterable` until it ends, or until the upload fails (its error thrown then): for
 * exceljs, which reads an unzipped part of the file that never hears of the upload's end.
 */
async function* until<T>(iterable: AsyncIterable<T>, upload: Upload): AsyncGenerator<T> {
  const it = iterable[Symbol.asyncIterator]();
  let done = false;
  try {
    for (;;) {
      const next = await Promise.race([it.next(), upload.failure()]);
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
  for await (const chunk of upload.stream as AsyncIterable<Buffer>) {
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
    for await (const { record, info } of records) {
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
    for await (const sheet of until(workbook, upload)) {
      for await (const row of until(sheet, upload)) {
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
