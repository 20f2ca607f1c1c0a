import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, RENEWAL_PATH, type SessionData } from '@drat/contracts';
import { makeUser, signIn, type MakeUserOptions } from '../../../test/factories';
import { sessionsOf, SESSION_DATA_KEYS, storedUser } from '../../../test/expect';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sha256 } from '../../core/secrets';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (body: unknown, ip?: string) => t.post('/login', body, { ip });

describe('POST /api/login: success', () => {
  it('returns user_data with the token and every session data key of 1-core §3', async () => {
    const user = await makeUser(t.db, { plans: ['elite-monthly'], dioneCredits: 7, tradeIdeasCredits: 3 });
    const res = await login({ username: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ user_data: SessionData }>();
    expect(Object.keys(body)).toEqual(['user_data']);
    const data = body.user_data;
    for (const key of SESSION_DATA_KEYS) expect(data, key).toHaveProperty(key);
    expect(data.token).toMatch(/^[\w-]{40,}$/);
    expect(data).toMatchObject({
      theme: 'light',
      first_login: true,
      is_super: false,
      AA: true,
      DA: true,
      ADA: true,
      TIA: true,
      can_use_live_trader: true,
      is_live_trader: false,
      is_demo_trader: true,
      dione_credits: 7,
      trade_ideas_credits: 3,
      image: null,
      username: user.email.split('@')[0],
      alert_categories: ['OPTIONS', 'STOCKS', 'OTC', 'SMART TRADES'],
    });
    expect(data.alert_types.length).toBeGreaterThan(0);
    for (const type of data.alert_types) {
      expect(Object.keys(type).sort()).toEqual(['category', 'id', 'name', 'raw_note']);
      expect(data.alert_categories).toContain(type.category);
    }
    expect(data.alert_types.map((a) => a.name)).toContain('SWING-ALERTS');
    expect(data.alert_types.map((a) => a.category)).not.toContain('TRADE CHALLENGE');
  });

  it('stores only a hash of the token, and the token opens the profile', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const [session, ...others] = await sessionsOf(t.db, user.id);
    expect(others).toHaveLength(0);
    expect(session!.tokenHash).toBe(sha256(token));
    expect(session!.tokenHash).not.toContain(token);
    const profile = await t.get('/profile/userProfile', { token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ user: user.id, email: user.email });
    expect((await storedUser(t.db, user.id)).lastLoginAt?.getTime()).toBe(t.clock.now().getTime());
  });

  it('accepts `email` instead of `username`, in any case and with spaces around it', async () => {
    const user = await makeUser(t.db);
    const res = await login({ email: `  ${user.email.toUpperCase()} `, password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user_data.token).toBeTruthy();
  });

  it('gives each sign-in its own session', async () => {
    const user = await makeUser(t.db);
    const a = await signIn(t.app, user);
    const b = await signIn(t.app, user);
    expect(a).not.toBe(b);
    expect(await sessionsOf(t.db, user.id)).toHaveLength(2);
  });

  const cases: [string, MakeUserOptions, Partial<SessionData>][] = [
    [
      'a super user without plans',
      { isSuper: true, plans: [] },
      {
        is_super: true,
        AA: true,
        can_use_live_trader: true,
        alert_categories: ['OPTIONS', 'STOCKS', 'TRADE CHALLENGE', 'OTC', 'SMART TRADES'],
      },
    ],
    [
      'a live trader on Elite',
      { isLiveTrader: true },
      { is_live_trader: true, is_demo_trader: false, can_use_live_trader: true },
    ],
    [
      'a live flag without a live plan',
      { isLiveTrader: true, plans: ['stocks-monthly'] },
      {
        is_live_trader: false,
        is_demo_trader: true,
        can_use_live_trader: false,
        ADA: false,
        alert_categories: ['STOCKS', 'OTC'],
      },
    ],
    [
      'a Basic subscriber',
      { plans: ['basic-monthly'] },
      { AA: true, DA: true, ADA: false, TIA: false, alert_categories: ['STOCKS'] },
    ],
  ];
  it.each(cases)('computes the rights of %s', async (_label, options, expected) => {
    const user = await makeUser(t.db, options);
    const res = await login({ username: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user_data).toMatchObject(expected);
  });
});

describe('POST /api/login: refused', () => {
  it.each([
    ['no fields at all', {}, { username: [MSG.emailRequired], password: [MSG.passwordRequired] }],
    ['no password', { username: 'a@b.co' }, { password: [MSG.passwordRequired] }],
    ['an empty password', { username: 'a@b.co', password: '' }, { password: [MSG.passwordRequired] }],
    ['a blank password', { username: 'a@b.co', password: '   ' }, { password: [MSG.passwordRequired] }],
    ['no e-mail', { password: 'secret123' }, { username: [MSG.emailRequired] }],
    ['an empty e-mail', { username: '', password: 'secret123' }, { username: [MSG.emailRequired] }],
    ['an invalid e-mail', { username: 'not-an-email', password: 'secret123' }, { username: [MSG.emailInvalid] }],
  ])('%s: 400 with per-field lists', async (_label, body, expected) => {
    const res = await login(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expected);
  });

  it('a non-JSON body is a 400, not a 500', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
  });

  it('a wrong password and an unknown e-mail get the same answer, and no session', async () => {
    const user = await makeUser(t.db);
    const wrong = await login({ username: user.email, password: `${user.password}x` });
    const unknown = await login({ username: 'nobody-here@test.drat', password: user.password });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: [MSG.badCredentials] });
    }
    expect(await sessionsOf(t.db, user.id)).toHaveLength(0);
    expect((await storedUser(t.db, user.id)).lastLoginAt).toBeNull();
  });

  it('an inactive account: 403 with the reason, and no session', async () => {
    const user = await makeUser(t.db, { isActive: false });
    const res = await login({ username: user.email, password: user.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: MSG.accountInactive, non_field_errors: [MSG.accountInactive] });
    expect(await sessionsOf(t.db, user.id)).toHaveLength(0);
  });

  it('an inactive account with a wrong password does not reveal that it exists', async () => {
    const user = await makeUser(t.db, { isActive: false });
    const res = await login({ username: user.email, password: 'wrong-password-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [MSG.badCredentials] });
  });

  it('an expired user: 403 with the expired flag and the renewal link naming their account, and no session', async () => {
    const user = await makeUser(t.db, { plans: ['basic-monthly'], expired: true });
    const res = await login({ username: user.email, password: user.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: MSG.accountInactiveOrExpired,
      non_field_errors: [MSG.accountInactiveOrExpired],
      expired: true,
      renewal_url: expect.stringMatching(new RegExp(`^${RENEWAL_PATH}\\?r=[\\w-]{32}$`)),
    });
    expect(await sessionsOf(t.db, user.id)).toHaveLength(0);
  });

  it('a user without any subscription is expired too', async () => {
    const user = await makeUser(t.db, { plans: [] });
    const res = await login({ username: user.email, password: user.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().expired).toBe(true);
  });
});

describe('POST /api/login: rate limits', () => {
  it('failures from other addresses never lock the owner out', async () => {
    const user = await makeUser(t.db);
    // The owner has signed in from their own address before.
    expect((await login({ username: user.email, password: user.password }, '198.51.100.20')).statusCode).toBe(200);
    // Forty wrong passwords, each from an address of its own, then eight more from one address.
    for (let i = 0; i < 40; i += 1) await login({ username: user.email, password: `wrong-${i}-pw` });
    for (let i = 0; i < 8; i += 1) await login({ username: user.email, password: `wrong-${i}-pw` }, '192.0.2.10');
    expect((await login({ username: user.email, password: user.password }, '192.0.2.10')).statusCode).toBe(429);
    // The owner, at their own address, is not slowed at all.
    const res = await login({ username: user.email, password: user.password }, '198.51.100.20');
    expect(res.statusCode).toBe(200);
  });

  describe('per account (OWASP ASVS 2.2.1: at most 100 failed attempts an hour)', () => {
    /** The browser's device cookie from a sign-in's answer. */
    const deviceCookie = (res: { headers: Record<string, unknown> }) => {
      const header = String(res.headers['set-cookie'] ?? '');
      return /^drat_device=([\w-]+);/.exec(header)?.[1];
    };
    const withDevice = (body: unknown, ip: string, device: string) =>
      t.post('/login', body, { ip, headers: { cookie: `theme=dark; drat_device=${device}` } });

    /** 120 wrong passwords for one account from 24 addresses, 5 each: the answers' statuses. */
    async function guessFrom24Addresses(email: string): Promise<number[]> {
      const statuses: number[] = [];
      for (let address = 1; address <= 24; address += 1) {
        for (let i = 0; i < 5; i += 1) {
          const res = await login({ username: email, password: `guess-${address}-${i}` }, `203.0.113.${address}`);
          statuses.push(res.statusCode);
        }
      }
      return statuses;
    }

    it('120 guesses from 24 addresses: after 20 failures the account makes strangers wait; the owner still signs in', async () => {
      const user = await makeUser(t.db);
      const first = await login({ username: user.email, password: user.password }, '198.51.100.30');
      expect(first.statusCode).toBe(200);
      const device = deviceCookie(first);
      expect(device).toMatch(/^[\w-]{40,}$/);
      expect(String(first.headers['set-cookie'])).toMatch(
        /; Path=\/api\/; Max-Age=31536000; HttpOnly; SameSite=Strict$/,
      );

      const statuses = await guessFrom24Addresses(user.email);
      // 21 guesses were tried (20 free, then one that starts the wait); the other 99 were refused unread.
      expect(statuses.filter((s) => s === 400)).toHaveLength(21);
      expect(statuses.filter((s) => s === 429)).toHaveLength(99);
      expect(statuses.slice(21).every((s) => s === 429)).toBe(true);

      // Even the right password waits at an address and in a browser that never signed in…
      const stranger = await login({ username: user.email, password: user.password }, '203.0.113.200');
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json().detail).toBe('Too many attempts. Try again in 1 second.');
      // …but the owner gets in from the address they signed in from before,
      expect((await login({ username: user.email, password: user.password }, '198.51.100.30')).statusCode).toBe(200);
      // and from a new address in the browser that signed in before (its device cookie).
      const travelling = await withDevice({ username: user.email, password: user.password }, '192.0.2.230', device!);
      expect(travelling.statusCode).toBe(200);
      expect(deviceCookie(travelling)).toBe(device);
    });

    it("another account's device cookie, or a made-up one, is a stranger's", async () => {
      const user = await makeUser(t.db);
      const other = await makeUser(t.db);
      const otherDevice = deviceCookie(
        await login({ username: other.email, password: other.password }, '198.51.100.41'),
      );
      await guessFrom24Addresses(user.email);
      for (const device of [otherDevice!, 'x'.repeat(43)]) {
        const res = await withDevice({ username: user.email, password: user.password }, '192.0.2.231', device);
        expect(res.statusCode).toBe(429);
      }
    });

    it('the strangers wait 1 s, 2 s, 4 s … after the 20 free failures, so an hour holds at most about 35', async () => {
      const user = await makeUser(t.db);
      let tried = 0;
      let address = 0;
      const started = t.clock.now().getTime();
      while (t.clock.now().getTime() - started < 60 * 60_000) {
        address += 1;
        const res = await login(
          { username: user.email, password: 'guess-pw-1' },
          `198.18.${address >> 8}.${address & 255}`,
        );
        if (res.statusCode === 400) tried += 1;
        else t.clock.advance(Number(res.headers['retry-after']) * 1000);
      }
      expect(tried).toBeGreaterThan(20);
      expect(tried).toBeLessThanOrEqual(100);
      expect(tried).toBeLessThan(40);
    });

    it('30 guesses sent at once from 30 addresses cannot pass the count together: at most 21 are tried', async () => {
      const user = await makeUser(t.db);
      const statuses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          login({ username: user.email, password: `burst-${i}-pw` }, `198.19.1.${i + 1}`).then((r) => r.statusCode),
        ),
      );
      expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(21);
      expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    });

    it('a new password forgets the browsers that signed in before: their cookie is a stranger again', async () => {
      const user = await makeUser(t.db);
      const first = await login({ username: user.email, password: user.password }, '198.51.100.60');
      const device = deviceCookie(first)!;
      const token = first.json<{ user_data: { token: string } }>().user_data.token;
      const changed = await t.post(
        '/rest-auth/password/change/',
        { new_password1: 'Changed2026', new_password2: 'Changed2026' },
        { token },
      );
      expect(changed.statusCode, changed.body).toBe(200);
      await guessFrom24Addresses(user.email);
      const res = await withDevice({ username: user.email, password: 'Changed2026' }, '192.0.2.232', device);
      expect(res.statusCode).toBe(429);
    });

    it('an unknown e-mail is counted the same way, so the answers tell nothing about accounts', async () => {
      const statuses = await guessFrom24Addresses('nobody-at-all@test.drat');
      expect(statuses.filter((s) => s === 400)).toHaveLength(21);
    });

    it('a sign-in through the OTP code also gives the browser its device cookie', async () => {
      const user = await makeUser(t.db, { otpEnabled: true });
      const first = await login({ username: user.email, password: user.password }, '198.51.100.50');
      expect(first.statusCode).toBe(200);
      expect(first.headers['set-cookie']).toBeUndefined();
      const code = /code: (\d{6})$/.exec((await t.emailsTo(user.email)).at(-1)!.subject)![1];
      const verified = await t.post('/otp/verify/', { email: user.email, otp: code }, { ip: '198.51.100.50' });
      expect(verified.statusCode).toBe(200);
      expect(deviceCookie(verified)).toMatch(/^[\w-]{40,}$/);
    });
  });

  it('from one address, failures after the fifth make the next try wait 1 s, 2 s, 4 s …, even with the right password', async () => {
    const user = await makeUser(t.db);
    const ip = '192.0.2.44';
    for (let i = 0; i < 6; i += 1)
      expect((await login({ username: user.email, password: 'wrong-pw-1' }, ip)).statusCode, `failure ${i + 1}`).toBe(
        400,
      );
    const waiting = await login({ username: user.email, password: user.password }, ip);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.json().detail).toBe('Too many attempts. Try again in 1 second.');
    expect(waiting.json().non_field_errors).toEqual([waiting.json().detail]);
    expect(await sessionsOf(t.db, user.id)).toHaveLength(0);

    t.clock.advance(1000);
    expect((await login({ username: user.email, password: 'wrong-pw-1' }, ip)).statusCode).toBe(400);
    expect((await login({ username: user.email, password: user.password }, ip)).headers['retry-after']).toBe('2');
    t.clock.advance(2000);
    expect((await login({ username: user.email, password: 'wrong-pw-1' }, ip)).statusCode).toBe(400);
    expect((await login({ username: user.email, password: user.password }, ip)).headers['retry-after']).toBe('4');

    // Waited out: the right password signs in, and the count starts again.
    t.clock.advance(4000);
    expect((await login({ username: user.email, password: user.password }, ip)).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1)
      expect((await login({ username: user.email, password: 'wrong-pw-1' }, ip)).statusCode).toBe(400);
  });

  it('an unknown e-mail gets the same answers at every step, so the limit tells nothing about accounts', async () => {
    const user = await makeUser(t.db);
    const answers = async (email: string, ip: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 7; i += 1) {
        const res = await login({ username: email, password: 'wrong-pw-1' }, ip);
        seen.push(`${res.statusCode} ${res.body} ${res.headers['retry-after'] ?? ''}`);
      }
      return seen;
    };
    const known = await answers(user.email, '192.0.2.61');
    const unknown = await answers('nobody-here@test.drat', '192.0.2.62');
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toMatch(/^429 /);
  });

  it('a failure an hour old is forgotten', async () => {
    const user = await makeUser(t.db);
    const ip = '192.0.2.71';
    for (let i = 0; i < 9; i += 1) await login({ username: user.email, password: 'wrong-pw-1' }, ip);
    t.clock.advanceMinutes(61);
    expect((await login({ username: user.email, password: user.password }, ip)).statusCode).toBe(200);
  });

  it('per address: the 51st attempt from one address in 15 minutes is 429; other addresses still sign in', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 50; i += 1) {
      const res = await login({ username: `stranger-${i}@test.drat`, password: 'whatever-1' }, ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(400);
    }
    const user = await makeUser(t.db);
    const blocked = await login({ username: user.email, password: user.password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(await sessionsOf(t.db, user.id)).toHaveLength(0);
    expect((await login({ username: user.email, password: user.password }, '192.0.2.78')).statusCode).toBe(200);
  });
});
