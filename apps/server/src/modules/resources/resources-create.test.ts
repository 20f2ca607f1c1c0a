import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, RESOURCE_MAX_BYTES, RESOURCE_MSG, RESOURCE_THUMBNAIL_MAX_BYTES, type ResourceDto } from '@drat/contracts';
import { makeUser, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { diskStorage, type StorageProvider } from '../../providers/storage/index';
import type { Principal } from '../auth';
import { usersRepo } from '../users';
import { fileLinks } from './file-links';
import type { ResourceForm } from './resources.form';
import { resourcesRepo, type ResourcesRepo } from './resources.repo';
import { createResourcesService } from './resources.service';
import {
  alertTypeIds,
  incomingFiles,
  incomingUpload,
  pdfFile,
  postResource,
  SAMPLES,
  signedLinkTo,
  storedResourceFiles,
  type Attached,
  type FormFields,
} from '../../../test/resources-fixture';

/** POST /api/resources/create/: who may, every validation message, files checked by their bytes. */

let t: TestApp;
let superToken: string;
let superId: number;
let subscriberToken: string;
let types: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await makeUser(t.db, { isSuper: true, plans: [] });
  superId = admin.id;
  superToken = await signIn(t.app, admin);
  subscriberToken = await signIn(t.app, await makeUser(t.db, { plans: ['elite-monthly'] }));
  types = await alertTypeIds(t.db, ['SWING-ALERTS', 'LOTTO-OPTIONS']);
});
afterAll(async () => {
  await t?.close();
});

const count = async () => resourcesRepo(t.db).count();

/** Sends the form and checks that nothing was stored: no row, no file. */
async function refused(fields: FormFields, files: { file?: Attached; thumbnail?: Attached } = {}, token = superToken) {
  const [rowsBefore, filesBefore] = [await count(), storedResourceFiles(t)];
  const res = await postResource(t, token, fields, files);
  expect(await count()).toBe(rowsBefore);
  expect(storedResourceFiles(t)).toEqual(filesBefore);
  return res;
}

describe('who may create', () => {
  it('a subscriber gets 403 and nothing is stored', async () => {
    const res = await refused({ name: 'Mine', type: 'PDF', access: 'ALL' }, { file: pdfFile() }, subscriberToken);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: MSG.noPermission });
  });

  it('no token is 401', async () => {
    const res = await postResource(t, undefined, { name: 'Mine', type: 'PDF', access: 'ALL' }, { file: pdfFile() });
    expect(res.statusCode).toBe(401);
  });
});

describe("the spec's validation messages, as field errors (3-bots-admin-public §5)", () => {
  const video = {
    name: 'Clip',
    type: 'VIDEO',
    access: 'ALL',
    video_time_duration: '3:10',
    link: 'https://videos.example.com/clip',
  };
  it.each<[string, FormFields, { file?: Attached }, Record<string, string[]>]>([
    [
      'an empty form',
      {},
      {},
      { name: [RESOURCE_MSG.nameRequired], type: [RESOURCE_MSG.typeRequired], access: [RESOURCE_MSG.accessRequired] },
    ],
    [
      'a blank name and an unknown type',
      { name: '   ', type: 'BOOK', access: 'ALL' },
      {},
      { name: [RESOURCE_MSG.nameRequired], type: [RESOURCE_MSG.typeRequired] },
    ],
    [
      'an unknown category',
      { name: 'A', type: 'PDF', access: 'CRYPTO' },
      { file: pdfFile() },
      { access: [RESOURCE_MSG.accessRequired] },
    ],
    [
      'alert-type level without types',
      { name: 'A', type: 'PDF', access_level: 'alert_type' },
      { file: pdfFile() },
      { alert_types: [RESOURCE_MSG.alertTypeRequired] },
    ],
    [
      'both a category and alert types',
      { name: 'A', type: 'PDF', access: 'ALL', alert_types: ['1'] },
      { file: pdfFile() },
      { access: [RESOURCE_MSG.accessAndAlertTypes] },
    ],
    [
      'an alert type that does not exist',
      { name: 'A', type: 'PDF', alert_types: ['999999'] },
      { file: pdfFile() },
      { alert_types: [RESOURCE_MSG.unknownAlertType] },
    ],
    [
      'a video without duration, file or link',
      { name: 'V', type: 'VIDEO', access: 'ALL' },
      {},
      { video_time_duration: [RESOURCE_MSG.durationRequired], file: [RESOURCE_MSG.videoRequired] },
    ],
    [
      'a video link that is not a web address',
      { ...video, link: 'javascript:alert(1)' },
      {},
      { link: [RESOURCE_MSG.linkInvalid] },
    ],
    ['a PDF without its file', { name: 'A', type: 'PDF', access: 'ALL' }, {}, { file: [RESOURCE_MSG.pdfRequired] }],
    [
      'a sheet without its file',
      { name: 'A', type: 'SHEET', access: 'STOCKS' },
      {},
      { file: [RESOURCE_MSG.sheetRequired] },
    ],
    [
      'a name that is too long',
      { name: 'x'.repeat(201), type: 'PDF', access: 'ALL' },
      { file: pdfFile() },
      { name: [RESOURCE_MSG.nameTooLong] },
    ],
  ])('%s', async (_label, fields, files, errors) => {
    const res = await refused(fields, files);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
  });
});

