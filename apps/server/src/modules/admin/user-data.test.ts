import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, like, sql } from 'drizzle-orm';
import {
  ADMIN_MSG,
  USER_DATA_EXPORT_IDS_MAX,
  USER_DATA_MSG,
  type PendingChange,
  type UploadReport,
  type UserDataPage,
} from '@drat/contracts';
import { contacts } from '../../db/schema/index';
import { makeXlsx } from '../../db/seed/demo-files';
import { xlsFile } from '../../../test/xls-writer';
import { makeSignedIn, makeUser, signIn } from '../../../test/factories';
import { eventually } from '../../../test/eventually';
import { createTestApp, multipartBody, STAFF_EMAIL, type TestApp } from '../../../test/harness';

/**
 * User data (3-bots-admin-public §2.10, §5 "User upload" and "User search", §6, §7, §8): the staff
 * account uploads CSV, XLS or XLSX with a report; rows changing someone become pending changes, decided
 * one by one or in bulk; the search with every filter and the page sizes; a CSV export safe for
 * spreadsheets; deletes; every other super user has view-only access; subscribers and anonymous
 * callers are refused.
 */
let t: TestApp;
let staff: string;
let viewer: string;
let viewerId: number;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signIn(t.app, await makeUser(t.db, { email: STAFF_EMAIL, isSuper: true, plans: [] }));
  const other = await makeUser(t.db, { isSuper: true, plans: [] });
  viewerId = other.id;
  viewer = await signIn(t.app, other);
});
afterAll(async () => {
  await t?.close();
});

