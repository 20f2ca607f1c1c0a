import { detectImageType } from '../../core/image-type';

/** What a file really is, from its bytes: the declared name and content type are not trusted. */
export interface DetectedFile {
  mime: string;
  ext: string;
}

const startsWith = (bytes: Buffer, magic: number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

/** PDF: `%PDF-` within the first 1024 bytes (where readers look for it). */
export function detectPdf(bytes: Buffer): DetectedFile | null {
  const at = bytes.subarray(0, 1024).indexOf('%PDF-');
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

/** Text a person would call CSV: UTF-8 without control characters, with a delimiter on the first line. */
function looksLikeCsv(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  if (hasControlCharacters(text)) return false;
  const firstLine =
    text
      .replace(/^\ufeff/, '')
      .split(/\r?\n/)
      .find((l) => l.trim() !== '') ?? '';
  return /[,;\t]/.test(firstLine);
}

/**
 * Sheets: XLSX (a zip holding `[Content_Types].xml` and the `xl/` workbook), XLS (an OLE compound
 * file) or CSV text.
 */
export function detectSheet(bytes: Buffer): DetectedFile | null {
  if (startsWith(bytes, ZIP)) {
    const names = bytes.toString('latin1');
    if (names.includes('[Content_Types].xml') && names.includes('xl/workbook.xml')) {
      return { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' };
    }
    return null;
  }
  if (startsWith(bytes, OLE_CFB)) return { mime: 'application/vnd.ms-excel', ext: 'xls' };
  return looksLikeCsv(bytes) ? { mime: 'text/csv; charset=utf-8', ext: 'csv' } : null;
}

/** Videos: MP4 (an ISO-BMFF `ftyp` box first) or WebM (EBML with the `webm` doctype). */
export function detectVideo(bytes: Buffer): DetectedFile | null {
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') return { mime: 'video/mp4', ext: 'mp4' };
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]) && bytes.subarray(0, 64).includes('webm'))
    return { mime: 'video/webm', ext: 'webm' };
  return null;
}

/** Thumbnails: PNG, JPEG, GIF (as profile pictures) or WebP (`RIFF....WEBP`). */
export function detectThumbnail(bytes: Buffer): DetectedFile | null {
  const image = detectImageType(bytes);
  if (image) return image;
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return { mime: 'image/webp', ext: 'webp' };
  }
  return null;
}
