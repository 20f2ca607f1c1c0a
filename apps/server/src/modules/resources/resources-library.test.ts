import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, RESOURCE_MSG, type ResourcesResponse } from '@drat/contracts';
import { makeUser, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { subscriptions } from '../../db/schema/index';
import { alertTypeIds, createResource, namesOf, pdfFile, SAMPLES, signedLinkTo } from '../../../test/resources-fixture';

/** GET /resources, GET /resources/alert-type/{id} and DELETE /resources/{id}: who sees what, and deletion. */

let t: TestApp;
let superToken: string;
const tokens: Record<'stocks' | 'options' | 'weekly' | 'expired', string> = {
  stocks: '',
  options: '',
  weekly: '',
  expired: '',
};
let types: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  superToken = await signIn(t.app, await makeUser(t.db, { isSuper: true, plans: [] }));
  tokens.stocks = await signIn(t.app, await makeUser(t.db, { plans: ['stocks-monthly'] })); // STOCKS and OTC types
  tokens.options = await signIn(t.app, await makeUser(t.db, { plans: ['options-monthly'] })); // every OPTIONS type
  tokens.weekly = await signIn(t.app, await makeUser(t.db, { plans: ['weekly-trade-idea-monthly'] })); // OPTIONS-IDEAS, WEEKLY-OPTION-IDEAS
  // Signed in while subscribed; the plan ended since (sessions outlive the subscription).
  const lapsed = await makeUser(t.db, { plans: ['stocks-monthly'] });
  tokens.expired = await signIn(t.app, lapsed);
  await t.db
    .update(subscriptions)
    .set({ endsAt: new Date(t.clock.now().getTime() - 60_000) })
    .where(eq(subscriptions.userId, lapsed.id));
  types = await alertTypeIds(t.db, ['SWING-ALERTS', 'LOTTO-OPTIONS', 'OPTIONS-IDEAS', 'OTC-RUNNERS']);

  const make = (name: string, fields: Record<string, string | number[]>, file = pdfFile()) =>
    createResource(t, superToken, { name, type: 'PDF', ...fields }, { file });
  await make('Everyone guide', { access: 'ALL' });
  await make('Stocks guide', { access: 'STOCKS' });
  await createResource(
    t,
    superToken,
    { name: 'Options sheet', type: 'SHEET', access: 'OPTIONS' },
    { file: { filename: 'o.csv', data: SAMPLES.csv } },
  );
  await createResource(t, superToken, {
    name: 'OTC video',
    type: 'VIDEO',
    access: 'OTC',
    video_time_duration: '4:20',
    link: 'https://videos.example.com/otc',
  });
  await make('Admin notes', { access: 'ADMIN' });
  await make('Lotto playbook', { alert_types: [types['LOTTO-OPTIONS']!] });
  await createResource(t, superToken, {
    name: 'Ideas and swings video',
    type: 'VIDEO',
    alert_types: [types['OPTIONS-IDEAS']!, types['SWING-ALERTS']!],
    video_time_duration: '9:00',
    link: 'https://videos.example.com/ideas',
    description: 'Two alert types share this one.',
  });
});
afterAll(async () => {
  await t?.close();
});

const library = async (token: string) => {
  const res = await t.get('/resources', { token });
  expect(res.statusCode).toBe(200);
  return res.json<ResourcesResponse>();
};
const all = (r: ResourcesResponse) => namesOf([...r.pdfs, ...r.sheets, ...r.videos]);

describe('GET /api/resources shows what the plans give', () => {
  it.each([
    ['stocks', ['Everyone guide', 'Ideas and swings video', 'OTC video', 'Stocks guide']],
    ['options', ['Everyone guide', 'Ideas and swings video', 'Lotto playbook', 'Options sheet']],
    // Holds OPTIONS types but not LOTTO-OPTIONS: the category's resources, not that type's.
    ['weekly', ['Everyone guide', 'Ideas and swings video', 'Options sheet']],
    ['expired', ['Everyone guide']],
  ] as const)('%s subscriber', async (who, expected) => {
    expect(all(await library(tokens[who]))).toEqual([...expected].sort());
  });

  it('super users see everything, ADMIN resources included', async () => {
    expect(all(await library(superToken))).toEqual(
      [
        'Admin notes',
        'Everyone guide',
        'Ideas and swings video',
        'Lotto playbook',
        'OTC video',
        'Options sheet',
        'Stocks guide',
      ].sort(),
    );
  });

  it('groups by kind, newest first, with every field of the Resource', async () => {
    const r = await library(tokens.options);
    expect(r.pdfs.map((x) => x.name)).toEqual(['Lotto playbook', 'Everyone guide']);
    expect(r.sheets.map((x) => x.name)).toEqual(['Options sheet']);
    const video = r.videos[0]!;
    expect(video).toEqual({
      id: expect.any(Number),
      name: 'Ideas and swings video',
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      type: 'VIDEO',
      access: null,
      alert_types: [
        { id: types['SWING-ALERTS'], name: 'SWING-ALERTS' },
        { id: types['OPTIONS-IDEAS'], name: 'OPTIONS-IDEAS' },
      ].sort((a, b) => a.id! - b.id!),
      file_url: null,
      link: 'https://videos.example.com/ideas',
      thumbnail_url: null,
      video_time_duration: '9:00',
      description: 'Two alert types share this one.',
    });
    expect(r.sheets[0]!.file_url).toMatch(signedLinkTo('[\\w-]+-options-sheet\\.csv'));
  });

  it('needs a signed-in user', async () => {
    const res = await t.get('/resources');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: MSG.authRequired });
  });
});

