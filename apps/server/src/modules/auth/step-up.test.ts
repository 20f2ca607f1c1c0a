import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PASSWORD_CONFIRMATION_REQUIRED, STEP_UP_MINUTES } from '@drat/contracts';
import { makeUser, signIn, uniqueEmail, type MakeUserOptions } from '../../../test/factories';
import { sessionsOf, storedUser } from '../../../test/expect';
import { createTestApp, type TestApp } from '../../../test/harness';

/**
 * Sensitive changes need a fresh password: a stolen session token alone cannot change the password,
 * the sign-in e-mail or turn two-factor sign-in off. The password counts as fresh for
 * STEP_UP_MINUTES after signing in, or after POST /confirm-password/ with the change's own reason,
 * in the same session.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function staleSession(options: MakeUserOptions = {}) {
  const user = await makeUser(t.db, options);
  const token = await signIn(t.app, user);
  t.clock.advanceMinutes(STEP_UP_MINUTES + 1);
  return { user, token };
}
const confirm = (token: string, reason: string, password: string) =>
  t.post('/confirm-password/', { password, reason }, { token });
const changePassword = (token: string, password: string) =>
  t.post('/rest-auth/password/change/', { new_password1: password, new_password2: password }, { token });

const refused = (reason: string) => ({
  detail: MSG.passwordConfirmationRequired,
  code: PASSWORD_CONFIRMATION_REQUIRED,
  reason,
});

describe('step-up before sensitive changes', () => {
  it('right after signing in, the password counts as confirmed', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    expect((await changePassword(token, 'FreshlyIn9')).statusCode).toBe(200);
  });

  it('a password change in an older session needs the password confirmed for it, then works', async () => {
    const { user, token } = await staleSession();
    const res = await changePassword(token, 'Changed123');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused('PASSWORD_CHANGE'));
    expect((await t.post('/login', { username: user.email, password: 'Changed123' })).statusCode).toBe(400);

    expect((await confirm(token, 'PASSWORD_CHANGE', user.password)).statusCode).toBe(200);
    expect((await changePassword(token, 'Changed123')).statusCode).toBe(200);
    expect((await t.post('/login', { username: user.email, password: 'Changed123' })).statusCode).toBe(200);
  });

  it('a confirmation is bound to its action: one for the e-mail does not change the password', async () => {
    const { user, token } = await staleSession();
    expect((await confirm(token, 'EMAIL_CHANGE', user.password)).statusCode).toBe(200);
    expect((await changePassword(token, 'Changed123')).json()).toEqual(refused('PASSWORD_CHANGE'));
  });

  it('a confirmation is bound to its session: another session of the same user is not freshened', async () => {
    const { user, token } = await staleSession();
    const other = await signIn(t.app, user);
    t.clock.advanceMinutes(STEP_UP_MINUTES + 1);
    expect((await confirm(other, 'PASSWORD_CHANGE', user.password)).statusCode).toBe(200);
    expect((await changePassword(token, 'Changed123')).statusCode).toBe(403);
  });

  it(`a confirmation lasts ${STEP_UP_MINUTES} minutes`, async () => {
    const { user, token } = await staleSession();
    await confirm(token, 'PASSWORD_CHANGE', user.password);
    t.clock.advanceMinutes(STEP_UP_MINUTES + 1);
    expect((await changePassword(token, 'Changed123')).statusCode).toBe(403);
  });

  it('a wrong password confirms nothing', async () => {
    const { token } = await staleSession();
    const res = await confirm(token, 'PASSWORD_CHANGE', 'not-my-password-1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ password: [MSG.passwordIncorrect] });
    expect((await changePassword(token, 'Changed123')).statusCode).toBe(403);
  });

  it('changing the password ends the other sessions, and keeps this one', async () => {
    const { user, token } = await staleSession();
    await signIn(t.app, user);
    await confirm(token, 'PASSWORD_CHANGE', user.password);
    expect((await changePassword(token, 'Changed123')).statusCode).toBe(200);
    expect(await sessionsOf(t.db, user.id)).toHaveLength(1);
    expect((await t.get('/profile/userProfile', { token })).statusCode).toBe(200);
  });

  it('a new sign-in e-mail needs a fresh password; the phone number in the same request is not saved', async () => {
    const { user, token } = await staleSession({ phoneNumber: '+14155550111' });
    const email = uniqueEmail('stolen');
    const res = await t.post('/profile/profile_change/', { email, phone_number: '+14155550999' }, { token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused('EMAIL_CHANGE'));
    expect(await t.emailsTo(email)).toHaveLength(0);
    expect((await storedUser(t.db, user.id)).phoneNumber).toBe('+14155550111');

    await confirm(token, 'EMAIL_CHANGE', user.password);
    const again = await t.post('/profile/profile_change/', { email }, { token });
    expect(again.json()).toEqual({ message: MSG.emailChangeSent(email), email_pending: email });
  });

  it('a phone number alone changes without a fresh password', async () => {
    const { token } = await staleSession();
    const res = await t.post('/profile/profile_change/', { phone_number: '+14155550123' }, { token });
    expect(res.statusCode).toBe(200);
  });

  it('turning two-factor sign-in off needs a fresh password; turning it on does not', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    expect((await t.post('/profile/otp/', { enable_otp: true }, { token })).statusCode).toBe(200);
    t.clock.advanceMinutes(STEP_UP_MINUTES + 1);
    const off = await t.post('/profile/otp/', { enable_otp: false }, { token });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toEqual(refused('OTP_DISABLE'));
    expect((await storedUser(t.db, user.id)).otpEnabled).toBe(true);
    await confirm(token, 'OTP_DISABLE', user.password);
    expect((await t.post('/profile/otp/', { enable_otp: false }, { token })).statusCode).toBe(200);
    expect((await t.post('/profile/otp/', { enable_otp: true }, { token })).statusCode).toBe(200);
    expect((await storedUser(t.db, user.id)).otpEnabled).toBe(true);
  });
});
