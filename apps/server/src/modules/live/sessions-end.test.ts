import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDLE_LOGOUT_MINUTES, WS_CLOSE_UNAUTHORIZED } from '@drat/contracts';
import { makeUser, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { signedInSocket, wsUrl, type TestSocket } from '../../../test/ws-client';
import { usersRepo } from '../users';

let t: TestApp;
let url: string;
const open: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await wsUrl(t.app);
});
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
  await t?.close();
});

async function socket(token: string): Promise<TestSocket> {
  const s = await signedInSocket(url, token);
  open.push(s);
  return s;
}
/** The socket is still open and answering. */
async function stillOpen(s: TestSocket): Promise<void> {
  s.send({ type: 'ping' });
  const before = s.messages.filter((m) => m.type === 'pong').length;
  await s.next('pong', () => s.messages.filter((m) => m.type === 'pong').length > before);
}
const closedWithin = (s: TestSocket, ms = 3_000) =>
  Promise.race([
    s.closed,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms)),
  ]);

describe('a session that ends closes its live socket at once', () => {
  it('logging out closes that session’s socket with 4401 and leaves the user’s other session open', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const otherToken = await signIn(t.app, user);
    const mine = await socket(token);
    const other = await socket(otherToken);
    expect((await t.post('/logout/', undefined, { token })).statusCode).toBe(200);
    expect(await closedWithin(mine)).toEqual({ code: WS_CLOSE_UNAUTHORIZED, reason: 'Session ended' });
    await stillOpen(other);
  });

  it('changing the password closes the sockets of the other sessions and keeps this one', async () => {
    const user = await makeUser(t.db);
    const token = await signIn(t.app, user);
    const stolen = await signIn(t.app, user);
    const mine = await socket(token);
    const theirs = await socket(stolen);
    const res = await t.post(
      '/rest-auth/password/change/',
      { new_password1: 'Changed2026', new_password2: 'Changed2026' },
      { token },
    );
    expect(res.statusCode).toBe(200);
    expect((await closedWithin(theirs)).code).toBe(WS_CLOSE_UNAUTHORIZED);
    await stillOpen(mine);
  });

  it('a session idle past the limit has its socket closed by the next check, without any request', async () => {
    const user = await makeUser(t.db);
    const active = await makeUser(t.db);
    const idle = await socket(await signIn(t.app, user));
    t.clock.advanceMinutes(IDLE_LOGOUT_MINUTES - 10);
    const busy = await socket(await signIn(t.app, active));
    t.clock.advanceMinutes(11);
    expect(await t.modules.live.checkSockets()).toBeGreaterThanOrEqual(1);
    expect((await closedWithin(idle)).code).toBe(WS_CLOSE_UNAUTHORIZED);
    await stillOpen(busy);
  });

  it('the sessions.purge job closes the sockets of the sessions it drops', async () => {
    const user = await makeUser(t.db);
    const s = await socket(await signIn(t.app, user));
    t.clock.advanceMinutes(IDLE_LOGOUT_MINUTES + 1);
    expect(await t.modules.auth.purgeIdleSessions()).toBeGreaterThanOrEqual(1);
    expect((await closedWithin(s)).code).toBe(WS_CLOSE_UNAUTHORIZED);
  });

  it('a deactivated user’s sockets close at the next check', async () => {
    const user = await makeUser(t.db);
    const s = await socket(await signIn(t.app, user));
    await stillOpen(s);
    await usersRepo(t.db).updateUser(user.id, { isActive: false });
    await t.modules.live.checkSockets();
    expect((await closedWithin(s)).code).toBe(WS_CLOSE_UNAUTHORIZED);
  });
});
