import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, OTP_TTL_MINUTES } from '@drat/contracts';
import { makeUser, signIn, type TestUser } from '../../../test/factories';
import { sessionsOf, SESSION_DATA_KEYS } from '../../../test/expect';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The codes e-mailed to `email`, newest first, read from the outbox as a person reads their mail. */
async function codesSentTo(email: string): Promise<string[]> {
  const mails = await t.emailsTo(email);
  return mails
    .filter((m) => m.subject.startsWith('Your DRAT login code'))
    .map((m) => {
      const code = /code: (\d{6})$/.exec(m.subject)?.[1];
      expect(m.body).toContain(`code is ${code}.`);
      return code!;
    });
}

/** Signs in a user with OTP on; answers the code that was mailed. */
async function startOtpLogin(user: TestUser): Promise<string> {
  const res = await t.post('/login', { username: user.email, password: user.password });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ email: user.email });
  const [code] = await codesSentTo(user.email);
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

const verify = (email: string, otp: string, ip?: string) => t.post('/otp/verify/', { email, otp }, { ip });
const otpUser = () => makeUser(t.db, { otpEnabled: true });

describe('POST /api/login with OTP on', () => {
  it('answers {email} only, opens no session and mails a 6-digit code', async () => {
    const user = await otpUser();
    await startOtpLogin(user);
    expect(await sessionsOf(t.db, user.id)).toHaveLength(0);
    expect(await codesSentTo(user.email)).toHaveLength(1);
  });

  it('does not mail a code to an expired user', async () => {
    const user = await makeUser(t.db, { otpEnabled: true, expired: true });
    const res = await t.post('/login', { username: user.email, password: user.password });
    expect(res.statusCode).toBe(403);
    expect(await codesSentTo(user.email)).toHaveLength(0);
  });
});

describe('POST /api/otp/verify/', () => {
  it('the right code: code 200 and user_data with a working token', async () => {
    const user = await otpUser();
    const code = await startOtpLogin(user);
    const res = await verify(user.email, code);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    for (const key of SESSION_DATA_KEYS) expect(body.user_data, key).toHaveProperty(key);
    expect((await t.get('/profile/userProfile', { token: body.user_data.token })).statusCode).toBe(200);
    expect(await sessionsOf(t.db, user.id)).toHaveLength(1);
  });

  it('a wrong code: code 204, then the right code still works', async () => {
    const user = await otpUser();
    const code = await startOtpLogin(user);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await verify(user.email, wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [MSG.otpInvalid], code: 204 });
    expect(await sessionsOf(t.db, user.id)).toHaveLength(0);
    expect((await verify(user.email, code)).json().code).toBe(200);
  });

  it('an expired code: code 205 once the clock passes the code lifetime', async () => {
    const user = await otpUser();
    const code = await startOtpLogin(user);
    t.clock.advanceMinutes(OTP_TTL_MINUTES + 1);
    const res = await verify(user.email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [MSG.otpExpired], code: 205 });
    expect(await sessionsOf(t.db, user.id)).toHaveLength(0);
  });

  it('a used code cannot be used again: code 205, no second session', async () => {
    const user = await otpUser();
    const code = await startOtpLogin(user);
    expect((await verify(user.email, code)).statusCode).toBe(200);
    const again = await verify(user.email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe(205);
    expect(await sessionsOf(t.db, user.id)).toHaveLength(1);
  });

  it('five wrong codes end the challenge: even the right code is then refused with 205', async () => {
    const user = await otpUser();
    const code = await startOtpLogin(user);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expect((await verify(user.email, wrong)).json().code).toBe(204);
    const res = await verify(user.email, code);
    expect(res.json()).toEqual({ non_field_errors: [MSG.otpExpired], code: 205 });
    expect(await sessionsOf(t.db, user.id)).toHaveLength(0);
  });

  it('a new sign-in replaces the open challenge: the first code no longer works', async () => {
    const user = await otpUser();
    const first = await startOtpLogin(user);
    t.clock.advance(1000);
    const second = await startOtpLogin(user);
    if (first !== second) expect((await verify(user.email, first)).json().code).toBe(204);
    expect((await verify(user.email, second)).json().code).toBe(200);
  });

  it('with no sign-in waiting, any code is 205', async () => {
    const user = await otpUser();
    const res = await verify(user.email, '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [MSG.otpNoChallenge], code: 205 });
    const stranger = await verify('nobody@test.drat', '123456');
    expect(stranger.json()).toEqual({ non_field_errors: [MSG.otpNoChallenge], code: 205 });
  });

  it.each([
    ['nothing', {}, { email: [MSG.emailRequired], otp: [MSG.otpRequired] }],
    ['an empty otp', { email: 'a@b.co', otp: '' }, { otp: [MSG.otpRequired] }],
    ['a bad e-mail', { email: 'nope', otp: '123456' }, { email: [MSG.emailInvalid] }],
  ])('%s: 400 per field', async (_label, body, expected) => {
    const res = await t.post('/otp/verify/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expected);
  });

  it('wrong codes from one address make the next try there wait; another address is not slowed', async () => {
    const user = await otpUser();
    const ip = '198.51.100.40';
    await startOtpLogin(user);
    // Five wrong codes end a challenge; sign in again before that so every try is a 204.
    for (let i = 0; i < 6; i += 1) {
      if (i === 4) await startOtpLogin(user);
      expect((await verify(user.email, '999999x', ip)).json().code).toBe(204);
    }
    const fresh = await startOtpLogin(user);
    const res = await verify(user.email, fresh, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toMatch(/^Too many attempts/);
    expect(await sessionsOf(t.db, user.id)).toHaveLength(0);
    // The owner's own address: the right code signs in.
    expect((await verify(user.email, fresh, '198.51.100.41')).statusCode).toBe(200);
  });

  it('is rate-limited per address: the 51st try from one address is 429', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < 50; i += 1) expect((await verify(`someone-${i}@test.drat`, '123456', ip)).statusCode).toBe(400);
    const user = await otpUser();
    const code = await startOtpLogin(user);
    expect((await verify(user.email, code, ip)).statusCode).toBe(429);
    expect((await verify(user.email, code)).statusCode).toBe(200);
  });
});

