import { describe, expect, it } from 'vitest';
import { makePdf, makeThumbnailPng, makeXlsx, makeZip } from '../db/seed/demo-files';
import { detectPdf, detectSheet, detectThumbnail, detectVideo, SAMPLE_BYTES, sampleOf, sampler } from './file-types';

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
    expect(detectPdf(sampleOf(bytes))?.ext ?? null).toBe(ext);
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
    expect(detectSheet(sampleOf(bytes))?.ext ?? null).toBe(ext);
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
    expect(detectVideo(sampleOf(bytes))?.ext ?? null).toBe(ext);
  });

  it.each<[string, Buffer, string | null]>([
    ['PNG', makeThumbnailPng([0, 0, 0], [9, 9, 9], 4, 4), 'png'],
    ['WebP', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]), 'webp'],
    ['WAV (RIFF but not WebP)', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]), null],
    ['SVG (script-capable, refused)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
  ])('thumbnail: %s', (_label, bytes, ext) => {
    expect(detectThumbnail(sampleOf(bytes))?.ext ?? null).toBe(ext);
  });
});

describe('large files are known by their first and last bytes, as they stream in', () => {
  const KB = 1024;
  /** Text of `bytes` bytes: lines of `line` until the size is reached. */
  const text = (line: string, bytes: number) =>
    Buffer.from(line.repeat(Math.ceil(bytes / line.length))).subarray(0, bytes);

  it('a sample keeps the first and the last bytes, copied from the chunks, whatever their sizes', () => {
    const bytes = Buffer.from(Array.from({ length: 10_000 }, (_v, i) => i % 251));
    for (const chunk of [1, 7, 100, 4096, 10_000]) {
      const s = sampler(1000);
      for (let at = 0; at < bytes.length; at += chunk) s.add(bytes.subarray(at, at + chunk));
      const { head, tail, whole } = s.sample();
      expect(head.equals(bytes.subarray(0, 1000)), `chunks of ${chunk}`).toBe(true);
      expect(tail.equals(bytes.subarray(9000)), `chunks of ${chunk}`).toBe(true);
      expect(whole).toBe(false);
    }
    expect(sampleOf(bytes.subarray(0, 1000), 1000)).toEqual({
      head: bytes.subarray(0, 1000),
      tail: Buffer.alloc(0),
      whole: true,
    });
  });

  it('an XLSX whose workbook is named only in the zip directory at its end', () => {
    const big = makeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/worksheets/sheet1.xml', data: text('<row><c>1</c></row>', 3 * SAMPLE_BYTES) },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    ]);
    expect(sampleOf(big).head.includes('xl/workbook.xml')).toBe(false);
    expect(detectSheet(sampleOf(big))?.ext).toBe('xlsx');
  });

  it('a CSV cut inside a character at the end of its first bytes is still CSV; binary at its end is not', () => {
    // 'é' is two bytes: place one across the sample's edge.
    const csv = Buffer.concat([Buffer.from('Name,Price\n'), text('é', SAMPLE_BYTES), text('AAPL,190\n', 200 * KB)]);
    expect(csv.subarray(0, SAMPLE_BYTES).toString('utf8').endsWith('\ufffd')).toBe(true);
    expect(detectSheet(sampleOf(csv))?.ext).toBe('csv');
    const junk = Buffer.concat([csv, Buffer.from([0x00, 0x01, 0x02])]);
    expect(detectSheet(sampleOf(junk))).toBeNull();
  });
});
