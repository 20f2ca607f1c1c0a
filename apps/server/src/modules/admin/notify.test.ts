import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { NOTIFICATION_MESSAGE_MAX, NOTIFY_MSG, type SentNotification } from '@drat/contracts';
import { notifications, notificationSends, plans } from '../../db/schema/index';
import { makePdf } from '../../db/seed/demo-files';
import { usersRepo } from '../users';
import { makeSignedIn, makeUser, signIn, type TestUser } from '../../../test/factories';
import { createTestApp, multipartBody, type TestApp } from '../../../test/harness';

/**
 * Super users' notifications (3-bots-admin-public §2.8, §3 "Notification send", §5, §7, §8): every
 * rule of the send form in the spec's words with nothing stored; the inbox always, e-mail and SMS
 * as chosen and as each person allows; one user, several, the users on a plan or everyone; files;
 * the answer comes at once and the fan-out job writes the rows (twice is harmless); the sent table
 * with seen and e-mail status; the audit log.
 */
let t: TestApp;
let admin: TestUser & { token: string };

beforeAll(async () => {
  t = await createTestApp();
  const user = await makeUser(t.db, { isSuper: true, plans: [] });
  admin = { ...user, token: await signIn(t.app, user) };
});
afterAll(async () => {
  await t?.close();
});

type Part = Parameters<typeof multipartBody>[0][number];
const fields = (f: Record<string, string | string[]>): Part[] =>
  Object.entries(f).flatMap(([name, v]) => (Array.isArray(v) ? v : [v]).map((data) => ({ name, data })));

const send = (parts: Part[], token: string | null = admin.token) => {
  const { payload, headers } = multipartBody(parts);
  return t.inject({
    method: 'POST',
    url: '/api/management/create-notification/',
    payload,
    headers: { ...headers, ...(token ? { authorization: `Token ${token}` } : {}) },
  });
};
const sent = async (query = '') => {
  const res = await t.get(`/management/notifications${query}`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: SentNotification[]; total: number };
};
const sends = async () => (await t.db.select({ n: count() }).from(notificationSends))[0]!.n;
const rowsOf = (sendId: number) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.kind, 'ADMIN'), eq(notifications.ref, String(sendId))))
    .orderBy(notifications.userId);
const fanout = (ref: number) => t.modules.notifications.fanout({ kind: 'ADMIN', ref });

describe('who may send', () => {
  it('anonymous-callers-and-subscribers-are-refused-on-every-call-and-nothing-is-sent', async () => {
    const subscriber = await makeSignedIn(t);
    const body = fields({ channels: 'EMAIL', title: 'T', message: 'M', notification_type: 'all' });
    expect((await send(body, null)).statusCode).toBe(401);
    expect((await send(body, subscriber.token)).statusCode).toBe(403);
    expect((await t.get('/management/notifications')).statusCode).toBe(401);
    expect((await t.get('/management/notifications', { token: subscriber.token })).statusCode).toBe(403);
    expect(await sends()).toBe(0);
  });
});

describe('the send form', () => {
  it('every-rule-answers-in-the-specs-words-under-its-field-and-nothing-is-sent', async () => {
    const good = { channels: 'EMAIL', title: 'Holiday hours', message: 'Closed on the 25th.' };
    const cases: [Record<string, string | string[]>, Record<string, string[]>][] = [
      [{ ...good, channels: [], notification_type: 'all' }, { channels: [NOTIFY_MSG.channelsRequired] }],
      [{ ...good, channels: 'FAX', notification_type: 'all' }, { channels: [NOTIFY_MSG.channelInvalid] }],
      [{ ...good, title: ' ', notification_type: 'all' }, { title: [NOTIFY_MSG.titleRequired] }],
      [{ ...good, message: '', notification_type: 'all' }, { message: [NOTIFY_MSG.messageRequired] }],
      [
        { ...good, message: 'x'.repeat(NOTIFICATION_MESSAGE_MAX + 1), notification_type: 'all' },
        { message: [NOTIFY_MSG.messageTooLong] },
      ],
      [{ ...good, notification_type: 'some' }, { notification_type: [NOTIFY_MSG.audienceInvalid] }],
      [{ ...good, notification_type: 'single' }, { user: [NOTIFY_MSG.userRequired] }],
      [{ ...good, notification_type: 'multiple', users: '[]' }, { users: [NOTIFY_MSG.usersRequired] }],
      [{ ...good, notification_type: 'users-on-plan' }, { plans: [NOTIFY_MSG.planRequired] }],
      [
        { ...good, notification_type: 'single', user: 'nobody-here@test.drat' },
        { user: [NOTIFY_MSG.unknownEmails(['nobody-here@test.drat'])] },
      ],
      [
        {
          ...good,
          notification_type: 'multiple',
          users: JSON.stringify([{ email: admin.email }, { email: 'x@test.drat' }]),
        },
        { users: [NOTIFY_MSG.unknownEmails(['x@test.drat'])] },
      ],
      [
        { ...good, notification_type: 'users-on-plan', plans: '[999999]' },
        { plans: [NOTIFY_MSG.unknownPlans([999999])] },
      ],
    ];
    for (const [f, errors] of cases) {
      const res = await send(fields(f));
      expect(res.statusCode, JSON.stringify(f).slice(0, 120)).toBe(400);
      expect(res.json()).toMatchObject(errors);
    }
    // A file that is neither a PDF, an image nor a sheet; then not multipart at all.
    const exe = await send([
      ...fields({ ...good, notification_type: 'all' }),
      { name: 'file', filename: 'run.exe', data: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]) },
    ]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toEqual({ file: [NOTIFY_MSG.fileType('run.exe')] });
    const json = await t.post(
      '/management/create-notification/',
      { ...good, notification_type: 'all' },
      { token: admin.token },
    );
    expect(json.statusCode).toBe(415);
    expect(await sends()).toBe(0);
  });
});

