import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, RESET_TOKEN_TTL_MINUTES, WS_CLOSE_UNAUTHORIZED } from '@drat/contracts';
import { makeUser, signIn, type TestUser } from '../../../test/factories';
import { sessionsOf, storedUser } from '../../../test/expect';
import { createTestApp, type TestApp } from '../../../test/harness';
import { signedInSocket, wsUrl } from '../../../test/ws-client';

let t: TestApp;
beforeAll(async () => {
  // The reset e-mail is a job's (so the answer takes as long for every e-mail): run the workers.
  t = await createTestApp({ workers: true });
});
afterAll(async () => {
  await t?.close();
});

interface ResetMail {
  token: string;
  activation: string;
  link: string;
}

/** Waits until every reset request so far has been handled by its job. */
async function mailJobsDone(): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const { rows } = await t.database.pool.query<{ n: string }>(
      `select count(*) as n from pgboss.job where name = 'auth.reset-mail' and state in ('created', 'retry', 'active')`,
    );
    if (Number(rows[0]!.n) === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the reset e-mail jobs did not finish');
}

/** Step 1, then read the e-mail the way a person does: the link and the token in its text. */
async function requestReset(user: Pick<TestUser, 'email'>): Promise<ResetMail> {
  const res = await t.post('/password-reset/', { email: user.email });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ message: MSG.resetEmailSent });
  await mailJobsDone();
  const [mail] = (await t.emailsTo(user.email)).filter((m) => m.subject === 'Reset your DRAT password');
  expect(mail, 'reset e-mail in the outbox').toBeDefined();
  const link = /(http:\/\/drat\.test\/reset-password\/([\w-]+)\/confirm-token)/.exec(mail!.body);
  const token = /Enter this token: ([A-Z2-9]{8})/.exec(mail!.body);
  expect(link, mail!.body).not.toBeNull();
  expect(token, mail!.body).not.toBeNull();
  return { link: link![1]!, activation: link![2]!, token: token![1]! };
}

const activate = (code: string) => t.post('/password-reset-token-activate/', { code });
const confirm = (code: string, activation?: string) => t.post('/password-reset-token-confirm/', { code, activation });
const setNew = (body: Record<string, unknown>) => t.post('/set-new-password/', body);
const login = (email: string, password: string) => t.post('/login', { username: email, password });

async function resetKeyFor(user: TestUser): Promise<string> {
  const mail = await requestReset(user);
  const res = await confirm(mail.token, mail.activation);
  expect(res.statusCode).toBe(200);
  return res.json().resetkey as string;
}

describe('the four-step password reset', () => {
  it('request → e-mail → activate → confirm token → set new password; old sessions and their sockets end', async () => {
    const user = await makeUser(t.db);
    const oldToken = await signIn(t.app, user);
    const oldSocket = await signedInSocket(await wsUrl(t.app), oldToken);

    const mail = await requestReset(user);
    expect((await activate(mail.activation)).json()).toEqual({ valid: true });

    const confirmed = await confirm(mail.token, mail.activation);
    expect(confirmed.statusCode).toBe(200);
    const { valid, resetkey } = confirmed.json();
    expect(valid).toBe(true);
    expect(resetkey).toMatch(/^[\w-]{20,}$/);

    const done = await setNew({ p1: 'BrandNew2026', p2: 'BrandNew2026', resetkey });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: MSG.passwordResetDone });

    expect((await t.get('/profile/userProfile', { token: oldToken })).json()).toEqual({ detail: 'Invalid token.' });
    expect(await sessionsOf(t.db, user.id)).toHaveLength(0);
    expect((await oldSocket.closed).code).toBe(WS_CLOSE_UNAUTHORIZED);
    expect((await login(user.email, user.password)).statusCode).toBe(400);
    expect((await login(user.email, 'BrandNew2026')).statusCode).toBe(200);
    expect((await t.emailsTo(user.email)).map((m) => m.subject)).toContain('Your DRAT password was changed');
  });

  it('nothing of it works twice: the key, the token and the link are spent', async () => {
    const user = await makeUser(t.db);
    const mail = await requestReset(user);
    const { resetkey } = (await confirm(mail.token, mail.activation)).json();
    expect((await setNew({ p1: 'FirstReset1', p2: 'FirstReset1', resetkey })).statusCode).toBe(200);

    const again = await setNew({ p1: 'SecondReset2', p2: 'SecondReset2', resetkey });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: [MSG.resetLinkInvalid] });
    expect((await confirm(mail.token, mail.activation)).statusCode).toBe(400);
    expect((await activate(mail.activation)).json()).toEqual({ valid: false });
    expect((await login(user.email, 'FirstReset1')).statusCode).toBe(200);
    expect((await login(user.email, 'SecondReset2')).statusCode).toBe(400);
  });

  it('accepts the token typed in lower case with spaces', async () => {
    const user = await makeUser(t.db);
    const mail = await requestReset(user);
    const res = await confirm(`  ${mail.token.toLowerCase()} `, mail.activation);
    expect(res.statusCode).toBe(200);
    expect(res.json().valid).toBe(true);
  });

  it('follows the order of the steps: the e-mailed token alone, without its activated link, is refused', async () => {
    const user = await makeUser(t.db);
    const mail = await requestReset(user);
    const alone = await confirm(mail.token);
    expect(alone.statusCode).toBe(400);
    expect(alone.json()).toEqual({ activation: [MSG.resetLinkInvalid] });
    // The link opened and the token typed with it: the key that sets the password.
    expect((await activate(mail.activation)).json()).toEqual({ valid: true });
    const { resetkey } = (await confirm(mail.token, mail.activation)).json();
    expect((await t.post('/set-new-password/', { p1: 'Ordered1', p2: 'Ordered1', resetkey })).statusCode).toBe(200);
  });

  it('a new request replaces the previous one', async () => {
    const user = await makeUser(t.db);
    const first = await requestReset(user);
    const second = await requestReset(user);
    expect((await activate(first.activation)).json()).toEqual({ valid: false });
    expect((await confirm(first.token, first.activation)).statusCode).toBe(400);
    expect((await activate(second.activation)).json()).toEqual({ valid: true });
  });

  it(`expires after ${RESET_TOKEN_TTL_MINUTES} minutes`, async () => {
    const user = await makeUser(t.db);
    const mail = await requestReset(user);
    t.clock.advanceMinutes(RESET_TOKEN_TTL_MINUTES + 1);
    expect((await activate(mail.activation)).json()).toEqual({ valid: false });
    const res = await confirm(mail.token, mail.activation);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: [MSG.resetTokenInvalid] });
  });

  it('a key earned before expiry cannot set the password after it', async () => {
    const user = await makeUser(t.db);
    const resetkey = await resetKeyFor(user);
    t.clock.advanceMinutes(RESET_TOKEN_TTL_MINUTES + 1);
    expect((await setNew({ p1: 'LateReset9', p2: 'LateReset9', resetkey })).statusCode).toBe(400);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });
});

