import { detectImageType } from './image-type';

/** What a file really is, from its bytes: the declared name and content type are not trusted. */
export interface DetectedFile {
  mime: string;
  ext: string;
}

/**
 * What the detectors see of a file, kept as it streams in: its first and its last bytes (a zip
 * lists its entries at the end). `whole`: the file fits in `head`, and `tail` is empty.
 */
export interface FileSample {
  head: Buffer;
  tail: Buffer;
  whole: boolean;
}

/** How many bytes of each end a sample keeps. */
export const SAMPLE_BYTES = 64 * 1024;

/** Keeps the sample of a file fed chunk by chunk. */
export function sampler(size = SAMPLE_BYTES) {
  const head: Buffer[] = [];
  let headLength = 0;
  let tail = Buffer.alloc(0);
  let total = 0;
  return {
    add(chunk: Buffer) {
      total += chunk.length;
      let rest = chunk;
      if (headLength < size) {
        const taken = rest.subarray(0, size - headLength);
        head.push(Buffer.from(taken));
        headLength += taken.length;
        rest = rest.subarray(taken.length);
      }
      if (rest.length === 0) return;
      // Copied: a sample must not hold on to the chunks it saw.
      tail = rest.length >= size ? Buffer.from(rest.subarray(rest.length - size)) : Buffer.concat([tail, rest]);
      if (tail.length > size) tail = tail.subarray(tail.length - size);
    },
    sample(): FileSample {
      return { head: Buffer.concat(head), tail, whole: total <= size };
    },
  };
}

/** The sample of bytes held whole (as a stream of them would leave it). */
export function sampleOf(bytes: Buffer, size = SAMPLE_BYTES): FileSample {
  const s = sampler(size);
  s.add(bytes);
  return s.sample();
}

const startsWith = (bytes: Buffer, magic: number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

/** PDF: `%PDF-` within the first 1024 bytes (where readers look for it). */
export function detectPdf({ head }: FileSample): DetectedFile | null {
  const at = head.subarray(0, 1024).indexOf('%PDF-');
  return at >= 0 ? { mime: 'application/pdf', ext: 'pdf' } : null;
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE_CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Control characters other than tab, line feed and carriage return: not text. */
const hasControlCharacters = (text: string) => {
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
};

const isContinuationByte = (b: number) => (b & 0xc0) === 0x80;

/** Where the first whole UTF-8 character starts (a cut sample may begin inside one). */
function firstCharacterAt(bytes: Buffer): number {
  let at = 0;
  while (at < 3 && at < bytes.length && isContinuationByte(bytes[at]!)) at += 1;
  return at;
}

/** Where a character cut off at the end of a sample starts (the sample's end when none is). */
function cutCharacterAt(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back += 1) {
    const b = bytes[bytes.length - back]!;
    if (isContinuationByte(b)) continue;
    const needs = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return needs > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

/** UTF-8 text without control characters, or null; a cut sample's broken first and last characters are left out. */
function plainText(bytes: Buffer, cutAtStart: boolean, cutAtEnd: boolean): string | null {
  const from = cutAtStart ? firstCharacterAt(bytes) : 0;
  const to = cutAtEnd ? cutCharacterAt(bytes) : bytes.length;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(from, to));
    return hasControlCharacters(text) ? null : text;
  } catch {
    return null;
  }
}

/**
 * Text a person would call CSV: UTF-8 without control characters (at both ends of a large file),
 * with a delimiter on the first line.
 */
function looksLikeCsv({ head, tail, whole }: FileSample): boolean {
  if (head.length === 0) return false;
  const text = plainText(head, false, !whole);
  if (text === null || (!whole && plainText(tail, true, false) === null)) return false;
  const firstLine =
    text
      .replace(/^\ufeff/, '')
      .split(/\r?\n/)
      .find((l) => l.trim() !== '') ?? '';
  return /[,;\t]/.test(firstLine);
}

/**
 * Sheets: XLSX (a zip holding `[Content_Types].xml` and the `xl/` workbook, named in its first
 * entries or in the directory at its end), XLS (an OLE compound file) or CSV text.
 */
export function detectSheet(sample: FileSample): DetectedFile | null {
  const { head, tail } = sample;
  if (startsWith(head, ZIP)) {
    const names = (end: Buffer) => end.toString('latin1');
    const has = (name: string) => names(head).includes(name) || names(tail).includes(name);
    if (has('[Content_Types].xml') && has('xl/workbook.xml')) {
      return { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' };
    }
    return null;
  }
  if (startsWith(head, OLE_CFB)) return { mime: 'application/vnd.ms-excel', ext: 'xls' };
  return looksLikeCsv(sample) ? { mime: 'text/csv; charset=utf-8', ext: 'csv' } : null;
}

/** Videos: MP4 (an ISO-BMFF `ftyp` box first) or WebM (EBML with the `webm` doctype). */
export function detectVideo({ head }: FileSample): DetectedFile | null {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') return { mime: 'video/mp4', ext: 'mp4' };
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) && head.subarray(0, 64).includes('webm'))
    return { mime: 'video/webm', ext: 'webm' };
  return null;
}

/** Thumbnails: PNG, JPEG, GIF (as profile pictures) or WebP (`RIFF....WEBP`). */
export function detectThumbnail({ head: bytes }: FileSample): DetectedFile | null {
  const image = detectImageType(bytes);
  if (image) return image;
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return { mime: 'image/webp', ext: 'webp' };
  }
  return null;
}
