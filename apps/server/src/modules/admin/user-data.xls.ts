/**
 * The cells of an XLS file (Excel 97-2003, BIFF8), its first worksheet, as text. Enough of the
 * format for a contact list: shared strings (across CONTINUE records), labels, numbers (NUMBER, RK,
 * MULRK), booleans and the cached results of formulas. Formats are not read: a date comes as its
 * serial number (no user-data field is a date). The compound-file container is read by `cfb`
 * (SheetJS's, Apache-2.0); the records are read here, following [MS-XLS] 2.4.
 *
 * An XLS file has no streaming form (its parts are found by offsets), so the file is read whole;
 * the format holds at most 65,536 rows of 256 columns, and the file is capped apart (USER_DATA_XLS_MAX_BYTES).
 * Excel 95 and older (BIFF5) and password-protected files are refused in plain words.
 */
import CFB from 'cfb';
import { USER_DATA_MSG } from '@drat/contracts';
import { DomainError } from '../../core/errors';

const R = {
  BOF: 0x0809,
  EOF: 0x000a,
  FILEPASS: 0x002f,
  BOUNDSHEET: 0x0085,
  SST: 0x00fc,
  CONTINUE: 0x003c,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  RSTRING: 0x00d6,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  BOOLERR: 0x0205,
  FORMULA: 0x0006,
  STRING: 0x0207,
} as const;

/** What may stand between a FORMULA and its STRING: the formula itself, a shared formula, an array or a table. */
const BETWEEN_FORMULA_AND_STRING = new Set<number>([R.FORMULA, R.STRING, 0x04bc, 0x0221, 0x0236]);

interface Rec {
  type: number;
  data: Buffer;
  /** The CONTINUE records following it. */
  more: Buffer[];
}

const unreadable = (): DomainError => DomainError.field('file', USER_DATA_MSG.xlsNotRead);

/** The records of a stream from `at`, each with its CONTINUE records, up to and with the next EOF. */
function* records(stream: Buffer, at: number): Generator<Rec> {
  let pos = at;
  let last: Rec | null = null;
  while (pos + 4 <= stream.length) {
    const type = stream.readUInt16LE(pos);
    const size = stream.readUInt16LE(pos + 2);
    const data = stream.subarray(pos + 4, pos + 4 + size);
    if (data.length < size) throw unreadable();
    pos += 4 + size;
    if (type === R.CONTINUE && last) {
      last.more.push(data);
      continue;
    }
    if (last) yield last;
    last = { type, data, more: [] };
    if (type === R.EOF) break;
  }
  if (last) yield last;
}

/**
 * Reads a record and its CONTINUE records as one: a string's characters that run into the next
 * record start again there with a new flag byte (8- or 16-bit characters), [MS-XLS] 2.1.4.
 */
class Cursor {
  private parts: Buffer[];
  private part = 0;
  private pos = 0;

  constructor(rec: Rec) {
    this.parts = [rec.data, ...rec.more];
  }

  private ensure(): void {
    while (this.pos >= this.parts[this.part]!.length) {
      if (this.part + 1 >= this.parts.length) throw unreadable();
      this.part += 1;
      this.pos = 0;
    }
  }

  bytes(n: number): Buffer {
    const out: Buffer[] = [];
    let left = n;
    while (left > 0) {
      this.ensure();
      const buf = this.parts[this.part]!;
      const take = Math.min(left, buf.length - this.pos);
      out.push(buf.subarray(this.pos, this.pos + take));
      this.pos += take;
      left -= take;
    }
    return out.length === 1 ? out[0]! : Buffer.concat(out);
  }

  u8(): number {
    return this.bytes(1).readUInt8(0);
  }

  u16(): number {
    return this.bytes(2).readUInt16LE(0);
  }

  i32(): number {
    return this.bytes(4).readInt32LE(0);
  }

  /** `count` characters, 16-bit ones when `wide`; a record boundary inside brings a new flag byte. */
  chars(count: number, wide: boolean): string {
    let text = '';
    let left = count;
    let w = wide;
    while (left > 0) {
      if (this.pos >= this.parts[this.part]!.length) {
        this.ensure();
        w = (this.u8() & 0x01) === 1;
      }
      const room = this.parts[this.part]!.length - this.pos;
      const take = Math.min(left, Math.floor(room / (w ? 2 : 1)));
      if (take === 0) throw unreadable();
      const raw = this.bytes(take * (w ? 2 : 1));
      text += w ? raw.toString('utf16le') : raw.toString('latin1');
      left -= take;
    }
    return text;
  }

  /** An XLUnicodeRichExtendedString (the shared strings' form), its text. */
  richString(): string {
    const count = this.u16();
    const flags = this.u8();
    const runs = flags & 0x08 ? this.u16() : 0;
    const ext = flags & 0x04 ? this.i32() : 0;
    const text = this.chars(count, (flags & 0x01) === 1);
    if (runs > 0) this.bytes(runs * 4);
    if (ext > 0) this.bytes(ext);
    return text;
  }
}