describe('files are checked by their bytes, and a refused form stores nothing', () => {
  it.each<[string, FormFields, { file?: Attached; thumbnail?: Attached }, Record<string, string[]>]>([
    [
      'a .pdf that is really text',
      { type: 'PDF' },
      { file: { filename: 'guide.pdf', data: SAMPLES.text, contentType: 'application/pdf' } },
      { file: [RESOURCE_MSG.notPdf] },
    ],
    [
      'a PNG sent as a PDF',
      { type: 'PDF' },
      { file: { filename: 'guide.pdf', data: SAMPLES.png, contentType: 'application/pdf' } },
      { file: [RESOURCE_MSG.notPdf] },
    ],
    [
      'a PDF sent as a sheet',
      { type: 'SHEET' },
      { file: { filename: 'data.xlsx', data: SAMPLES.pdf } },
      { file: [RESOURCE_MSG.notSheet] },
    ],
    [
      'a Word document sent as a sheet',
      { type: 'SHEET' },
      { file: { filename: 'data.xlsx', data: SAMPLES.docx } },
      { file: [RESOURCE_MSG.notSheet] },
    ],
    [
      'prose sent as CSV',
      { type: 'SHEET' },
      { file: { filename: 'data.csv', data: Buffer.from('no delimiters here\nat all\n') } },
      { file: [RESOURCE_MSG.notSheet] },
    ],
    [
      'binary sent as CSV',
      { type: 'SHEET' },
      { file: { filename: 'data.csv', data: Buffer.from([0x61, 0x2c, 0x00, 0x01, 0xff, 0xfe]) } },
      { file: [RESOURCE_MSG.notSheet] },
    ],
    [
      'a PNG sent as a video',
      { type: 'VIDEO', video_time_duration: '1:00' },
      { file: { filename: 'clip.mp4', data: SAMPLES.png, contentType: 'video/mp4' } },
      { file: [RESOURCE_MSG.notVideo] },
    ],
    [
      'a text thumbnail beside a good PDF',
      { type: 'PDF' },
      { file: pdfFile(), thumbnail: { filename: 'cover.png', data: SAMPLES.text, contentType: 'image/png' } },
      { thumbnail: [RESOURCE_MSG.notThumbnail] },
    ],
    [
      'a thumbnail over its limit',
      { type: 'PDF' },
      {
        file: pdfFile(),
        thumbnail: {
          filename: 'cover.png',
          data: Buffer.concat([SAMPLES.png, Buffer.alloc(RESOURCE_THUMBNAIL_MAX_BYTES)]),
        },
      },
      { thumbnail: [RESOURCE_MSG.tooLarge('thumbnail', RESOURCE_THUMBNAIL_MAX_BYTES)] },
    ],
    [
      'a sheet over its limit',
      { type: 'SHEET' },
      {
        file: { filename: 'big.csv', data: Buffer.concat([SAMPLES.csv, Buffer.alloc(RESOURCE_MAX_BYTES.SHEET, 0x31)]) },
      },
      { file: [RESOURCE_MSG.tooLarge('sheet', RESOURCE_MAX_BYTES.SHEET)] },
    ],
  ])('%s', async (_label, fields, files, errors) => {
    const res = await refused({ name: 'Checked', access: 'ALL', ...fields }, files);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
  });
});

