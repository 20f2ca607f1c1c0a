import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, RESOURCE_MAX_BYTES, RESOURCE_MSG, type ResourceDto, type ResourcesResponse } from '@drat/contracts';
import { makeUser, signIn, type TestUser } from '../../../test/factories';
import { createTestApp, multipartBody, type TestApp } from '../../../test/harness';
import { PNG } from '../../../test/images';
import {
  createResource,
  incomingFiles,
  pdfFile,
  postResource,
  SAMPLES,
  storedResourceFiles,
} from '../../../test/resources-fixture';
import { S3_BUCKET, S3_KEY_ID, S3_SECRET, startFakeS3 } from '../../../test/s3-fake';
import { composeModules } from '../../compose';
import { subscriptions, users } from '../../db/schema/index';
import { buildApp } from '../../http/app';
import { s3Storage } from '../../providers/storage/index';
import { resourcesRepo } from './resources.repo';

/**
 * Resource files are not public (issue 12): /media/resources/ answers only links signed for a user
 * whose plans give the resource, checked again on every use; profile pictures stay public; uploads
 * stream to disk and past the limit leave nothing behind; with S3, links are the bucket's presigned
 * URLs and the bucket stays private.
 */

let t: TestApp;
let admin: TestUser;
let stocks: TestUser;
let options: TestUser;
let lapsing: TestUser;
let stocksGuide: ResourceDto;
let stocksClip: ResourceDto;
let adminNotes: ResourceDto;

/** A fresh session (tests move the clock past the idle limit). */
const tokenOf = (user: TestUser) => signIn(t.app, user);
/** GET without any session: what a browser tab sends for a link. */
const open = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });
const pathOf = (link: string) => new URL(link, 'http://drat.test').pathname;
const queryOf = (link: string) => new URL(link, 'http://drat.test').searchParams;
const withQuery = (link: string, change: Record<string, string>) => {
  const url = new URL(link, 'http://drat.test');
  for (const [k, v] of Object.entries(change)) url.searchParams.set(k, v);
  return `${url.pathname}${url.search}`;
};
const library = async (user: TestUser) => {
  const res = await t.get('/resources', { token: await tokenOf(user) });
  expect(res.statusCode).toBe(200);
  return res.json<ResourcesResponse>();
};
const find = (r: ResourcesResponse, name: string) => [...r.pdfs, ...r.sheets, ...r.videos].find((x) => x.name === name);

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.db, { isSuper: true, plans: [] });
  stocks = await makeUser(t.db, { plans: ['stocks-monthly'] });
  options = await makeUser(t.db, { plans: ['options-monthly'] });
  lapsing = await makeUser(t.db, { plans: ['stocks-monthly'] });
  const token = await tokenOf(admin);
  stocksGuide = await createResource(
    t,
    token,
    { name: 'Stocks guide', type: 'PDF', access: 'STOCKS' },
    { file: pdfFile() },
  );
  stocksClip = await createResource(
    t,
    token,
    { name: 'Stocks clip', type: 'VIDEO', access: 'STOCKS', video_time_duration: '0:30' },
    { file: { filename: 'clip.mp4', data: SAMPLES.mp4 }, thumbnail: { filename: 'cover.png', data: SAMPLES.png } },
  );
  adminNotes = await createResource(
    t,
    token,
    { name: 'Admin notes', type: 'PDF', access: 'ADMIN' },
    { file: pdfFile() },
  );
});
afterAll(async () => {
  await t?.close();
});

describe('a resource file is not served to anyone with its address', () => {
  it('its old public address (no signed link) is refused, in words, for the file and its thumbnail', async () => {
    for (const link of [stocksGuide.file_url!, stocksClip.file_url!, stocksClip.thumbnail_url!]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.inject({ method, url: pathOf(link) });
        expect(res.statusCode, `${method} ${pathOf(link)}`).toBe(403);
        if (method === 'GET') expect(res.json()).toEqual({ detail: RESOURCE_MSG.fileLinkMissing });
      }
    }
  });

  it('nor through the public profile folder, nor anywhere else under /media/', async () => {
    const file = pathOf(stocksGuide.file_url!).slice('/media/resources/'.length);
    for (const url of [
      `/media/profile/..%2Fresources%2F${file}`,
      `/media/profile/%2E%2E/resources/${file}`,
      `/media/${file}`,
      `/media/tmp/uploads/${file}`,
    ]) {
      const res = await open(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.rawPayload.equals(SAMPLES.pdf), url).toBe(false);
    }
  });

  it('profile pictures stay public, at the same /media/profile/ addresses', async () => {
    const { payload, headers } = multipartBody([
      { name: 'new_image', filename: 'me.png', contentType: 'image/png', data: PNG },
    ]);
    const res = await t.inject({
      method: 'POST',
      url: '/api/profile/profile_image_change/',
      payload,
      headers: { ...headers, authorization: `Token ${await tokenOf(stocks)}` },
    });
    expect(res.statusCode).toBe(200);
    const url = res.json<{ new_image_url: string }>().new_image_url;
    expect(url).toMatch(/^\/media\/profile\/[\w-]+\.png$/);
    const served = await open(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });
});