const upload = (
  filename: string,
  data: Buffer | string,
  token = staff,
  extra: Parameters<typeof multipartBody>[0] = [],
) => {
  const { payload, headers } = multipartBody([{ name: 'file', filename, data }, ...extra]);
  return t.inject({
    method: 'POST',
    url: '/api/manage-data/users/upload/',
    payload,
    headers: { ...headers, authorization: `Token ${token}` },
  });
};
const list = async (query = '', token = staff) => {
  const res = await t.get(`/manage-data/users/${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UserDataPage;
};
const pending = async () =>
  (await t.get('/manage-data/pending-changes/', { token: staff })).json().data as PendingChange[];
const rowCount = async () => (await t.db.select({ n: count() }).from(contacts))[0]!.n;
const del = (ids: number[], token = staff) =>
  t.inject({
    method: 'DELETE',
    url: '/api/manage-data/users/delete/',
    payload: { user_ids: ids },
    headers: { authorization: `Token ${token}` },
  });

const CSV = [
  'first_name,last_name,email,twitter_handle,instagram_handle,phone_number,tags',
  'Ada,Lovelace,ADA@example.com,@ada,,+1 415 555 0101,vip;trial',
  'Grace,Hopper,grace@example.com,,grace.h,,',
  'Bad,Mail,not-an-email,,,,',
  ',,,,,,',
  'Ada,Again,ada@example.com,,,,',
  'Phone,Only,,,,(415) 555-0199,lead',
  '=cmd,Evil,evil@example.com,,,,',
].join('\r\n');

describe('who may call', () => {
  it('no-super-user-takes-the-staff-rights-by-taking-the-staff-e-mail', async () => {
    const rename = await t.inject({
      method: 'PATCH',
      url: `/api/profile/all-profiles/${viewerId}/`,
      payload: { email: STAFF_EMAIL.toUpperCase() },
      headers: { authorization: `Token ${viewer}` },
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json()).toEqual({ email: [ADMIN_MSG.staffEmail] });
    const create = await t.post(
      '/profile/create-new-user/',
      { full_name: 'Not Staff', email: STAFF_EMAIL, plan: 1 },
      { token: viewer },
    );
    expect(create.statusCode).toBe(400);
    expect(create.json()).toEqual({ email: [ADMIN_MSG.staffEmail] });
    expect((await upload('people.csv', CSV, viewer)).statusCode).toBe(403);
  });

  it('anonymous-callers-and-subscribers-are-refused-and-other-super-users-view-only', async () => {
    const subscriber = await makeSignedIn(t);
    expect((await t.get('/manage-data/users/')).statusCode).toBe(401);
    expect((await t.get('/manage-data/users/', { token: subscriber.token })).statusCode).toBe(403);
    expect((await t.get('/manage-data/pending-changes/', { token: subscriber.token })).statusCode).toBe(403);
    expect((await upload('a.csv', CSV, subscriber.token)).statusCode).toBe(403);
    expect((await del([1], subscriber.token)).statusCode).toBe(403);
    // Another super user: may read, not change.
    expect((await list('', viewer)).can_edit).toBe(false);
    const refused = await upload('a.csv', CSV, viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: USER_DATA_MSG.viewOnly });
    expect((await t.get('/manage-data/users/download/', { token: viewer })).json()).toEqual({
      detail: USER_DATA_MSG.viewOnly,
    });
    expect((await del([1, 2], viewer)).json()).toEqual({ detail: USER_DATA_MSG.viewOnly });
    expect((await t.post('/manage-data/pending-changes/1/accept/', {}, { token: viewer })).statusCode).toBe(403);
    expect(await rowCount()).toBe(0);
  });
});

describe('uploading', () => {
  it('a-bad-file-is-refused-in-the-specs-words-and-nothing-is-stored', async () => {
    const cases: [string, Buffer | string, Record<string, string[]>][] = [
      ['people.pdf', '%PDF-1.4', { file: [USER_DATA_MSG.fileType] }],
      ['people.csv', Buffer.from([0x00, 0x01, 0x02, 0x03]), { file: [USER_DATA_MSG.fileType] }],
      [
        'people.xls',
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
        { file: [USER_DATA_MSG.xlsNotRead] },
      ],
      ['people.csv', 'name,age\r\nAda,36', { file: [USER_DATA_MSG.noColumns] }],
      // A good row, then a broken quote: the file is refused whole, the good row is not kept.
      ['people.csv', 'email\r\nkept@example.com\r\n"broken', { file: [USER_DATA_MSG.csvUnreadable(3)] }],
    ];
    for (const [name, data, errors] of cases) {
      const res = await upload(name, data);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const onlyText = multipartBody([{ name: 'note', data: 'x' }]);
    const noFile = await t.inject({
      method: 'POST',
      url: '/api/manage-data/users/upload/',
      payload: onlyText.payload,
      headers: { ...onlyText.headers, authorization: `Token ${staff}` },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ file: [USER_DATA_MSG.fileRequired] });
    const two = await upload('a.csv', CSV, staff, [{ name: 'file', filename: 'b.csv', data: CSV }]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ file: [USER_DATA_MSG.oneFile] });
    expect(await rowCount()).toBe(0);
  });

  it('an-upload-the-client-breaks-off-keeps-nothing-holds-no-transaction-and-the-server-goes-on', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = 'cut-off';
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/manage-data/users/upload/',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': 10_000_000,
          authorization: `Token ${staff}`,
        },
      });
      req.on('error', () => resolve());
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n` +
          `Content-Type: text/csv\r\n\r\nemail,first_name\r\n`,
      );
      let sent = 0;
      const timer = setInterval(() => {
        sent += 1;
        req.write(Array.from({ length: 200 }, (_, k) => `cut${sent}_${k}@example.com,N\r\n`).join(''));
        if (sent === 20) {
          clearInterval(timer);
          setTimeout(() => {
            req.destroy();
            resolve();
          }, 300);
        }
      }, 20);
    });
    await eventually(async () => {
      const open = await t.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      );
      expect(open.rows[0]).toEqual({ n: 0 });
    });
    expect(await rowCount()).toBe(0);
    expect((await t.get('/manage-data/users/', { token: staff })).statusCode).toBe(200);
  });

  it('a-csv-adds-people-row-by-row-and-reports-what-was-added-skipped-and-why', async () => {
    const res = await upload('people.csv', CSV);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as UploadReport;
    expect(report).toEqual({
      message: USER_DATA_MSG.uploaded,
      data: {
        rows: 6,
        added: 4,
        pending: 0,
        unchanged: 0,
        skipped: 2,
        // Row 5 has only empty cells: a blank row, left out.
        skipped_rows: [
          { row: 4, reason: USER_DATA_MSG.rowEmail('not-an-email') },
          { row: 6, reason: USER_DATA_MSG.rowDuplicate(2) },
        ],
      },
    });
    const page = await list('?searchType=email&searchTerm=ada');
    expect(page.data).toEqual([
      expect.objectContaining({
        first_name: 'Ada',
        email: 'ada@example.com',
        twitter_handle: 'ada',
        phone_number: '+14155550101',
        tags: ['vip', 'trial'],
      }),
    ]);
  });

  it('an-xlsx-that-changes-people-already-there-makes-pending-changes-accepted-or-rejected-one-by-one-or-in-bulk', async () => {
    const sheet = makeXlsx('People', [
      ['Email', 'First Name', 'Last Name', 'Instagram', 'Phone', 'Tags'],
      ['ada@example.com', 'Ada', 'King', '', '', 'vip, speaker'],
      ['grace@example.com', 'Grace', 'Hopper', '', '', ''],
      ['', 'Phone', 'Only', 'phone.only', '(415) 555-0199', ''],
      ['alan@example.com', 'Alan', 'Turing', '', '', ''],
    ]);
    const res = await upload('people.xlsx', sheet);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ rows: 4, added: 1, pending: 2, unchanged: 1, skipped: 0 });
    const changes = await pending();
    expect(changes.map((c) => [c.user_email, c.field_name, c.current_value, c.new_value])).toEqual([
      ['ada@example.com', 'last_name', 'Lovelace', 'King'],
      ['ada@example.com', 'tags', 'vip, trial', 'vip, trial, speaker'],
      ['4155550199', 'instagram_handle', '', 'phone.only'],
    ]);
    // Uploading the same file again proposes the same, once.
    await upload('people.xlsx', sheet);
    expect(await pending()).toHaveLength(3);

    const byField = (f: string) => changes.find((c) => c.field_name === f)!;
    const accept = await t.post(
      `/manage-data/pending-changes/${byField('last_name').id}/accept/`,
      {},
      { token: staff },
    );
    expect(accept.json()).toEqual({ message: USER_DATA_MSG.accepted, decided: 1 });
    const again = await t.post(`/manage-data/pending-changes/${byField('last_name').id}/accept/`, {}, { token: staff });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: USER_DATA_MSG.changeNotFound });
    const bulk = await t.post(
      '/manage-data/pending-changes/bulk/',
      { ids: [byField('tags').id, byField('instagram_handle').id], action: 'reject' },
      { token: staff },
    );
    expect(bulk.json()).toEqual({ message: USER_DATA_MSG.rejectedMany(2), decided: 2 });
    expect(await pending()).toEqual([]);
    const [ada] = (await list('?searchType=email&searchTerm=ada%40example.com')).data;
    expect(ada).toMatchObject({ last_name: 'King', tags: ['vip', 'trial'] });
    const audit = (await t.get('/management/audit-log?page_size=2', { token: staff })).json().data;
    expect(audit[0]).toMatchObject({ action: 'user-data.reject', actor_email: STAFF_EMAIL });
  });

  it('an-xls-from-excel-97-2003-adds-people-and-its-numbers-are-read-as-typed', async () => {
    const res = await upload(
      'legacy.xls',
      xlsFile([
        ['E-mail Address', 'First Name', 'Mobile', 'Tags'],
        ['xls.one@example.com', 'Xavier', 14155550111, 'legacy'],
        ['xls.two@example.com', 'Żaneta', null, null],
        ['not an email', 'Bad', null, null],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      rows: 3,
      added: 2,
      skipped: 1,
      skipped_rows: [{ row: 4, reason: USER_DATA_MSG.rowEmail('not an email') }],
    });
    const page = await list('?searchType=email&searchTerm=xls.');
    expect(page.data.map((p) => [p.email, p.first_name, p.phone_number, p.tags])).toEqual([
      ['xls.two@example.com', 'Żaneta', '', []],
      ['xls.one@example.com', 'Xavier', '14155550111', ['legacy']],
    ]);
    // A workbook Excel saved, whose first row names no column of ours: read, then refused for that.
    const excel = readFileSync(new URL('../../../test/fixtures/xls/profiles.xls', import.meta.url));
    const refused = await upload('profiles.xls', excel);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ file: [USER_DATA_MSG.noColumns] });
    // The searches below count the people the CSV and the XLSX added: these two go.
    await t.db.delete(contacts).where(like(contacts.email, 'xls.%'));
  });
});

