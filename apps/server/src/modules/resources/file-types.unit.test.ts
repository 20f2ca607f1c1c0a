import { describe, expect, it } from 'vitest';
import { makePdf, makeThumbnailPng, makeXlsx } from '../../db/seed/demo-files';
import { detectPdf, detectSheet, detectThumbnail, detectVideo } from './file-types';

describe('files are known by their bytes', () => {
  it.each<[string, Buffer, string | null]>([
    ['a generated PDF', makePdf('T', ['x']), 'pdf'],
    [
      'a PDF after a few junk bytes (readers allow it)',
      Buffer.concat([Buffer.from('\r\n  '), makePdf('T', [])]),
      'pdf',
    ],
    ['text', Buffer.from('hello, world'), null],
    ['an empty file', Buffer.alloc(0), null],
  ])('PDF: %s', (_label, bytes, ext) => {
    expect(detectPdf(bytes)?.ext ?? null).toBe(ext);
  });

  it.each<[string, Buffer, string | null]>([
    ['a generated XLSX', makeXlsx('S', [['a', 1]]), 'xlsx'],
    ['an OLE compound file (XLS)', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'xls'],
    ['CSV with commas', Buffer.from('a,b\n1,2\n'), 'csv'],
    ['CSV with semicolons and a BOM', Buffer.from('\ufeffa;b\r\n1;2\r\n'), 'csv'],
    ['tab-separated text after blank lines', Buffer.from('\n\nname\tprice\nAAPL\t190\n'), 'csv'],
    ['UTF-8 names', Buffer.from('Société,Prix\nÉlan,12\n'), 'csv'],
    ['prose', Buffer.from('Just some words.\nMore words.'), null],
    ['invalid UTF-8', Buffer.from([0x61, 0x2c, 0x62, 0xc3, 0x28]), null],
    ['a zip that is not a workbook', Buffer.from('PK\x03\x04[Content_Types].xml word/document.xml', 'latin1'), null],
    ['a PDF', makePdf('T', []), null],
  ])('sheet: %s', (_label, bytes, ext) => {
    expect(detectSheet(bytes)?.ext ?? null).toBe(ext);
  });

  it.each<[string, Buffer, string | null]>([
    ['MP4', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(12)]), 'mp4'],
    [
      'WebM',
      Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]), Buffer.from('webm')]),
      'webm',
    ],
    [
      'Matroska that is not WebM',
      Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88]), Buffer.from('matroska')]),
      null,
    ],
    ['a PNG', makeThumbnailPng([0, 0, 0], [9, 9, 9], 4, 4), null],
  ])('video: %s', (_label, bytes, ext) => {
    expect(detectVideo(bytes)?.ext ?? null).toBe(ext);
  });

  it.each<[string, Buffer, string | null]>([
    ['PNG', makeThumbnailPng([0, 0, 0], [9, 9, 9], 4, 4), 'png'],
    ['WebP', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]), 'webp'],
    ['WAV (RIFF but not WebP)', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]), null],
    ['SVG (script-capable, refused)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
  ])('thumbnail: %s', (_label, bytes, ext) => {
    expect(detectThumbnail(bytes)?.ext ?? null).toBe(ext);
  });
});
