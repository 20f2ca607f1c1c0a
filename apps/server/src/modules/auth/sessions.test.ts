import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDLE_LOGOUT_MINUTES, MSG } from '@drat/contracts';
import { usersRepo } from '../users';
import { makeUser, signIn } from '../../../test/factories';
import { sessionsOf } from '../../../test/expect';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const profile = (token: string) => t.get('/profile/userProfile', { token });
const INVALID = { detail: MSG.invalidToken };

describe('POST /api/logout/', () => {
  it('ends the token: the next call is 401 Invalid token.; the user’s other sessions go on', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const other = await signIn(t.app, user);
    const res = await t.post('/logout/', undefined, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Successfully logged out.' });
    expect((await profile(token)).json()).toEqual(INVALID);
    expect((await profile(token)).statusCode).toBe(401);
    expect((await profile(other)).statusCode).toBe(200);
    expect(await sessionsOf(t.db, user.id)).toHaveLength(1);
  });

  it('a second logout with the same token is 401', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    expect((await t.post('/logout/', undefined, { token })).statusCode).toBe(200);
    const again = await t.post('/logout/', undefined, { token });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(INVALID);
  });

  it('accepts an empty JSON body the way browsers send it', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    expect((await t.post('/logout/', {}, { token })).statusCode).toBe(200);
  });
});

describe(`idle sessions end after ${IDLE_LOGOUT_MINUTES} minutes on the server`, () => {
  it('idle past the limit: 401 Invalid token. and the session row is deleted', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    t.clock.advanceMinutes(IDLE_LOGOUT_MINUTES + 1);
    const res = await profile(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID);
    expect(await sessionsOf(t.db, user.id)).toHaveLength(0);
  });

  it('exactly at the limit it still works, and activity keeps the session alive', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    t.clock.advanceMinutes(IDLE_LOGOUT_MINUTES);
    expect((await profile(token)).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      t.clock.advanceMinutes(IDLE_LOGOUT_MINUTES - 5);
      expect((await profile(token)).statusCode, `after ${i + 2} idle spells`).toBe(200);
    }
    const [session] = await sessionsOf(t.db, user.id);
    expect(session!.lastSeenAt.getTime()).toBe(t.clock.now().getTime());
  });

  it('a failed call does not extend a session that already expired', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    t.clock.advanceMinutes(IDLE_LOGOUT_MINUTES + 1);
    expect((await profile(token)).statusCode).toBe(401);
    t.clock.advanceMinutes(-IDLE_LOGOUT_MINUTES);
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('the sessions.purge job handler drops idle sessions and keeps live ones', async () => {
    const idle = await makeUser(t.db);
    const active = await makeUser(t.db);
    await signIn(t.app, idle);
    t.clock.advanceMinutes(IDLE_LOGOUT_MINUTES / 2);
    const activeToken = await signIn(t.app, active);
    t.clock.advanceMinutes(IDLE_LOGOUT_MINUTES / 2 + 1);
    await t.modules.auth.purgeIdleSessions();
    expect(await sessionsOf(t.db, idle.id)).toHaveLength(0);
    expect(await sessionsOf(t.db, active.id)).toHaveLength(1);
    expect((await profile(activeToken)).statusCode).toBe(200);
  });
});

describe('a session of a deactivated account', () => {
  it('is refused with 401 Invalid token.', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    await usersRepo(t.db).updateUser(user.id, { isActive: false });
    const res = await profile(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID);
  });
});

describe('tokens are not interchangeable with their hashes', () => {
  it('sending the stored hash as a token is 401', async () => {
    const user = await makeUser(t.db);
    await signIn(t.app, user);
    const [session] = await sessionsOf(t.db, user.id);
    const res = await profile(session!.tokenHash);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID);
  });

  it('the scheme word is case-insensitive, the token is not', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    expect((await t.get('/profile/userProfile', { headers: { authorization: `token ${token}` } })).statusCode).toBe(
      200,
    );
    const flipped = token.replace(/[a-z]/, (c) => c.toUpperCase());
    if (flipped !== token) expect((await profile(flipped)).statusCode).toBe(401);
  });
});