describe('GET /api/resources/alert-type/{id}', () => {
  const forType = (id: number, token: string) => t.get(`/resources/alert-type/${id}`, { token });

  it("answers the type's own resources and its category's", async () => {
    const res = await forType(types['SWING-ALERTS']!, tokens.stocks);
    expect(res.statusCode).toBe(200);
    const body = res.json<ResourcesResponse>();
    expect(Object.keys(body).sort()).toEqual(['pdfs', 'sheets', 'videos']);
    expect(all(body)).toEqual(['Ideas and swings video', 'Stocks guide']);
  });

  it.each([
    ['options', 'LOTTO-OPTIONS', ['Lotto playbook', 'Options sheet']],
    ['weekly', 'OPTIONS-IDEAS', ['Ideas and swings video', 'Options sheet']],
    ['stocks', 'OTC-RUNNERS', ['OTC video']],
  ] as const)('%s subscriber, %s', async (who, type, expected) => {
    const res = await forType(types[type]!, tokens[who]);
    expect(res.statusCode).toBe(200);
    expect(all(res.json<ResourcesResponse>())).toEqual([...expected].sort());
  });

  it('is 403 for a type the plans do not give', async () => {
    for (const [who, type] of [
      ['stocks', 'LOTTO-OPTIONS'],
      ['weekly', 'LOTTO-OPTIONS'],
      ['expired', 'SWING-ALERTS'],
    ] as const) {
      const res = await forType(types[type]!, tokens[who]);
      expect(res.statusCode, `${who} ${type}`).toBe(403);
      expect(res.json()).toEqual({ detail: RESOURCE_MSG.alertTypeDenied });
    }
  });

  it('super users may open any type; an unknown type is 404 and a bad id 400', async () => {
    expect(all((await forType(types['LOTTO-OPTIONS']!, superToken)).json<ResourcesResponse>())).toEqual([
      'Lotto playbook',
      'Options sheet',
    ]);
    expect((await forType(999_999, superToken)).statusCode).toBe(404);
    expect((await t.get('/resources/alert-type/abc', { token: superToken })).statusCode).toBe(400);
  });
});

describe('DELETE /api/resources/{id}', () => {
  const del = (id: number | string, token: string) =>
    t.inject({ method: 'DELETE', url: `/api/resources/${id}`, headers: { authorization: `Token ${token}` } });
  const onDisk = (url: string) =>
    path.join(t.dataDir, 'uploads', new URL(url, 'http://drat.test').pathname.slice('/media/'.length));

  it('is for super users only', async () => {
    const target = (await library(superToken)).pdfs.find((r) => r.name === 'Stocks guide')!;
    const res = await del(target.id, tokens.stocks);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: MSG.noPermission });
    expect(fs.existsSync(onDisk(target.file_url!))).toBe(true);
    expect(all(await library(tokens.stocks))).toContain('Stocks guide');
  });

  it('removes the resource, its alert-type links and its stored files', async () => {
    const created = await createResource(
      t,
      superToken,
      { name: 'Short-lived', type: 'VIDEO', alert_types: [types['SWING-ALERTS']!], video_time_duration: '1:00' },
      { file: { filename: 'clip.mp4', data: SAMPLES.mp4 }, thumbnail: { filename: 'cover.png', data: SAMPLES.png } },
    );
    const files = [onDisk(created.file_url!), onDisk(created.thumbnail_url!)];
    expect(files.every((f) => fs.existsSync(f))).toBe(true);
    expect(all(await library(tokens.stocks))).toContain('Short-lived');

    const res = await del(created.id, superToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESOURCE_MSG.deleted });
    expect(files.some((f) => fs.existsSync(f))).toBe(false);
    expect((await t.inject({ method: 'GET', url: created.file_url! })).statusCode).toBe(404);
    expect(all(await library(tokens.stocks))).not.toContain('Short-lived');
    expect(
      all(
        (
          await t.get(`/resources/alert-type/${types['SWING-ALERTS']}`, { token: tokens.stocks })
        ).json<ResourcesResponse>(),
      ),
    ).not.toContain('Short-lived');

    const again = await del(created.id, superToken);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: MSG.notFound });
  });

  it('a bad id is 400', async () => {
    expect((await del('abc', superToken)).statusCode).toBe(400);
  });
});
