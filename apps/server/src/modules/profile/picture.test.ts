import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PROFILE_PICTURE_MAX_BYTES, type Profile } from '@drat/contracts';
import { makeUser, signIn, signInData } from '../../../test/factories';
import { storedUser } from '../../../test/expect';
import { createTestApp, multipartBody, type TestApp } from '../../../test/harness';
import { GIF, JPEG, makePng, PNG } from '../../../test/images';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function upload(
  token: string,
  data: Buffer | string,
  options: { filename?: string; contentType?: string; field?: string } = {},
) {
  const { payload, headers } = multipartBody([
    {
      name: options.field ?? 'new_image',
      filename: options.filename ?? 'picture.png',
      contentType: options.contentType ?? 'image/png',
      data,
    },
  ]);
  return t.inject({
    method: 'POST',
    url: '/api/profile/profile_image_change/',
    payload,
    headers: { ...headers, authorization: `Token ${token}` },
  });
}

const readProfile = async (token: string) => (await t.get('/profile/userProfile', { token })).json<Profile>();
const uploadedFiles = () => {
  const dir = path.join(t.dataDir, 'uploads', 'profile');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('POST /api/profile/profile_image_change/ accepts real pictures and serves them back', () => {
  it.each([
    ['PNG', PNG, 'me.png', 'image/png', /\.png$/],
    ['JPEG', JPEG, 'me.jpeg', 'image/jpeg', /\.jpg$/],
    ['GIF', GIF, 'me.gif', 'image/gif', /\.gif$/],
  ])('%s', async (_label, bytes, filename, mime, extension) => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const res = await upload(token, bytes, { filename, contentType: mime });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ message: string; new_image_url: string }>();
    expect(body.message).toBe(MSG.pictureUploaded);
    expect(body.new_image_url).toMatch(new RegExp(`^/media/profile/${user.id}-[\\w-]+\\.\\w+$`));
    expect(body.new_image_url).toMatch(extension);

    const served = await t.inject({ method: 'GET', url: body.new_image_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(mime);
    expect(served.rawPayload.equals(bytes)).toBe(true);

    expect((await readProfile(token)).profile_pic).toBe(body.new_image_url);
    expect((await signInData(t.app, user)).image).toBe(body.new_image_url);
  });

  it('trusts the bytes, not the name or declared type: a GIF sent as photo.png is stored as a GIF', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const res = await upload(token, GIF, { filename: 'photo.png', contentType: 'image/png' });
    expect(res.statusCode).toBe(200);
    expect(res.json().new_image_url).toMatch(/\.gif$/);
  });

  it('names the file itself: a path in the file name goes nowhere', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const res = await upload(token, PNG, { filename: '../../../escape.png' });
    expect(res.statusCode).toBe(200);
    expect(res.json().new_image_url).not.toContain('escape');
    expect(fs.existsSync(path.join(t.dataDir, 'escape.png'))).toBe(false);
  });

  it('a new picture replaces the old one, whose file is removed', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const first = (await upload(token, PNG)).json().new_image_url as string;
    const second = (await upload(token, JPEG, { filename: 'b.jpg', contentType: 'image/jpeg' })).json()
      .new_image_url as string;
    expect(second).not.toBe(first);
    expect((await t.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    expect(uploadedFiles().filter((f) => f.startsWith(`${user.id}-`))).toHaveLength(1);
  });

  it('accepts a picture of 1.5 MB, over the JSON body limit but under the picture limit', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const big = makePng(700, 700, { noise: true });
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect(big.length).toBeLessThan(PROFILE_PICTURE_MAX_BYTES);
    const res = await upload(token, big);
    expect(res.statusCode).toBe(200);
    const served = await t.inject({ method: 'GET', url: res.json().new_image_url });
    expect(served.rawPayload.length).toBe(big.length);
  });
});

describe('POST /api/profile/profile_image_change/ refuses and changes nothing', () => {
  async function expectUnchanged(userId: number, token: string, filesBefore: string[]) {
    expect((await readProfile(token)).profile_pic).toBeNull();
    expect((await storedUser(t.db, userId)).profilePic).toBeNull();
    expect(uploadedFiles()).toEqual(filesBefore);
  }

  it.each([
    ['a text file named .png', Buffer.from('just some text, not a picture\n'), 'notes.png'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg'],
    ['a WebP', Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'binary'), 'x.webp'],
    ['an empty file', Buffer.alloc(0), 'empty.png'],
    ['a PNG signature with nothing after it cut short', PNG.subarray(0, 7), 'cut.png'],
  ])('%s: 415 by content', async (_label, bytes, filename) => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const before = uploadedFiles();
    const res = await upload(token, bytes, { filename });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: MSG.pictureBadType });
    await expectUnchanged(user.id, token, before);
  });

  it('a picture over the size limit: 413', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const before = uploadedFiles();
    const huge = makePng(850, 850, { noise: true });
    expect(huge.length).toBeGreaterThan(PROFILE_PICTURE_MAX_BYTES);
    const res = await upload(token, huge);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: MSG.pictureTooLarge });
    await expectUnchanged(user.id, token, before);
  });

  it('the file under another field name: 400 on new_image', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const before = uploadedFiles();
    const res = await upload(token, PNG, { field: 'image' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ new_image: [MSG.fieldRequired] });
    await expectUnchanged(user.id, token, before);
  });

  it('a JSON body instead of a form: a 4xx, not a 500', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const res = await t.post('/profile/profile_image_change/', { new_image: 'data:image/png;base64,AAAA' }, { token });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect((await readProfile(token)).profile_pic).toBeNull();
  });

  it('without a token: 401, and nothing is stored', async () => {
    const before = uploadedFiles();
    const { payload, headers } = multipartBody([
      { name: 'new_image', filename: 'a.png', contentType: 'image/png', data: PNG },
    ]);
    const res = await t.inject({ method: 'POST', url: '/api/profile/profile_image_change/', payload, headers });
    expect(res.statusCode).toBe(401);
    expect(uploadedFiles()).toEqual(before);
  });
});