describe('searching, exporting and deleting', () => {
  it('every-filter-of-the-search-and-the-page-sizes', async () => {
    const all = await list();
    expect(all).toMatchObject({ total: 5, page: 1, page_size: 25, can_edit: true });
    const emails = async (q: string) => (await list(q)).data.map((d) => d.email || d.phone_number).sort();
    expect(await emails('?has_tags=true')).toEqual(['4155550199', 'ada@example.com']);
    expect(await emails('?no_tags=true')).toEqual(['alan@example.com', 'evil@example.com', 'grace@example.com']);
    expect(await emails('?has_instagram=true')).toEqual(['grace@example.com']);
    expect(await emails('?has_twitter=true&has_phone_number=true')).toEqual(['ada@example.com']);
    expect(await emails('?has_email=false&searchType=tag&searchTerm=LEA')).toEqual(['4155550199']);
    expect(await emails('?searchType=last_name&searchTerm=tur')).toEqual(['alan@example.com']);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    expect((await list(`?date_from=${today}&date_to=${today}`)).total).toBe(5);
    expect((await list('?date_to=2001-01-01')).total).toBe(0);
    expect((await list('?page_size=500&page=1')).data).toHaveLength(5);

    const bad: [string, Record<string, string[]>][] = [
      ['?has_tags=true&no_tags=true', { no_tags: [USER_DATA_MSG.tagsBoth] }],
      ['?page_size=30', { page_size: [USER_DATA_MSG.pageSize] }],
      ['?searchTerm=ada', { searchType: [USER_DATA_MSG.searchTermWithoutType] }],
      ['?searchType=age&searchTerm=3', { searchType: [USER_DATA_MSG.searchTypeInvalid] }],
      ['?date_from=2026-02-30x', { date_from: [USER_DATA_MSG.dateInvalid] }],
      // Days that look right but are none (PostgreSQL refused them: 500 before).
      ['?date_from=2026-02-30', { date_from: [USER_DATA_MSG.dateInvalid] }],
      ['?date_to=0000-01-01', { date_to: [USER_DATA_MSG.dateInvalid] }],
      ['?date_from=2026-12-02&date_to=2026-12-01', { date_to: [USER_DATA_MSG.dateOrder] }],
    ];
    for (const [q, errors] of bad) {
      const res = await t.get(`/manage-data/users/${q}`, { token: staff });
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject(errors);
      // The export takes the same filters (not the paging): refused before a byte of the file.
      if (!q.includes('page_size')) {
        const exported = await t.get(`/manage-data/users/download/${q}`, { token: staff });
        expect(exported.statusCode, `download ${q}`).toBe(400);
      }
    }
  });

  it('the-export-is-a-csv-a-spreadsheet-opens-without-running-formulas; a-viewer-exports-the-rows-they-select', async () => {
    const res = await t.get('/manage-data/users/download/?has_email=true', { token: staff });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="user-data-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,first_name,last_name,email,twitter_handle,instagram_handle,phone_number,tags,date_added');
    expect(lines).toHaveLength(5);
    expect(lines.find((l) => l.includes('evil@example.com'))).toContain(",'=cmd,Evil,");
    expect(lines.find((l) => l.includes('ada@example.com'))).toContain(',\'+14155550101,"vip, trial",');

    const ids = (await list('?searchType=email&searchTerm=grace', viewer)).data.map((d) => d.id);
    const selected = await t.get(`/manage-data/users/download/?ids=${ids.join(',')}`, { token: viewer });
    expect(selected.statusCode).toBe(200);
    expect(selected.body.trim().split('\r\n')).toHaveLength(2);
    // More ids than a request line carries safely: refused in words, not by the server's header limit.
    const many = Array.from({ length: USER_DATA_EXPORT_IDS_MAX + 1 }, (_, i) => 1_000_000 + i).join(',');
    const tooMany = await t.get(`/manage-data/users/download/?ids=${many}`, { token: viewer });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ ids: [USER_DATA_MSG.exportIdsTooMany] });
  });

  it('deletes-in-batches-of-at-most-1000; one-row-is-any-super-users; more-is-the-staff-accounts', async () => {
    const tooMany = await del(Array.from({ length: 1001 }, (_, i) => i + 1));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ user_ids: [USER_DATA_MSG.idsTooMany] });
    expect((await del([])).json()).toMatchObject({ user_ids: [USER_DATA_MSG.idsRequired] });
    const [evil] = (await list('?searchType=email&searchTerm=evil')).data;
    const one = await del([evil!.id], viewer);
    // 3-bots-admin-public §7: 'status 204 means success'.
    expect(one.statusCode).toBe(204);
    expect(one.body).toBe('');
    expect(await rowCount()).toBe(4);
    const rest = (await list()).data.map((d) => d.id);
    const bulk = await del(rest);
    expect(bulk.statusCode).toBe(204);
    expect(await rowCount()).toBe(0);
    const audit = (await t.get('/management/audit-log?page_size=2', { token: staff })).json().data;
    expect(audit.map((a: { summary: string }) => a.summary)).toEqual([
      'Deleted 4 people from user data',
      'Deleted 1 person from user data',
    ]);
  });
});
