import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { ResourceDto } from '@drat/contracts';
import type { Db } from '../src/db/client';
import { alertTypes } from '../src/db/schema/index';
import { makePdf, makeThumbnailPng, makeXlsx, makeZip } from '../src/db/seed/demo-files';
import { sampleOf } from '../src/core/file-types';
import type { Upload } from '../src/modules/resources/resources.form';
import { multipartBody, type TestApp } from './harness';

/** Test helpers of the resources area: sample files by their real bytes, and the create form. */

const OLE_CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export const SAMPLES = {
  pdf: makePdf('Test guide', ['A small but real PDF.']),
  xlsx: makeXlsx('Data', [
    ['Ticker', 'Price'],
    ['AAPL', 190.5],
  ]),
  /** The header of an OLE compound file, as every .xls starts. */
  xls: Buffer.concat([OLE_CFB, Buffer.alloc(504, 0)]),
  csv: Buffer.from('Ticker,Entry,Exit\nAAPL,182.40,191.10\n'),
  /** A Word document's zip: [Content_Types].xml but no xl/ workbook. */
  docx: makeZip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
  ]),
  /** The first box of an MP4 file (`ftyp`, brand isom). */
  mp4: Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(20, 0)]),
  /** An EBML header with the webm doctype. */
  webm: Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]),
    Buffer.from('webm'),
    Buffer.alloc(16, 0),
  ]),
  png: makeThumbnailPng([10, 20, 30], [200, 100, 50], 32, 18),
  webp: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x1a, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(14, 0),
  ]),
  text: Buffer.from('This is plain text pretending to be a document.\nNothing more.\n'),
};

export interface Attached {
  filename: string;
  data: Buffer;
  contentType?: string;
}

export type FormFields = Record<string, string | string[] | number | number[] | undefined>;

/** POST /api/resources/create/ as the browser sends it: fields first, then the files. */
export function postResource(
  t: TestApp,
  token: string | undefined,
  fields: FormFields,
  files: { file?: Attached; thumbnail?: Attached } = {},
) {
  const parts: Parameters<typeof multipartBody>[0] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) parts.push({ name, data: String(v) });
  }
  for (const [name, f] of Object.entries(files)) {
    if (f)
      parts.push({
        name,
        filename: f.filename,
        contentType: f.contentType ?? 'application/octet-stream',
        data: f.data,
      });
  }
  if (parts.length === 0) parts.push({ name: 'nothing', data: '' });
  const { payload, headers } = multipartBody(parts);
  return t.inject({
    method: 'POST',
    url: '/api/resources/create/',
    payload,
    headers: { ...headers, ...(token ? { authorization: `Token ${token}` } : {}) },
  });
}

/** Creates a resource through the API and answers it; fails the test when the server refuses. */
export async function createResource(
  t: TestApp,
  token: string,
  fields: FormFields,
  files: { file?: Attached; thumbnail?: Attached } = {},
) {
  const res = await postResource(t, token, fields, files);
  if (res.statusCode !== 200) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
  return res.json<{ message: string; data: ResourceDto }>().data;
}

export const pdfFile = (filename = 'guide.pdf'): Attached => ({
  filename,
  data: SAMPLES.pdf,
  contentType: 'application/pdf',
});

/** Ids of catalogue alert types by name. */
export async function alertTypeIds(db: Db, names: string[]): Promise<Record<string, number>> {
  const rows = await db
    .select({ id: alertTypes.id, name: alertTypes.name })
    .from(alertTypes)
    .where(inArray(alertTypes.name, names));
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

/** Every file under the test app's uploads/resources folder. */
export function storedResourceFiles(t: TestApp): string[] {
  const dir = path.join(t.dataDir, 'uploads', 'resources');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

/** Where the create form streams its files before they are stored (DATA_DIR/tmp/uploads). */
const incomingDir = (t: TestApp) => path.join(t.dataDir, 'tmp', 'uploads');

/** Every file in the folder uploads stream to: empty once each request is done with its files. */
export function incomingFiles(t: TestApp): string[] {
  return fs.existsSync(incomingDir(t)) ? fs.readdirSync(incomingDir(t)).sort() : [];
}

/** A file as resources.form.ts leaves it after streaming it in: written to the incoming folder. */
export function incomingUpload(t: TestApp, filename: string, bytes: Buffer): Upload {
  fs.mkdirSync(incomingDir(t), { recursive: true });
  const file = path.join(incomingDir(t), `${randomBytes(6).toString('hex')}.upload`);
  fs.writeFileSync(file, bytes);
  return { filename, path: file, size: bytes.length, sample: sampleOf(bytes) };
}

/** A link to a stored resource file signed for a user: `/media/resources/<path>?u=…&exp=…&sig=…`. */
export const signedLinkTo = (pathPattern: string) =>
  new RegExp(`^/media/resources/${pathPattern}\\?u=\\d+&exp=\\d+&sig=[\\w-]{43}$`);

export const namesOf = (list: { name: string }[]) => list.map((r) => r.name).sort();