describe('POST /api/otp/resend/', () => {
  it('mails a new code once; the old code stops working; a second resend is refused', async () => {
    const user = await otpUser();
    const first = await startOtpLogin(user);
    const res = await t.post('/otp/resend/', { email: user.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.otpResent });
    const codes = await codesSentTo(user.email);
    expect(codes).toHaveLength(2);
    const second = codes[0]!;

    const again = await t.post('/otp/resend/', { email: user.email });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: [MSG.otpResendUsed] });
    expect(await codesSentTo(user.email)).toHaveLength(2);

    if (first !== second) expect((await verify(user.email, first)).json().code).toBe(204);
    expect((await verify(user.email, second)).json().code).toBe(200);
  });

  it('gives the resent code a fresh lifetime', async () => {
    const user = await otpUser();
    await startOtpLogin(user);
    t.clock.advanceMinutes(OTP_TTL_MINUTES - 1);
    expect((await t.post('/otp/resend/', { email: user.email })).statusCode).toBe(200);
    const [code] = await codesSentTo(user.email);
    t.clock.advanceMinutes(OTP_TTL_MINUTES - 1);
    expect((await verify(user.email, code!)).json().code).toBe(200);
  });

  it('without a sign-in waiting: 400 and nothing mailed', async () => {
    const user = await otpUser();
    const res = await t.post('/otp/resend/', { email: user.email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [MSG.otpNoChallenge] });
    expect(await t.emailsTo(user.email)).toHaveLength(0);
  });

  it('needs an e-mail', async () => {
    const res = await t.post('/otp/resend/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [MSG.emailRequired] });
  });
});

describe('POST /api/profile/otp/ switches the second step', () => {
  it('on: the next sign-in asks for a code; off: it signs in directly', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const on = await t.post('/profile/otp/', { enable_otp: true }, { token });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ message: MSG.otpEnabled, otp_enabled: true });
    expect((await t.get('/profile/userProfile', { token })).json().otp_enabled).toBe(true);
    await startOtpLogin(user);

    const off = await t.post('/profile/otp/', { enable_otp: false }, { token });
    expect(off.json()).toEqual({ message: MSG.otpDisabled, otp_enabled: false });
    const res = await t.post('/login', { username: user.email, password: user.password });
    expect(res.json().user_data.token).toBeTruthy();
  });

  it.each([[{}], [{ enable_otp: 'yes' }], [{ enable_otp: 1 }]])(
    'refuses %j with 400 and changes nothing',
    async (body) => {
      const user = await makeUser(t.db);
      const token = await signIn(t.app, user);
      const res = await t.post('/profile/otp/', body, { token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('enable_otp');
      expect((await t.get('/profile/userProfile', { token })).json().otp_enabled).toBe(false);
    },
  );
});