describe('created resources', () => {
  const create = async (fields: FormFields, files: { file?: Attached; thumbnail?: Attached } = {}) => {
    const res = await postResource(t, superToken, fields, files);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; data: ResourceDto }>();
    expect(body.message).toBe(RESOURCE_MSG.created);
    return body.data;
  };
  const served = (url: string) => t.inject({ method: 'GET', url });

  it('a PDF for a category: stored under a name from the title, served back as a PDF', async () => {
    const data = await create(
      { name: '  Risk & Reward: the basics ', type: 'PDF', access: 'STOCKS', description: 'Read first.' },
      { file: { filename: '../../../etc/passwd.pdf', data: SAMPLES.pdf, contentType: 'text/plain' } },
    );
    expect(data).toMatchObject({
      name: 'Risk & Reward: the basics',
      type: 'PDF',
      access: 'STOCKS',
      alert_types: [],
      link: null,
      thumbnail_url: null,
      video_time_duration: null,
      description: 'Read first.',
    });
    expect(data.file_url).toMatch(signedLinkTo('[\\w-]+-risk-reward-the-basics\\.pdf'));
    const file = await served(data.file_url!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(SAMPLES.pdf)).toBe(true);
  });

  it.each([
    ['XLSX', SAMPLES.xlsx, 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['XLS', SAMPLES.xls, 'xls', 'application/vnd.ms-excel'],
    ['CSV', SAMPLES.csv, 'csv', 'text/csv'],
  ])('a %s sheet, whatever its file name says', async (_label, bytes, ext, mime) => {
    const data = await create(
      { name: `Sheet ${ext}`, type: 'SHEET', alert_types: [types['SWING-ALERTS']!] },
      { file: { filename: 'upload.bin', data: bytes } },
    );
    expect(data.access).toBeNull();
    expect(data.alert_types).toEqual([{ id: types['SWING-ALERTS'], name: 'SWING-ALERTS' }]);
    expect(data.file_url).toMatch(signedLinkTo(`[\\w-]+\\.${ext}`));
    const file = await served(data.file_url!);
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-type'])).toContain(mime);
  });

  it('a video by link, with its thumbnail (WebP) and description', async () => {
    const data = await create(
      {
        name: 'Entries explained',
        type: 'VIDEO',
        alert_types: [types['SWING-ALERTS']!, types['LOTTO-OPTIONS']!],
        video_time_duration: '14:05',
        link: 'https://videos.example.com/entries',
        description: 'How to enter.',
      },
      { thumbnail: { filename: 'cover.webp', data: SAMPLES.webp } },
    );
    expect(data).toMatchObject({
      type: 'VIDEO',
      file_url: null,
      link: 'https://videos.example.com/entries',
      video_time_duration: '14:05',
      description: 'How to enter.',
    });
    expect(data.alert_types.map((a) => a.id).sort()).toEqual([types['SWING-ALERTS'], types['LOTTO-OPTIONS']].sort());
    expect(data.thumbnail_url).toMatch(signedLinkTo('[\\w-]+-entries-explained-thumbnail\\.webp'));
    expect((await served(data.thumbnail_url!)).statusCode).toBe(200);
  });

  it.each([
    ['MP4', SAMPLES.mp4, 'mp4'],
    ['WebM', SAMPLES.webm, 'webm'],
  ])('an uploaded %s video', async (_label, bytes, ext) => {
    const data = await create(
      { name: `Clip ${ext}`, type: 'VIDEO', access: 'OPTIONS', video_time_duration: '0:45' },
      { file: { filename: 'clip', data: bytes } },
    );
    expect(data.file_url).toMatch(signedLinkTo(`[\\w-]+-clip-${ext}\\.${ext}`));
    expect(data.link).toBeNull();
  });

  it('accepts alert types sent as alert_types[] too, and a duration is kept only for videos', async () => {
    const res = await postResource(
      t,
      superToken,
      { name: 'Brackets', type: 'PDF', 'alert_types[]': [types['LOTTO-OPTIONS']!], video_time_duration: '9:99' },
      { file: pdfFile() },
    );
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: ResourceDto }>().data;
    expect(data.alert_types).toEqual([{ id: types['LOTTO-OPTIONS'], name: 'LOTTO-OPTIONS' }]);
    expect(data.video_time_duration).toBeNull();
  });
});

describe('nothing stays behind when storing or saving fails half-way', () => {
  const principal = () => ({ user: { id: superId } }) as Principal;
  /** The form as resources.form.ts leaves it: its files streamed to the incoming folder. */
  const form = (): ResourceForm => ({
    fields: { name: 'Half-way', type: 'PDF', access: 'ALL' },
    file: incomingUpload(t, 'a.pdf', SAMPLES.pdf),
    thumbnail: incomingUpload(t, 'c.png', SAMPLES.png),
  });
  const service = (parts: { storage?: StorageProvider; repo?: ResourcesRepo }) =>
    createResourcesService({
      repo: parts.repo ?? resourcesRepo(t.db),
      storage: parts.storage ?? diskStorage(`${t.dataDir}/uploads`),
      links: fileLinks('a test secret that is long enough.'),
      incomingDir: path.join(t.dataDir, 'tmp', 'uploads'),
      users: usersRepo(t.db),
      rights: t.modules.rights,
      now: t.clock.now,
      log: pino({ level: 'silent' }),
    });

  it('the thumbnail cannot be stored: the file written before it is removed', async () => {
    const disk = diskStorage(`${t.dataDir}/uploads`);
    const failing: StorageProvider = {
      ...disk,
      put: (key, body, type) =>
        key.includes('thumbnail') ? Promise.reject(new Error('disk full')) : disk.put(key, body, type),
    };
    const [rows, files] = [await count(), storedResourceFiles(t)];
    await expect(service({ storage: failing }).create(principal(), form())).rejects.toThrow('disk full');
    expect(await count()).toBe(rows);
    expect(storedResourceFiles(t)).toEqual(files);
    expect(incomingFiles(t)).toEqual([]);
  });

  it('the row cannot be saved: both stored files are removed', async () => {
    const repo = resourcesRepo(t.db);
    const broken = { ...repo, insert: () => Promise.reject(new Error('database gone')) };
    const [rows, files] = [await count(), storedResourceFiles(t)];
    await expect(service({ repo: broken }).create(principal(), form())).rejects.toThrow('database gone');
    expect(await count()).toBe(rows);
    expect(storedResourceFiles(t)).toEqual(files);
    expect(incomingFiles(t)).toEqual([]);
  });
});
