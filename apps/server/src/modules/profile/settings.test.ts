import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Profile } from '@drat/contracts';
import { makeUser, signIn, signInData } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const readProfile = async (token: string) => (await t.get('/profile/userProfile', { token })).json<Profile>();
const settingsOf = (p: Profile) => ({
  receive_emails: p.receive_emails,
  receive_sms: p.receive_sms,
  get_alerts_notification: p.get_alerts_notification,
  get_trackers_notification: p.get_trackers_notification,
});

describe('POST /api/profile/set-theme/', () => {
  it('saves the theme: the profile and the next sign-in carry it', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const res = await t.post('/profile/set-theme/', { theme: 'dark' }, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.themeSaved, theme: 'dark' });
    expect((await readProfile(token)).theme).toBe('dark');
    expect((await signInData(t.app, user)).theme).toBe('dark');
    expect((await t.post('/profile/set-theme/', { theme: 'light' }, { token })).statusCode).toBe(200);
    expect((await readProfile(token)).theme).toBe('light');
  });

  it.each([[{ theme: 'blue' }], [{ theme: 'DARK' }], [{ theme: '' }], [{}], [{ theme: null }]])(
    'refuses %j with 400 on theme and keeps the theme',
    async (body) => {
      const user = await makeUser(t.db);
      const token = await signIn(t.app, user);
      await t.post('/profile/set-theme/', { theme: 'dark' }, { token });
      const res = await t.post('/profile/set-theme/', body, { token });
      expect(res.statusCode).toBe(400);
      expect(res.json().theme).toEqual([MSG.themeInvalid]);
      expect((await readProfile(token)).theme).toBe('dark');
    },
  );
});

describe('POST /api/profile/handle-receive-*/ toggles', () => {
  const toggles = [
    ['emails', 'receive_emails'],
    ['sms', 'receive_sms'],
    ['alerts', 'get_alerts_notification'],
    ['trackers', 'get_trackers_notification'],
  ] as const;

  it.each(toggles)('handle-receive-%s/ flips %s, and flips it back, touching nothing else', async (which, key) => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const before = settingsOf(await readProfile(token));

    const first = await t.post(`/profile/handle-receive-${which}/`, undefined, { token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: MSG.notificationSettingSaved, [key]: !before[key] });
    expect(settingsOf(await readProfile(token))).toEqual({ ...before, [key]: !before[key] });

    const second = await t.post(`/profile/handle-receive-${which}/`, undefined, { token });
    expect(second.json()[key]).toBe(before[key]);
    expect(settingsOf(await readProfile(token))).toEqual(before);
  });

  it('one user’s toggle does not touch another user', async () => {
    const a = await makeUser(t.db);
    const b = await makeUser(t.db);
    const tokenA = await signIn(t.app, a);
    const tokenB = await signIn(t.app, b);
    await t.post('/profile/handle-receive-emails/', undefined, { token: tokenA });
    expect((await readProfile(tokenA)).receive_emails).toBe(false);
    expect((await readProfile(tokenB)).receive_emails).toBe(true);
  });
});
