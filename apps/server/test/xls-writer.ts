/**
 * Writes a small XLS file (Excel 97-2003, BIFF8) for tests: one worksheet, text cells as shared
 * strings (the SST, split into CONTINUE records the way Excel splits it, [MS-XLS] 2.1.4: a string's
 * characters running past a record go on in the next with a new flag byte), numbers as NUMBER
 * records, wrapped in a compound file by `cfb`. Real files made by Excel are in
 * test/fixtures/xls; this writer makes the large and the odd ones (thousands of strings, 16-bit
 * characters across a boundary, a password-protected or an Excel 95 file).
 */
import CFB from 'cfb';

const MAX_RECORD = 8224;

const record = (type: number, data: Buffer): Buffer => {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(data.length, 2);
  return Buffer.concat([head, data]);
};

const u16 = (n: number): Buffer => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n, 0);
  return b;
};
const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n, 0);
  return b;
};

const isWide = (s: string): boolean => [...s].some((c) => c.charCodeAt(0) > 0xff);

/** The SST record and its CONTINUE records. */
function sst(strings: string[], total: number): Buffer {
  const records: Buffer[] = [];
  let type = 0x00fc;
  let current: Buffer[] = [u32(total), u32(strings.length)];
  let size = 8;
  const flush = (): void => {
    records.push(record(type, Buffer.concat(current)));
    type = 0x003c;
    current = [];
    size = 0;
  };
  for (const s of strings) {
    const wide = isWide(s);
    // A string's header (count and flags) is never split.
    if (size + 3 > MAX_RECORD) flush();
    current.push(u16(s.length), Buffer.from([wide ? 1 : 0]));
    size += 3;
    let rest = s;
    while (rest.length > 0) {
      const per = wide ? 2 : 1;
      const fit = Math.floor((MAX_RECORD - size) / per);
      if (fit === 0) {
        flush();
        current.push(Buffer.from([wide ? 1 : 0]));
        size = 1;
        continue;
      }
      const part = rest.slice(0, fit);
      current.push(Buffer.from(part, wide ? 'utf16le' : 'latin1'));
      size += part.length * per;
      rest = rest.slice(part.length);
    }
  }
  flush();
  return Buffer.concat(records);
}

export interface XlsOptions {
  /** A FILEPASS record: the file says it is password-protected. */
  encrypted?: boolean;
  /** The first BOF says BIFF5 (Excel 95). */
  biff5?: boolean;
}

/** An XLS file whose first worksheet holds `rows` (text as shared strings, numbers as numbers). */
export function xlsFile(rows: (string | number | null)[][], options: XlsOptions = {}): Buffer {
  const strings: string[] = [];
  const index = new Map<string, number>();
  let total = 0;
  const cells: Buffer[] = [];
  rows.forEach((row, r) =>
    row.forEach((value, c) => {
      if (value === null) return;
      if (typeof value === 'number') {
        const n = Buffer.alloc(8);
        n.writeDoubleLE(value, 0);
        cells.push(record(0x0203, Buffer.concat([u16(r), u16(c), u16(15), n])));
        return;
      }
      total += 1;
      if (!index.has(value)) {
        index.set(value, strings.length);
        strings.push(value);
      }
      cells.push(record(0x00fd, Buffer.concat([u16(r), u16(c), u16(15), u32(index.get(value)!)])));
    }),
  );
  const bof = (dt: number): Buffer =>
    record(0x0809, Buffer.concat([u16(options.biff5 ? 0x0500 : 0x0600), u16(dt), u16(0), u16(0), u32(0), u32(0)]));
  const eof = record(0x000a, Buffer.alloc(0));
  const name = 'People';
  const sheetRecord = (offset: number): Buffer =>
    record(0x0085, Buffer.concat([u32(offset), Buffer.from([0, 0, name.length, 0]), Buffer.from(name, 'latin1')]));
  const before = Buffer.concat([bof(0x0005), options.encrypted ? record(0x002f, Buffer.alloc(6)) : Buffer.alloc(0)]);
  const after = Buffer.concat([sst(strings, total), eof]);
  const offset = before.length + sheetRecord(0).length + after.length;
  const book = Buffer.concat([before, sheetRecord(offset), after, bof(0x0010), ...cells, eof]);
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, 'Workbook', book);
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}
