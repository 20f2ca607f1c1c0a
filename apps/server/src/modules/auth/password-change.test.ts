import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@drat/contracts';
import { makeUser, signIn, signInData } from '../../../test/factories';
import { sessionsOf, storedUser } from '../../../test/expect';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const change = (token: string, body: unknown) => t.post('/rest-auth/password/change/', body, { token });
const login = (email: string, password: string) => t.post('/login', { username: email, password });

describe('POST /api/rest-auth/password/change/', () => {
  it('changes the password, keeps this session, ends the others and mails a notice', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const other = await signIn(t.app, user);
    const res = await change(token, { new_password1: 'Changed2026', new_password2: 'Changed2026' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: MSG.passwordChanged });

    expect((await t.get('/profile/userProfile', { token })).statusCode).toBe(200);
    expect((await t.get('/profile/userProfile', { token: other })).json()).toEqual({ detail: MSG.invalidToken });
    expect(await sessionsOf(t.db, user.id)).toHaveLength(1);
    expect((await login(user.email, user.password)).statusCode).toBe(400);
    expect((await login(user.email, 'Changed2026')).statusCode).toBe(200);
    expect((await t.emailsTo(user.email)).map((m) => m.subject)).toContain('Your DRAT password was changed');
  });

  it.each([
    ['7 characters', { new_password1: 'Abcdef1', new_password2: 'Abcdef1' }, { new_password1: [MSG.passwordTooShort] }],
    ['no digit', { new_password1: 'Abcdefgh', new_password2: 'Abcdefgh' }, { new_password1: [MSG.passwordNeedsDigit] }],
    [
      'passwords that differ',
      { new_password1: 'Abcdefg1', new_password2: 'Abcdefg2' },
      { new_password2: [MSG.passwordsDoNotMatch] },
    ],
    ['nothing', {}, { new_password1: [MSG.fieldRequired], new_password2: [MSG.fieldRequired] }],
    [
      'a number for a password',
      { new_password1: 12345678, new_password2: 12345678 },
      { new_password1: [MSG.fieldRequired], new_password2: [MSG.fieldRequired] },
    ],
  ])('%s: 400 per field, and the password and sessions stay', async (_label, body, expected) => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const other = await signIn(t.app, user);
    const before = (await storedUser(t.db, user.id)).passwordHash;
    const res = await change(token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expected);
    expect((await storedUser(t.db, user.id)).passwordHash).toBe(before);
    expect((await t.get('/profile/userProfile', { token: other })).statusCode).toBe(200);
    expect(await t.emailsTo(user.email)).toHaveLength(0);
  });

  it('exactly 8 characters with one digit is enough', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    expect((await change(token, { new_password1: 'abcdefg1', new_password2: 'abcdefg1' })).statusCode).toBe(200);
    expect((await login(user.email, 'abcdefg1')).statusCode).toBe(200);
  });
});

describe('POST /api/profile/not-first-login/', () => {
  it('marks first login done: the next sign-in says first_login false', async () => {
    const user = await makeUser(t.db, { firstLogin: true });
    const data = await signInData(t.app, user);
    expect(data.first_login).toBe(true);
    const res = await t.post('/profile/not-first-login/', undefined, { token: data.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ first_login: false });
    expect((await signInData(t.app, user)).first_login).toBe(false);
    expect((await storedUser(t.db, user.id)).firstLogin).toBe(false);
  });
});

describe('POST /api/confirm-password/', () => {
  it.each([['DEAUTHORIZATION'], ['AUTHORIZATION'], ['LIVE_TRADING']])(
    'the right password with reason %s: 200',
    async (reason) => {
      const user = await makeUser(t.db);
      const token = await signIn(t.app, user);
      const res = await t.post('/confirm-password/', { password: user.password, reason }, { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: MSG.passwordConfirmed, reason });
    },
  );

  it.each([
    ['a wrong password', { password: 'not-it-123', reason: 'LIVE_TRADING' }, { password: [MSG.passwordIncorrect] }],
    ['no password', { reason: 'LIVE_TRADING' }, { password: [MSG.passwordRequired] }],
    ['an unknown reason', { password: 'whatever', reason: 'FUN' }, 'reason'],
    ['no reason', { password: 'whatever' }, 'reason'],
  ])('%s: 400', async (_label, body, expected) => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const res = await t.post('/confirm-password/', body, { token });
    expect(res.statusCode).toBe(400);
    if (typeof expected === 'string') expect(res.json()).toHaveProperty(expected);
    else expect(res.json()).toEqual(expected);
  });

  it('checks the caller’s own password, not another account’s', async () => {
    const me = await makeUser(t.db);
    const someone = await makeUser(t.db);
    const token = await signIn(t.app, me);
    const res = await t.post('/confirm-password/', { password: someone.password, reason: 'AUTHORIZATION' }, { token });
    expect(res.statusCode).toBe(400);
  });

  it('is rate-limited per account: after 10 wrong passwords even the right one is 429', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await t.post('/confirm-password/', { password: `bad-${i}`, reason: 'LIVE_TRADING' }, { token })).statusCode,
      ).toBe(400);
    }
    const res = await t.post('/confirm-password/', { password: user.password, reason: 'LIVE_TRADING' }, { token });
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toMatch(/^Too many attempts/);
  });
});