describe('a link signed for a user whose plans give the resource', () => {
  it('opens the file without a session: its bytes, its type, cached privately no longer than the link lives', async () => {
    const guide = find(await library(stocks), 'Stocks guide')!;
    expect(queryOf(guide.file_url!).get('u')).toBe(String(stocks.id));
    const res = await open(guide.file_url!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(15 * 60);
    expect(maxAge).toBeLessThanOrEqual(20 * 60);
  });

  it("serves a video's byte ranges (a player seeks), and its thumbnail", async () => {
    const clip = find(await library(stocks), 'Stocks clip')!;
    const part = await open(clip.file_url!, { range: 'bytes=4-11' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString('latin1')).toBe('ftypisom');
    const thumbnail = await open(clip.thumbnail_url!);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.rawPayload.equals(SAMPLES.png)).toBe(true);
  });

  it('is the same link when the list is read again within minutes (the browser reuses its cache)', async () => {
    const first = find(await library(stocks), 'Stocks guide')!.file_url;
    t.clock.advance(1000);
    expect(find(await library(stocks), 'Stocks guide')!.file_url).toBe(first);
  });

  it('super users get links to every resource, ADMIN ones included', async () => {
    const notes = find(await library(admin), 'Admin notes')!;
    expect((await open(notes.file_url!)).statusCode).toBe(200);
    expect(find(await library(stocks), 'Admin notes')).toBeUndefined();
  });
});

describe('a link is refused when it was changed', () => {
  it.each<[string, (link: string) => string]>([
    ['another signature', (l) => withQuery(l, { sig: `${queryOf(l).get('sig')!.slice(0, -2)}AA` })],
    ['a later expiry', (l) => withQuery(l, { exp: String(Number(queryOf(l).get('exp')) + 3600) })],
    ['a user left out', (l) => `${pathOf(l)}?exp=${queryOf(l).get('exp')}&sig=${queryOf(l).get('sig')}`],
    ['a user id that is not a number', (l) => withQuery(l, { u: 'admin' })],
    ['another file', (l) => `${pathOf(adminNotes.file_url!)}?${queryOf(l).toString()}`],
  ])('%s: 403', async (_label, change) => {
    const link = find(await library(stocks), 'Stocks guide')!.file_url!;
    const res = await open(change(link));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: RESOURCE_MSG.fileLinkInvalid });
  });

  it("is bound to its user: another user's id in it breaks it, so nobody borrows another's access", async () => {
    // The options subscriber's plans do not give the stocks guide: no link of theirs names it.
    expect(find(await library(options), 'Stocks guide')).toBeUndefined();
    const link = find(await library(stocks), 'Stocks guide')!.file_url!;
    const asOptions = await open(withQuery(link, { u: String(options.id) }));
    expect(asOptions.statusCode).toBe(403);
    expect(asOptions.json()).toEqual({ detail: RESOURCE_MSG.fileLinkInvalid });
    // Nor does the super user's own link to the same file become theirs.
    const adminLink = find(await library(admin), 'Stocks guide')!.file_url!;
    expect(queryOf(adminLink).get('u')).toBe(String(admin.id));
    expect((await open(withQuery(adminLink, { u: String(stocks.id) }))).statusCode).toBe(403);
  });
});