/** An XLUnicodeString (a LABEL's or a formula's STRING), its text. */
function unicodeString(rec: Rec, at: number): string {
  const cursor = new Cursor({ ...rec, data: rec.data.subarray(at) });
  const count = cursor.u16();
  const flags = cursor.u8();
  return cursor.chars(count, (flags & 0x01) === 1);
}

/** An RkNumber, [MS-XLS] 2.5.217. */
function rk(value: number): number {
  let n: number;
  if (value & 0x02) {
    n = value >> 2;
  } else {
    const b = Buffer.alloc(8);
    b.writeUInt32LE((value & 0xfffffffc) >>> 0, 4);
    n = b.readDoubleLE(0);
  }
  return value & 0x01 ? n / 100 : n;
}

/** A number as a person would type it: 15551234567, not 1.5551234567e10; no float noise. */
function numberText(n: number): string {
  if (!Number.isFinite(n)) return '';
  if (Number.isInteger(n)) return Math.abs(n) < 1e21 ? n.toFixed(0) : String(n);
  return String(Number(n.toPrecision(15)));
}

/** The first worksheet's rows of an XLS file, numbered from 1, as text cells; blank rows left out. */
export function xlsRows(file: Buffer): { n: number; cells: string[] }[] {
  let book: Buffer;
  try {
    const container = CFB.read(file, { type: 'buffer' });
    const entry = CFB.find(container, 'Workbook') ?? CFB.find(container, 'Book');
    if (!entry?.content) throw unreadable();
    book = Buffer.from(entry.content as Uint8Array);
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw unreadable();
  }
  try {
    return readBook(book);
  } catch (err) {
    if (err instanceof DomainError) throw err;
    // A truncated or malformed record (a RangeError of Buffer's reads): the file is not readable.
    throw unreadable();
  }
}

function readBook(book: Buffer): { n: number; cells: string[] }[] {
  const shared: string[] = [];
  const sheets: number[] = [];
  let first = true;
  for (const rec of records(book, 0)) {
    if (first) {
      // BIFF8 says 0x0600 in its first BOF; Excel 95 and older wrote BIFF5 and before.
      if (rec.type !== R.BOF || rec.data.readUInt16LE(0) !== 0x0600) throw unreadable();
      first = false;
      continue;
    }
    if (rec.type === R.FILEPASS) throw unreadable();
    if (rec.type === R.BOUNDSHEET && rec.data.readUInt8(5) === 0) sheets.push(rec.data.readUInt32LE(0));
    if (rec.type === R.SST) {
      const cursor = new Cursor(rec);
      cursor.i32();
      const unique = cursor.i32();
      for (let i = 0; i < unique; i++) shared.push(cursor.richString());
    }
  }
  const at = sheets[0];
  if (at === undefined) return [];

  const rows = new Map<number, string[]>();
  const put = (row: number, col: number, text: string): void => {
    if (text === '') return;
    let cells = rows.get(row);
    if (!cells) rows.set(row, (cells = []));
    cells[col] = text;
  };
  let formulaAt: [number, number] | null = null;
  for (const rec of records(book, at)) {
    const d = rec.data;
    switch (rec.type) {
      case R.LABELSST:
        put(d.readUInt16LE(0), d.readUInt16LE(2), shared[d.readUInt32LE(6)] ?? '');
        break;
      case R.LABEL:
      case R.RSTRING:
        put(d.readUInt16LE(0), d.readUInt16LE(2), unicodeString(rec, 6));
        break;
      case R.NUMBER:
        put(d.readUInt16LE(0), d.readUInt16LE(2), numberText(d.readDoubleLE(6)));
        break;
      case R.RK:
        put(d.readUInt16LE(0), d.readUInt16LE(2), numberText(rk(d.readUInt32LE(6))));
        break;
      case R.MULRK: {
        const row = d.readUInt16LE(0);
        const col = d.readUInt16LE(2);
        const count = (d.length - 6) / 6;
        for (let i = 0; i < count; i++) put(row, col + i, numberText(rk(d.readUInt32LE(4 + i * 6 + 2))));
        break;
      }
      case R.BOOLERR:
        if (d.readUInt8(7) === 0) put(d.readUInt16LE(0), d.readUInt16LE(2), d.readUInt8(6) ? 'TRUE' : 'FALSE');
        break;
      case R.FORMULA: {
        const row = d.readUInt16LE(0);
        const col = d.readUInt16LE(2);
        if (d.readUInt16LE(12) !== 0xffff) put(row, col, numberText(d.readDoubleLE(6)));
        else if (d.readUInt8(6) === 0)
          formulaAt = [row, col]; // its text is the STRING record next
        else if (d.readUInt8(6) === 1) put(row, col, d.readUInt8(8) ? 'TRUE' : 'FALSE');
        break;
      }
      case R.STRING:
        if (formulaAt) put(formulaAt[0], formulaAt[1], unicodeString(rec, 0));
        formulaAt = null;
        break;
    }
    if (!BETWEEN_FORMULA_AND_STRING.has(rec.type)) formulaAt = null;
  }
  return [...rows.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([row, cells]) => ({ n: row + 1, cells: Array.from(cells, (c) => (c ?? '').trim()) }))
    .filter((r) => r.cells.some((c) => c !== ''));
}