describe('sending', () => {
  it('one-user-gets-it-in-the-inbox-and-by-e-mail-the-sent-table-shows-seen-and-e-mail-status-and-the-audit-log-keeps-it', async () => {
    const reader = await makeUser(t.db, { firstName: 'Ada', lastName: 'Reader', phoneNumber: '+14155550111' });
    const res = await send(
      fields({
        channels: 'EMAIL',
        title: 'Holiday hours',
        message: 'Markets close early on the 24th.',
        notification_type: 'single',
        user: reader.email.toUpperCase(),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: NOTIFY_MSG.sent, data: { recipients: 1 } });
    const id = res.json().data.id as number;
    // Answered before the fan-out: no row yet; the job writes one, and again writes nothing.
    expect(await rowsOf(id)).toEqual([]);
    expect((await fanout(id)).created).toEqual({ ADMIN: 1 });
    expect((await fanout(id)).created).toEqual({ ADMIN: 0 });
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ userId: reader.id, title: 'Holiday hours', emailStatus: 'PENDING', smsStatus: null });

    const token = await signIn(t.app, reader);
    const inbox = (await t.get('/notifications', { token })).json();
    expect(inbox.notifications[0]).toMatchObject({
      title: 'Holiday hours',
      content: 'Markets close early on the 24th.',
      kind: 'ADMIN',
    });
    const [mail] = await t.emailsTo(reader.email);
    expect(mail).toMatchObject({
      subject: 'Holiday hours',
      body: expect.stringContaining('Markets close early on the 24th.'),
    });
    expect(await t.smsTo('+14155550111')).toEqual([]);

    const table = await sent(`?search=${encodeURIComponent('ada reader')}`);
    expect(table.total).toBe(1);
    expect(table.data[0]).toMatchObject({
      notification_id: id,
      user_email: reader.email,
      user_name: 'Ada Reader',
      title: 'Holiday hours',
      seen: false,
      email_status: 'PENDING',
      sms_status: null,
      sent_by: admin.email,
    });
    // Read, and delivered: the table follows.
    await t.post('/notifications/mark-all-as-read/', {}, { token });
    await t.modules.outbox.deliver(mail!.id);
    expect((await sent(`?search=${encodeURIComponent(reader.email)}`)).data[0]).toMatchObject({
      seen: true,
      email_status: 'SUCCESS',
    });

    const audit = (
      await t.get(`/management/audit-log?user_email=${encodeURIComponent(reader.email)}`, { token: admin.token })
    ).json();
    expect(audit.data[0]).toMatchObject({
      action: 'notification.send',
      actor_email: admin.email,
      summary: 'Sent “Holiday hours” to 1 person (single; in-app, EMAIL)',
    });
  });

  it('the-users-on-a-plan-are-reached-as-they-allow: sms-only, an opted-out e-mail, an inactive user left out', async () => {
    const [{ id: stocks }] = (await t.db
      .select({ id: plans.id })
      .from(plans)
      .where(eq(plans.code, 'stocks-monthly'))) as [{ id: number }];
    const texted = await makeUser(t.db, { plans: ['stocks-monthly'], phoneNumber: '+14155550122' });
    await usersRepo(t.db).updateProfile(texted.id, { receiveSms: true });
    const quiet = await makeUser(t.db, { plans: ['stocks-monthly'], phoneNumber: '+14155550123' });
    await usersRepo(t.db).updateProfile(quiet.id, { receiveSms: false });
    const gone = await makeUser(t.db, { plans: ['stocks-monthly'], isActive: false });
    const other = await makeUser(t.db, { plans: ['basic-monthly'] });
    const res = await send(
      fields({
        channels: ['SMS'],
        title: 'Stocks desk',
        message: 'New watchlist is up.',
        notification_type: 'users-on-plan',
        plans: String(stocks),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    await fanout(id);
    const rows = await rowsOf(id);
    const reached = new Map(rows.map((r) => [r.userId, r]));
    expect(reached.get(texted.id)).toMatchObject({ smsStatus: 'PENDING', emailStatus: null });
    expect(reached.get(quiet.id)).toMatchObject({ smsStatus: null, emailStatus: null });
    expect(reached.has(gone.id)).toBe(false);
    expect(reached.has(other.id)).toBe(false);
    expect(res.json().data.recipients).toBe(rows.length);
    const [text] = await t.smsTo('+14155550122');
    expect(text!.body).toBe('DRAT: Stocks desk. New watchlist is up.');
    expect(await t.emailsTo(texted.email)).toEqual([]);
  });

  it('several-users-named-in-a-list-each-get-it-once-and-files-travel-as-links-that-open', async () => {
    const a = await makeUser(t.db);
    const b = await makeUser(t.db);
    const pdf = makePdf('Rules', ['Trade small.']);
    const res = await send([
      ...fields({
        channels: 'EMAIL',
        title: 'Challenge rules',
        message: 'Read the attached rules.',
        notification_type: 'multiple',
        users: JSON.stringify([{ email: a.email }, { email: b.email }, { email: a.email }]),
      }),
      { name: 'file', filename: '../../Rules of the game.pdf', contentType: 'application/pdf', data: pdf },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.recipients).toBe(2);
    const id = res.json().data.id as number;
    await fanout(id);
    const rows = await rowsOf(id);
    expect(rows.map((r) => r.userId).sort()).toEqual([a.id, b.id].sort());
    const link = /Rules of the game\.pdf: (\S+)/.exec(rows[0]!.content)?.[1];
    expect(link).toMatch(/^http:\/\/drat\.test\/media\/notifications\/[\w-]+\/Rules_of_the_game\.pdf$/);
    expect(rows[0]!.content).toMatch(/^Read the attached rules\.\n\nFiles:\nRules of the game\.pdf: /);
    expect(link).toBeDefined();
    const file = await t.inject({ method: 'GET', url: new URL(link!, 'http://drat.test').pathname });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const [mail] = await t.emailsTo(b.email);
    expect(mail!.body).toContain(link!);
  });

  it('a-send-whose-audit-entry-cannot-be-written-is-not-sent: the two are kept together or not at all', async () => {
    const reader = await makeUser(t.db);
    const before = await sends();
    await t.db.execute(sql`alter table admin_audit rename to admin_audit_away`);
    try {
      const res = await send([
        ...fields({ channels: 'EMAIL', title: 'Lost', message: 'M', notification_type: 'single', user: reader.email }),
        { name: 'file', filename: 'a.pdf', contentType: 'application/pdf', data: makePdf('A', ['a']) },
      ]);
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`alter table admin_audit_away rename to admin_audit`);
    }
    expect(await sends()).toBe(before);
  });

  it('everyone-is-answered-at-once-and-the-fan-out-reaches-every-active-user', async () => {
    const before = (await t.db.select({ id: notifications.id }).from(notifications)).length;
    const res = await send(
      fields({ channels: 'EMAIL', title: 'Maintenance', message: 'Sunday 2-3 am ET.', notification_type: 'all' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { id, recipients } = res.json().data as { id: number; recipients: number };
    expect(recipients).toBeGreaterThan(5);
    expect((await t.db.select({ id: notifications.id }).from(notifications)).length).toBe(before);
    expect((await fanout(id)).created).toEqual({ ADMIN: recipients });
    const ids = (await rowsOf(id)).map((r) => r.userId);
    expect(new Set(ids).size).toBe(recipients);
    expect(ids).toContain(admin.id);
    // Run again after someone joined (a retry): everyone was everyone at the send, nobody more.
    const late = await makeUser(t.db);
    expect((await fanout(id)).created).toEqual({ ADMIN: 0 });
    expect((await rowsOf(id)).map((r) => r.userId)).not.toContain(late.id);
  });
});