describe('a link is checked again each time it is used', () => {
  it("stops working when its user's plans no longer give the resource, though it has not expired", async () => {
    const link = find(await library(lapsing), 'Stocks guide')!.file_url!;
    expect((await open(link)).statusCode).toBe(200);
    await t.db
      .update(subscriptions)
      .set({ endsAt: new Date(t.clock.now().getTime() - 60_000) })
      .where(eq(subscriptions.userId, lapsing.id));
    const res = await open(link);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: RESOURCE_MSG.fileLinkRefused });
  });

  it('stops working when its user is deactivated', async () => {
    const user = await makeUser(t.db, { plans: ['stocks-monthly'] });
    const link = find(await library(user), 'Stocks guide')!.file_url!;
    expect((await open(link)).statusCode).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const res = await open(link);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: RESOURCE_MSG.fileLinkRefused });
  });

  it('a deleted resource is gone: 404', async () => {
    const token = await tokenOf(admin);
    const gone = await createResource(t, token, { name: 'Soon gone', type: 'PDF', access: 'ALL' }, { file: pdfFile() });
    expect((await open(gone.file_url!)).statusCode).toBe(200);
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/resources/${gone.id}`,
      headers: { authorization: `Token ${token}` },
    });
    expect(del.statusCode).toBe(200);
    const res = await open(gone.file_url!);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: MSG.notFound });
  });
});

describe('GET /api/resources/open/{id}: a fresh link when the one held is old', () => {
  const openCall = async (id: number | string, user?: TestUser) =>
    t.get(`/resources/open/${id}`, user ? { token: await tokenOf(user) } : {});

  it('a subscriber gets the resource with links signed for them', async () => {
    const res = await openCall(stocksGuide.id, stocks);
    expect(res.statusCode).toBe(200);
    const body = res.json<ResourceDto>();
    expect(body).toMatchObject({ id: stocksGuide.id, name: 'Stocks guide', type: 'PDF', access: 'STOCKS' });
    expect(queryOf(body.file_url!).get('u')).toBe(String(stocks.id));
    expect((await open(body.file_url!)).statusCode).toBe(200);
  });

  it("a resource the caller's plans do not give is 404, as one that does not exist; a bad id 400", async () => {
    for (const [id, who] of [
      [stocksGuide.id, options],
      [adminNotes.id, stocks],
      [999_999, stocks],
    ] as const) {
      const res = await openCall(id, who);
      expect(res.statusCode, `${id}`).toBe(404);
      expect(res.json()).toEqual({ detail: MSG.notFound });
    }
    expect((await openCall('abc', stocks)).statusCode).toBe(400);
  });

  it('super users may open any resource; anonymous callers none', async () => {
    expect((await openCall(adminNotes.id, admin)).statusCode).toBe(200);
    const anonymous = await openCall(stocksGuide.id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: MSG.authRequired });
  });
});

describe('links expire', () => {
  it('a document link after 15 minutes (and at most 20): 403 in words; a fresh one works', async () => {
    const start = find(await library(stocks), 'Stocks guide')!.file_url!;
    const clip = find(await library(stocks), 'Stocks clip')!;
    t.clock.advanceMinutes(14);
    expect((await open(start)).statusCode).toBe(200);
    t.clock.advanceMinutes(7);
    const res = await open(start);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: RESOURCE_MSG.fileLinkExpired });
    expect((await open(clip.thumbnail_url!)).statusCode).toBe(403);

    // A video plays for longer: its link lives 3 hours.
    expect((await open(clip.file_url!)).statusCode).toBe(200);
    const fresh = (
      await t.get(`/resources/open/${stocksGuide.id}`, { token: await tokenOf(stocks) })
    ).json<ResourceDto>();
    expect((await open(fresh.file_url!)).statusCode).toBe(200);

    t.clock.advanceMinutes(3 * 60);
    expect((await open(clip.file_url!)).statusCode).toBe(403);
  });
});

/** A multipart body streamed as it is sent: `parts` first, then a PDF of `size` bytes in the `file` field. */
function streamedForm(parts: { name: string; filename?: string; data: Buffer | string }[], size: number) {
  const boundary = `----dratStream${randomBytes(6).toString('hex')}`;
  const head = (name: string, filename?: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n` +
        `${filename ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`,
    );
  async function* body() {
    for (const p of parts) yield Buffer.concat([head(p.name, p.filename), Buffer.from(p.data), Buffer.from('\r\n')]);
    yield head('file', 'huge.pdf');
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    chunk.write('%PDF-1.7\n');
    for (let sent = 0; sent < size; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, size - sent));
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(body()),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('uploads stream to storage', () => {
  it('a file past every limit is refused with 413 as it streams; no row, no stored or temporary file stays', async () => {
    const limit = Math.max(...Object.values(RESOURCE_MAX_BYTES));
    const [rows, stored] = [await resourcesRepo(t.db).count(), storedResourceFiles(t)];
    const { payload, headers } = streamedForm(
      [
        { name: 'name', data: 'Far too big' },
        { name: 'type', data: 'VIDEO' },
        { name: 'access', data: 'ALL' },
        { name: 'video_time_duration', data: '1:00' },
        // A file received whole before the one too large: removed too.
        { name: 'thumbnail', filename: 'cover.png', data: SAMPLES.png },
      ],
      limit + 1,
    );
    const res = await t.inject({
      method: 'POST',
      url: '/api/resources/create/',
      payload,
      headers: { ...headers, authorization: `Token ${await tokenOf(admin)}` },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: RESOURCE_MSG.tooLarge('file', limit) });
    expect(await resourcesRepo(t.db).count()).toBe(rows);
    expect(storedResourceFiles(t)).toEqual(stored);
    expect(incomingFiles(t)).toEqual([]);
  });

  it('a large file lands in storage byte for byte, and its temporary file is gone', async () => {
    const bytes = Buffer.concat([SAMPLES.pdf, randomBytes(5 * 1024 * 1024 + 17)]);
    const before = storedResourceFiles(t);
    const res = await postResource(
      t,
      await tokenOf(admin),
      { name: 'Big guide', type: 'PDF', access: 'ALL' },
      { file: { filename: 'big.pdf', data: bytes } },
    );
    expect(res.statusCode).toBe(200);
    const created = res.json<{ data: ResourceDto }>().data;
    const added = storedResourceFiles(t).filter((f) => !before.includes(f));
    expect(added).toEqual([path.basename(pathOf(created.file_url!))]);
    expect(fs.readFileSync(path.join(t.dataDir, 'uploads', 'resources', added[0]!)).equals(bytes)).toBe(true);
    expect(incomingFiles(t)).toEqual([]);
    expect((await open(created.file_url!)).rawPayload.equals(bytes)).toBe(true);
  });
});

describe('with S3 storage', () => {
  it('uploads go to the bucket, answers carry its presigned links, and the bucket itself stays private', async () => {
    const fake = await startFakeS3();
    const storage = s3Storage({
      endpoint: fake.endpoint,
      bucket: S3_BUCKET,
      region: 'us-east-1',
      accessKeyId: S3_KEY_ID,
      secretAccessKey: S3_SECRET,
      publicUrl: `${fake.endpoint}/${S3_BUCKET}`,
    });
    const deps = { ...t.deps, storage };
    const modules = composeModules(deps);
    const app = await buildApp(modules, deps);
    try {
      const { payload, headers } = multipartBody([
        { name: 'name', data: 'Bucket clip' },
        { name: 'type', data: 'VIDEO' },
        { name: 'access', data: 'STOCKS' },
        { name: 'video_time_duration', data: '0:30' },
        { name: 'file', filename: 'clip.mp4', data: SAMPLES.mp4 },
        { name: 'thumbnail', filename: 'cover.png', data: SAMPLES.png },
      ]);
      const res = await app.inject({
        method: 'POST',
        url: '/api/resources/create/',
        payload,
        headers: { ...headers, authorization: `Token ${await tokenOf(admin)}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(incomingFiles(t)).toEqual([]);

      const list = await app.inject({
        method: 'GET',
        url: '/api/resources',
        headers: { authorization: `Token ${await tokenOf(stocks)}` },
      });
      const clip = find(list.json<ResourcesResponse>(), 'Bucket clip')!;
      for (const [link, bytes, type] of [
        [clip.file_url!, SAMPLES.mp4, 'video/mp4'],
        [clip.thumbnail_url!, SAMPLES.png, 'image/png'],
      ] as const) {
        expect(link.startsWith(`${fake.endpoint}/${S3_BUCKET}/resources/`)).toBe(true);
        expect(new URL(link).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
        const got = await fetch(link);
        expect(got.status).toBe(200);
        expect(got.headers.get('content-type')).toBe(type);
        expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
        const anonymous = await fetch(link.split('?')[0]!);
        expect(anonymous.status).toBe(403);
      }
    } finally {
      await app.close();
      await modules.close();
      await fake.close();
    }
  });
});
