import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Profile } from '@drat/contracts';
import { usersRepo } from '../users';
import { makeUser, signIn, uniqueEmail } from '../../../test/factories';
import { storedUser } from '../../../test/expect';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const readProfile = async (token: string) => {
  const res = await t.get('/profile/userProfile', { token });
  expect(res.statusCode).toBe(200);
  return res.json<Profile>();
};
const change = (token: string, body: unknown) => t.post('/profile/profile_change/', body, { token });

describe('GET /api/profile/userProfile', () => {
  it('answers the profile fields of 1-core §3', async () => {
    const user = await makeUser(t.db, { firstName: 'Pat', lastName: 'Lee', phoneNumber: '+14155550123' });
    const token = await signIn(t.app, user);
    const profile = await readProfile(token);
    expect(profile).toEqual({
      user: user.id,
      username: user.email.split('@')[0],
      first_name: 'Pat',
      last_name: 'Lee',
      email: user.email,
      phone_number: '+14155550123',
      profile_pic: null,
      receive_sms: false,
      receive_emails: true,
      get_trackers_notification: true,
      get_alerts_notification: true,
      otp_enabled: false,
      theme: 'light',
      current_plans: [expect.objectContaining({ name: 'Elite', amount: 22997 })],
    });
    expect(profile).not.toHaveProperty('password_hash');
    expect(JSON.stringify(profile)).not.toContain('argon2');
  });

  it('lists the running plans with amount in cents and the expiry date, or "-" when a plan does not end', async () => {
    const user = await makeUser(t.db, { plans: ['stocks-monthly'] });
    const now = t.clock.now().getTime();
    const users = usersRepo(t.db);
    await users.subscribe(user.id, 'lifetime', new Date(now - DAY), null);
    await users.subscribe(user.id, 'options-yearly', new Date(now - 400 * DAY), new Date(now - 35 * DAY)); // ended
    await users.subscribe(user.id, 'elite-monthly', new Date(now + 5 * DAY), new Date(now + 35 * DAY)); // not yet started
    const token = await signIn(t.app, user);
    const { current_plans } = await readProfile(token);
    expect(current_plans.map(({ name, amount }) => ({ name, amount }))).toEqual([
      { name: 'Stocks', amount: 9999 },
      { name: 'Lifetime', amount: 209999 },
    ]);
    expect(current_plans[0]!.expires).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(current_plans[0]!.expires).getTime()).toBeGreaterThan(now);
    expect(current_plans[1]!.expires).toBe('-');
  });

  it('a super user without plans has an empty plan list', async () => {
    const user = await makeUser(t.db, { isSuper: true, plans: [] });
    expect((await readProfile(await signIn(t.app, user))).current_plans).toEqual([]);
  });

  it('shows only the caller’s own profile', async () => {
    const a = await makeUser(t.db);
    const b = await makeUser(t.db);
    expect((await readProfile(await signIn(t.app, a))).email).toBe(a.email);
    expect((await readProfile(await signIn(t.app, b))).email).toBe(b.email);
  });
});

describe('POST /api/profile/profile_change/', () => {
  it('a new e-mail takes effect when the link sent to it is followed; the old address is told', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const email = uniqueEmail('moved');
    const res = await change(token, { email: email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.emailChangeSent(email), email_pending: email });
    // Until the link is followed, nothing changes.
    expect((await readProfile(token)).email).toBe(user.email);
    expect((await t.post('/login', { username: user.email, password: user.password })).statusCode).toBe(200);

    const [mail] = await t.emailsTo(email);
    expect(mail!.subject).toBe('Confirm your new DRAT e-mail');
    const link = /http:\/\/drat\.test\/confirm-email\/([\w-]+)/.exec(mail!.body);
    expect(link, mail!.body).not.toBeNull();
    // The link works without signing in (it may be opened on another device), and once.
    const confirmed = await t.post('/profile/confirm-email/', { token: link![1] });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: MSG.emailChanged(email), email });
    expect((await t.post('/profile/confirm-email/', { token: link![1] })).json()).toEqual({
      token: [MSG.emailChangeLinkInvalid],
    });

    expect((await readProfile(token)).email).toBe(email);
    expect((await t.post('/login', { username: email, password: user.password })).statusCode).toBe(200);
    expect((await t.post('/login', { username: user.email, password: user.password })).statusCode).toBe(400);
    const [notice] = await t.emailsTo(user.email);
    expect(notice!.subject).toBe('Your DRAT sign-in e-mail was changed');
    expect(notice!.body).toContain(email);
  });

  it.each([
    ['no token', {}],
    ['an unknown token', { token: 'not-a-real-token' }],
  ])('confirming an e-mail change with %s: 400 on token', async (_label, body) => {
    const res = await t.post('/profile/confirm-email/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ token: [MSG.emailChangeLinkInvalid] });
  });

  it('changes the phone number, and clears it with an empty string', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    expect((await change(token, { phone_number: '+447700900123' })).statusCode).toBe(200);
    expect((await readProfile(token)).phone_number).toBe('+447700900123');
    expect((await change(token, { phone_number: '' })).statusCode).toBe(200);
    expect((await readProfile(token)).phone_number).toBe('');
  });

  it('keeps its own e-mail when it sends it unchanged', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const res = await change(token, { email: user.email, phone_number: '+14155550100' });
    expect(res.statusCode).toBe(200);
    expect(await readProfile(token)).toMatchObject({ email: user.email, phone_number: '+14155550100' });
  });

  it.each([
    ['a bad e-mail', { email: 'not-an-email', phone_number: '+14155550199' }, { email: [MSG.emailInvalid] }],
    ['an empty e-mail', { email: '' }, { email: [MSG.emailRequired] }],
    ['a bad phone number', { email: 'fine@test.drat', phone_number: '555-0199' }, { phone_number: [MSG.phoneInvalid] }],
    ['nothing to change', {}, { non_field_errors: ['Provide an email or a phone number to change.'] }],
  ])('%s: 400 per field, and nothing is changed', async (_label, body, expected) => {
    const user = await makeUser(t.db, { phoneNumber: '+14155550111' });
    const token = await signIn(t.app, user);
    const res = await change(token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expected);
    expect(await readProfile(token)).toMatchObject({ email: user.email, phone_number: '+14155550111' });
  });

  it('an e-mail another account uses (in any case): 400 on email, and the phone in the same request is not saved', async () => {
    const taken = await makeUser(t.db);
    const user = await makeUser(t.db, { phoneNumber: '+14155550111' });
    const token = await signIn(t.app, user);
    const res = await change(token, { email: taken.email.toUpperCase(), phone_number: '+14155550222' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [MSG.emailTaken] });
    const stored = await storedUser(t.db, user.id);
    expect(stored.email).toBe(user.email);
    expect(stored.phoneNumber).toBe('+14155550111');
  });
});