describe('step 1: POST /api/password-reset/', () => {
  it.each([
    ['an unknown e-mail', async () => ({ email: 'no-account@test.drat' })],
    ['an inactive account', async () => makeUser(t.db, { isActive: false })],
  ])('answers the same for %s and mails nothing', async (_label, make) => {
    const who = await make();
    const res = await t.post('/password-reset/', { email: who.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.resetEmailSent });
    await mailJobsDone();
    expect(await t.emailsTo(who.email)).toHaveLength(0);
  });

  it.each([
    ['no e-mail', {}, { email: [MSG.emailRequired] }],
    ['a bad e-mail', { email: 'not-mail' }, { email: [MSG.emailInvalid] }],
  ])('%s: 400 per field', async (_label, body, expected) => {
    const res = await t.post('/password-reset/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expected);
  });

  it('is rate-limited per account: the 6th request in an hour is 429 and mails nothing more', async () => {
    const user = await makeUser(t.db);
    for (let i = 0; i < 5; i += 1)
      expect((await t.post('/password-reset/', { email: user.email })).statusCode).toBe(200);
    const res = await t.post('/password-reset/', { email: user.email });
    expect(res.statusCode).toBe(429);
    await mailJobsDone();
    expect(await t.emailsTo(user.email)).toHaveLength(5);
  });

  it('is rate-limited per address: the 21st request from one address in an hour is 429', async () => {
    const ip = '203.0.113.5';
    for (let i = 0; i < 20; i += 1) {
      expect((await t.post('/password-reset/', { email: `x${i}@test.drat` }, { ip })).statusCode).toBe(200);
    }
    const user = await makeUser(t.db);
    expect((await t.post('/password-reset/', { email: user.email }, { ip })).statusCode).toBe(429);
    await mailJobsDone();
    expect(await t.emailsTo(user.email)).toHaveLength(0);
  });
});

describe('step 2 and 3: activate and confirm', () => {
  it.each([['garbage'], ['x'.repeat(200)], ['../../etc/passwd']])('activate %s: {valid: false}', async (code) => {
    const res = await activate(code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: false });
  });

  it('activate without a code: 400', async () => {
    const res = await t.post('/password-reset-token-activate/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: [MSG.fieldRequired] });
  });

  it('confirm with a wrong token, or the token of another link: 400 on the code field, no key', async () => {
    const a = await makeUser(t.db);
    const b = await makeUser(t.db);
    const mailA = await requestReset(a);
    const mailB = await requestReset(b);
    for (const res of [await confirm('WRONGTOK', mailA.activation), await confirm(mailA.token, mailB.activation)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: [MSG.resetTokenInvalid] });
    }
    expect((await confirm(mailA.token, mailA.activation)).statusCode).toBe(200);
  });
});

describe('step 4: POST /api/set-new-password/ refuses and changes nothing', () => {
  it.each([
    ['passwords that differ', { p1: 'Matching12', p2: 'Different12' }, { p2: [MSG.passwordsDoNotMatch] }],
    ['a short password', { p1: 'Ab1', p2: 'Ab1' }, { p1: [MSG.passwordTooShort] }],
    ['a password without a digit', { p1: 'NoDigitsHere', p2: 'NoDigitsHere' }, { p1: [MSG.passwordNeedsDigit] }],
    ['no second password', { p1: 'Matching12' }, { p2: [MSG.fieldRequired] }],
  ])('%s', async (_label, passwords, expected) => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const resetkey = await resetKeyFor(user);
    const res = await setNew({ ...passwords, resetkey });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expected);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await t.get('/profile/userProfile', { token })).statusCode).toBe(200);
    // The key was not spent by the failure.
    expect((await setNew({ p1: 'AfterFail77', p2: 'AfterFail77', resetkey })).statusCode).toBe(200);
  });

  it.each([
    ['an unknown key', 'not-a-key'],
    ['an empty key', ''],
  ])('%s: Invalid password reset link', async (_label, resetkey) => {
    const res = await setNew({ p1: 'Whatever99', p2: 'Whatever99', resetkey });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(MSG.resetLinkInvalid);
  });

  it('the password hash is untouched by a refused request', async () => {
    const user = await makeUser(t.db);
    const before = (await storedUser(t.db, user.id)).passwordHash;
    await setNew({ p1: 'Whatever99', p2: 'Whatever99', resetkey: 'forged' });
    expect((await storedUser(t.db, user.id)).passwordHash).toBe(before);
  });
});
