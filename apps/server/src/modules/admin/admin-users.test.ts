import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ADMIN_MSG, MSG, STEP_UP_MINUTES, type AdminProfile, type AuditEntry, type SessionData } from '@drat/contracts';
import { adminAudit, users } from '../../db/schema/index';
import { makeSignedIn, makeUser, signIn, uniqueEmail, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

/**
 * Manage users (3-bots-admin-public §2.3, §2.6, §5, §7 "Users", §8) and the audit log: every call
 * refuses anonymous callers (401) and subscribers (403) on the server; every §5 message with
 * nothing stored; each action is in the audit log with its fields before and after.
 */
let t: TestApp;
let admin: TestUser & { token: string };
let planIds: Record<string, number>;

const patch = (url: string, body: unknown, token?: string) =>
  t.inject({
    method: 'PATCH',
    url: `/api${url}`,
    payload: body as object,
    headers: token ? { authorization: `Token ${token}` } : {},
  });

beforeAll(async () => {
  t = await createTestApp();
  const user = await makeUser(t.db, { isSuper: true });
  admin = { ...user, token: await signIn(t.app, user) };
  const plans = await t.get('/management/payment-plans', { token: admin.token });
  expect(plans.statusCode, plans.body).toBe(200);
  planIds = Object.fromEntries((plans.json().data as { id: number; name: string }[]).map((p) => [p.name, p.id]));
});
afterAll(async () => {
  await t?.close();
});

const profileOf = async (id: number): Promise<AdminProfile> => {
  const res = await t.get('/profile/all-profiles/', { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as AdminProfile[]).find((p) => p.id === id)!;
};
const auditOf = async (email: string): Promise<AuditEntry[]> =>
  (await t.get(`/management/audit-log?user_email=${encodeURIComponent(email)}`, { token: admin.token })).json().data;

describe('who may call', () => {
  it('every-admin-users-call-refuses-anonymous-callers-and-subscribers-and-changes-nothing', async () => {
    const subscriber = await makeSignedIn(t);
    const target = await makeUser(t.db);
    const calls: [string, string, unknown][] = [
      ['GET', '/management/payment-plans', undefined],
      ['GET', '/profile/all-profiles/', undefined],
      ['POST', '/profile/create-new-user/', { full_name: 'Eve', email: uniqueEmail('eve'), plan: planIds.Basic }],
      ['PATCH', `/profile/all-profiles/${target.id}/`, { receive_sms: true }],
      ['POST', '/profile/profile-activeness-update/', { id: target.id, is_active: false }],
      ['POST', '/profile/profile-live-trading-update/', { id: target.id, is_live_trader: true }],
      ['POST', '/management/password-reset/', { user_email: target.email, password: 'Takeover2026' }],
      ['PATCH', `/profile/${target.id}`, { current_plans: [planIds.Basic] }],
      ['GET', '/management/audit-log', undefined],
    ];
    for (const [method, url, body] of calls) {
      for (const [token, status] of [
        [undefined, 401],
        [subscriber.token, 403],
      ] as const) {
        const res = await t.inject({
          method: method as 'GET',
          url: `/api${url}`,
          ...(body ? { payload: body as object } : {}),
          headers: token ? { authorization: `Token ${token}` } : {},
        });
        expect(res.statusCode, `${method} ${url} as ${token ? 'subscriber' : 'anonymous'}`).toBe(status);
      }
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ isActive: true, isLiveTrader: false });
    expect(await signIn(t.app, target)).toMatch(/\w+/);
  });
});

describe('creating a user', () => {
  it('every-create-user-rule-answers-in-the-specs-words-and-creates-nobody', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        {},
        { full_name: [ADMIN_MSG.fullNameRequired], email: [ADMIN_MSG.emailRequired], plan: [ADMIN_MSG.planRequired] },
      ],
      [{ full_name: '  ', email: '', plan: null }, { full_name: [ADMIN_MSG.fullNameRequired] }],
      [{ full_name: 'Ada', email: 'not-an-email', plan: planIds.Basic }, { email: [MSG.emailInvalid] }],
      [{ full_name: 'Ada', email: uniqueEmail('ada'), plan: 999_999 }, { plan: [ADMIN_MSG.unknownPlan(999_999)] }],
      [{ full_name: 'Ada', email: admin.email, plan: planIds.Basic }, { email: [ADMIN_MSG.emailTaken] }],
    ];
    const before = (await t.db.select({ id: users.id }).from(users)).length;
    for (const [body, errors] of cases) {
      const res = await t.post('/profile/create-new-user/', body, { token: admin.token });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject(errors);
    }
    expect((await t.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it('a-super-user-creates-a-user-on-a-plan-who-sets-their-password-from-the-welcome-email-and-signs-in', async () => {
    const email = uniqueEmail('new');
    const res = await t.post(
      '/profile/create-new-user/',
      { full_name: 'Grace Brewster Hopper', email: email.toUpperCase(), plan: planIds.Stocks },
      { token: admin.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { message, data } = res.json() as { message: string; data: AdminProfile };
    expect(message).toBe(ADMIN_MSG.userCreated);
    expect(data).toMatchObject({
      name: 'Grace Brewster Hopper',
      email,
      active_status: true,
      is_live_trader: false,
      dione_credits: 25,
      subscription_end_date: null,
      current_plans: [
        { id: planIds.Stocks, name: 'Stocks', accessible_alerts: expect.arrayContaining(['SWING-ALERTS']) },
      ],
    });

    // The welcome e-mail: the reset flow's link and token, then the password of their choice.
    const [mail] = (await t.emailsTo(email)).filter((m) => m.subject === 'Welcome to DRAT: set your password');
    expect(mail, 'welcome e-mail').toBeDefined();
    const activation = /reset-password\/([\w-]+)\/confirm-token/.exec(mail!.body)![1]!;
    const token = /Enter this token: ([A-Z2-9]{8})/.exec(mail!.body)![1]!;
    expect(mail!.body).toContain('Hello Grace Brewster Hopper');
    const confirmed = await t.post('/password-reset-token-confirm/', { code: token, activation });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const set = await t.post('/set-new-password/', {
      p1: 'MyOwnPass2026',
      p2: 'MyOwnPass2026',
      resetkey: confirmed.json().resetkey,
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await t.post('/login', { username: email, password: 'MyOwnPass2026' });
    expect(login.statusCode, login.body).toBe(200);
    const session = login.json().user_data as SessionData;
    expect(session.alert_types.map((x) => x.name)).toContain('SWING-ALERTS');

    const [entry] = await auditOf(email);
    expect(entry).toMatchObject({
      actor_email: admin.email,
      action: 'user.create',
      subject_email: email,
      summary: `Created ${email} on Stocks`,
      after: { email, name: 'Grace Brewster Hopper', plans: ['Stocks'] },
    });
  });
});

describe('the users table', () => {
  it('lists-every-user-newest-first-with-plans-last-sign-ins-and-settings', async () => {
    const user = await makeUser(t.db, { plans: ['basic-monthly'], phoneNumber: '+14155550123', otpEnabled: false });
    await signIn(t.app, user);
    const res = await t.get('/profile/all-profiles/', { token: admin.token });
    const list = res.json().data as AdminProfile[];
    const ids = list.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const p = list.find((x) => x.id === user.id)!;
    expect(p).toMatchObject({
      email: user.email,
      phone_number: '+14155550123',
      current_plans: [{ name: 'Basic' }],
      active_status: true,
      receive_emails: true,
      receive_sms: false,
      otp_enabled: false,
      subscription_start_date: expect.any(String),
      user_last_login_log: [{ ip_address: expect.any(String), datetime_created: expect.any(String) }],
    });
  });
});

describe('updating a profile', () => {
  it('nothing-to-update-a-bad-credit-count-and-a-taken-email-are-refused-and-nothing-changes', async () => {
    const user = await makeUser(t.db);
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { non_field_errors: [ADMIN_MSG.noFieldsToUpdate] }],
      [{ dione_credits: -1 }, { dione_credits: [ADMIN_MSG.creditsMinimum] }],
      [{ phone_number: '555' }, { phone_number: [MSG.phoneInvalid] }],
      [{ email: admin.email }, { email: [ADMIN_MSG.emailTaken] }],
    ];
    for (const [body, errors] of cases) {
      const res = await patch(`/profile/all-profiles/${user.id}/`, body, admin.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject(errors);
    }
    expect((await profileOf(user.id)).email).toBe(user.email);
    const missing = await patch('/profile/all-profiles/999999/', { receive_sms: true }, admin.token);
    expect(missing.statusCode).toBe(404);
    expect(await auditOf(user.email)).toEqual([]);
  });

  it('changes-the-given-fields-and-the-audit-log-keeps-them-before-and-after', async () => {
    const user = await makeUser(t.db, { dioneCredits: 3 });
    const email = uniqueEmail('renamed');
    const res = await patch(
      `/profile/all-profiles/${user.id}/`,
      { email, receive_sms: true, dione_credits: 40, phone_number: '+447700900123' },
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: ADMIN_MSG.profileUpdated,
      data: { email, receive_sms: true, dione_credits: 40, phone_number: '+447700900123', receive_emails: true },
    });
    const [entry] = await auditOf(email);
    expect(entry).toMatchObject({
      action: 'user.profile',
      before: { email: user.email, receive_sms: false, dione_credits: 3, phone_number: '' },
      after: { email, receive_sms: true, dione_credits: 40, phone_number: '+447700900123' },
    });
    // Signing in uses the new e-mail.
    expect(await signIn(t.app, { email, password: user.password })).toMatch(/\w+/);
  });
});

describe('activeness and live trading', () => {
  it('a-deactivated-user-is-signed-out-at-once-and-signing-in-says-the-account-is-inactive; activated again they sign in', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    expect((await t.get('/profile/userProfile', { token })).statusCode).toBe(200);

    const off = await t.post(
      '/profile/profile-activeness-update/',
      { id: user.id, is_active: false },
      { token: admin.token },
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe(ADMIN_MSG.deactivated);
    expect((off.json().data as AdminProfile[]).find((p) => p.id === user.id)!.active_status).toBe(false);
    expect((await t.get('/profile/userProfile', { token })).statusCode).toBe(401);
    const refused = await t.post('/login', { username: user.email, password: user.password });
    expect(refused.statusCode).toBe(403);
    expect(JSON.stringify(refused.json())).toContain(MSG.accountInactive);

    const on = await t.post(
      '/profile/profile-activeness-update/',
      { id: user.id, is_active: true },
      { token: admin.token },
    );
    expect(on.json().message).toBe(ADMIN_MSG.activated);
    expect(await signIn(t.app, user)).toMatch(/\w+/);
    expect((await auditOf(user.email)).map((e) => e.action)).toEqual(['user.activate', 'user.deactivate']);
  });

  it('a-super-user-cannot-deactivate-themselves', async () => {
    const res = await t.post(
      '/profile/profile-activeness-update/',
      { id: admin.id, is_active: false },
      { token: admin.token },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ id: [ADMIN_MSG.notYourself] });
    expect((await profileOf(admin.id)).active_status).toBe(true);
  });

  it('another-super-users-password-e-mail-and-activeness-are-theirs: refused, nothing changes, and they sign in as before', async () => {
    const other = await makeUser(t.db, { isSuper: true });
    const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
      [
        '/management/password-reset/',
        { user_email: other.email, password: 'Taken0ver2026' },
        { user_email: [ADMIN_MSG.superUserPassword] },
      ],
      ['/profile/profile-activeness-update/', { id: other.id, is_active: false }, { id: [ADMIN_MSG.superUserActive] }],
    ];
    for (const [url, body, errors] of cases) {
      const res = await t.post(url, body, { token: admin.token });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const email = await patch(`/profile/all-profiles/${other.id}/`, { email: uniqueEmail('taken') }, admin.token);
    expect(email.statusCode).toBe(400);
    expect(email.json()).toEqual({ email: [ADMIN_MSG.superUserEmail] });
    expect(await profileOf(other.id)).toMatchObject({ email: other.email, active_status: true });
    expect(await signIn(t.app, other)).toMatch(/\w+/);
    // Their phone and credits are still a super user's to change for them.
    const phone = await patch(`/profile/all-profiles/${other.id}/`, { dione_credits: 7 }, admin.token);
    expect(phone.statusCode, phone.body).toBe(200);
  });

  it('an-action-whose-audit-entry-cannot-be-written-is-not-done: the two are kept together or not at all', async () => {
    const user = await makeUser(t.db, { plans: ['basic-monthly'] });
    await t.db.execute(sql`alter table admin_audit rename to admin_audit_away`);
    try {
      const grant = await t.post(
        '/profile/profile-live-trading-update/',
        { id: user.id, is_live_trader: true },
        { token: admin.token },
      );
      expect(grant.statusCode).toBe(500);
      const plans = await patch(`/profile/${user.id}`, { current_plans: [planIds.Stocks] }, admin.token);
      expect(plans.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`alter table admin_audit_away rename to admin_audit`);
    }
    expect(await profileOf(user.id)).toMatchObject({ is_live_trader: false, current_plans: [{ name: 'Basic' }] });
  });

  it('live-trading-granted-reaches-the-users-rights-and-revoked-leaves-them', async () => {
    const user = await makeUser(t.db, { plans: ['elite-monthly'] });
    const rights = async () =>
      (await t.post('/login', { username: user.email, password: user.password })).json().user_data as SessionData;
    const grant = await t.post(
      '/profile/profile-live-trading-update/',
      { id: user.id, is_live_trader: true },
      { token: admin.token },
    );
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json()).toMatchObject({ message: ADMIN_MSG.liveGranted, data: { is_live_trader: true } });
    expect(await rights()).toMatchObject({ is_live_trader: true, can_use_live_trader: true });
    const revoke = await t.post(
      '/profile/profile-live-trading-update/',
      { id: user.id, is_live_trader: false },
      { token: admin.token },
    );
    expect(revoke.json()).toMatchObject({ message: ADMIN_MSG.liveRevoked, data: { is_live_trader: false } });
    expect(await rights()).toMatchObject({ is_live_trader: false });
  });
});

describe('setting a password', () => {
  it('every-password-reset-rule-answers-in-the-specs-words', async () => {
    const user = await makeUser(t.db);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { user_email: [ADMIN_MSG.resetEmailRequired], password: [ADMIN_MSG.resetPasswordRequired] }],
      [{ user_email: user.email, password: 'short' }, { password: [ADMIN_MSG.passwordMinimum] }],
      [
        { user_email: uniqueEmail('nobody'), password: 'LongEnough2026' },
        { user_email: [ADMIN_MSG.userEmailNotFound] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await t.post('/management/password-reset/', body, { token: admin.token });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject(errors);
    }
    expect(await signIn(t.app, user)).toMatch(/\w+/);
  });

  it('sets-the-password-signs-the-user-out-everywhere-and-emails-them; long-after-signing-in-the-super-user-confirms-their-own-password-first', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const res = await t.post(
      '/management/password-reset/',
      { user_email: user.email, password: 'SetBySupport2026' },
      { token: admin.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ADMIN_MSG.passwordResetDone });
    expect((await t.get('/profile/userProfile', { token })).statusCode).toBe(401);
    expect(await signIn(t.app, { email: user.email, password: 'SetBySupport2026' })).toMatch(/\w+/);
    expect((await t.emailsTo(user.email)).map((m) => m.subject)).toContain('Your DRAT password was reset by support');
    expect((await auditOf(user.email))[0]).toMatchObject({ action: 'user.password', before: null, after: null });

    // Later in the super user's session: their own password first.
    const staleAdmin = await makeUser(t.db, { isSuper: true });
    const staleToken = await signIn(t.app, staleAdmin);
    t.clock.advanceMinutes(STEP_UP_MINUTES + 1);
    const stale = await t.post(
      '/management/password-reset/',
      { user_email: user.email, password: 'Another2026pass' },
      { token: staleToken },
    );
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'PASSWORD_CONFIRMATION_REQUIRED', reason: 'ADMIN_PASSWORD_RESET' });
    expect(await signIn(t.app, { email: user.email, password: 'SetBySupport2026' })).toMatch(/\w+/);
    const confirmed = await t.post(
      '/confirm-password/',
      { password: staleAdmin.password, reason: 'ADMIN_PASSWORD_RESET' },
      { token: staleToken },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const again = await t.post(
      '/management/password-reset/',
      { user_email: user.email, password: 'Another2026pass' },
      { token: staleToken },
    );
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe("a user's plans", () => {
  it('plans-are-set-as-a-set-a-plan-left-out-ends-and-the-users-rights-follow', async () => {
    const user = await makeUser(t.db, { plans: ['basic-monthly'] });
    const empty = await patch(`/profile/${user.id}`, { current_plans: [] }, admin.token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ current_plans: [ADMIN_MSG.plansRequired] });
    const unknown = await patch(`/profile/${user.id}`, { current_plans: [planIds.Options, 999_999] }, admin.token);
    expect(unknown.json()).toEqual({ current_plans: [ADMIN_MSG.unknownPlan(999_999)] });
    expect((await profileOf(user.id)).current_plans.map((p) => p.name)).toEqual(['Basic']);

    const res = await patch(`/profile/${user.id}`, { current_plans: [planIds.Options, planIds.Elite] }, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ADMIN_MSG.plansUpdated);
    expect((res.json().data.current_plans as { name: string }[]).map((p) => p.name).sort()).toEqual([
      'Elite',
      'Options',
    ]);
    const session = (await t.post('/login', { username: user.email, password: user.password })).json()
      .user_data as SessionData;
    expect(session.alert_types.map((x) => x.name)).toContain('WEEKLY-OPTION-IDEAS');
    const [entry] = await auditOf(user.email);
    expect(entry).toMatchObject({
      action: 'user.plans',
      before: { plans: ['Basic'] },
      after: { plans: ['Elite', 'Options'] },
    });

    // The same set again changes nothing but the log's line.
    await patch(`/profile/${user.id}`, { current_plans: [planIds.Elite, planIds.Options] }, admin.token);
    expect((await profileOf(user.id)).current_plans.map((p) => p.name).sort()).toEqual(['Elite', 'Options']);
  });
});

describe('the audit log', () => {
  it('is-newest-first-by-person-and-in-pages', async () => {
    const user = await makeUser(t.db);
    for (const receive_sms of [true, false, true])
      await patch(`/profile/all-profiles/${user.id}/`, { receive_sms }, admin.token);
    const page = await t.get(`/management/audit-log?user_email=${user.email}&page=1&page_size=2`, {
      token: admin.token,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().total).toBe(3);
    expect((page.json().data as AuditEntry[]).map((e) => e.after)).toEqual([
      { receive_sms: true },
      { receive_sms: false },
    ]);
    const rows = await t.db.select().from(adminAudit).where(eq(adminAudit.subjectId, user.id));
    expect(rows.every((r) => r.actorId === admin.id)).toBe(true);
    const bad = await t.get('/management/audit-log?page=0', { token: admin.token });
    expect(bad.statusCode).toBe(400);
  });
});
