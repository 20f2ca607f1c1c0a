import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { hashPassword } from '../../core/secrets';
import { usersRepo } from '../../modules/users';
import { createTestApp, type TestApp } from '../../../test/harness';
import { DEMO_USERS, isLoopbackHost, refuseExposedDemoAccounts, seedDemoUsers } from './users';

/**
 * A fresh `npm start` creates the demo accounts with the password the README publishes. The server
 * must not offer them to the network: it listens on 127.0.0.1 by default, and refuses any other
 * address while one of them still signs in with that password.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoUsers(t.db, pino({ level: 'silent' }));
});
afterAll(async () => {
  await t?.close();
});

describe('demo accounts and the network', () => {
  it.each(['127.0.0.1', '127.0.1.1', 'localhost', '::1', '[::1]'])('%s is this machine only', (host) =>
    expect(isLoopbackHost(host)).toBe(true),
  );
  it.each(['0.0.0.0', '::', '192.168.1.20', 'drat.example.com'])('%s reaches other machines', (host) =>
    expect(isLoopbackHost(host)).toBe(false),
  );

  it('starts on 127.0.0.1 with the demo accounts', async () => {
    await expect(refuseExposedDemoAccounts(t.db, '127.0.0.1')).resolves.toBeUndefined();
  });

  it('refuses 0.0.0.0 while a demo account has the published password, saying how to choose', async () => {
    const err = (await refuseExposedDemoAccounts(t.db, '0.0.0.0').catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toContain('Refusing to listen on 0.0.0.0');
    expect(err.message).toContain('admin@drat.local');
    for (const way of ['HOST=127.0.0.1', 'DEMO_SEED=off', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'])
      expect(err.message).toContain(way);
  });

  it('allows 0.0.0.0 once every demo account has a password of its own', async () => {
    const users = usersRepo(t.db);
    for (const u of DEMO_USERS.slice(0, -1)) {
      const row = await users.byEmail(u.email);
      await users.setPassword(row!.id, await hashPassword(`own-${u.email}-9`));
    }
    // One left with the published password is still one too many.
    await expect(refuseExposedDemoAccounts(t.db, '0.0.0.0')).rejects.toThrow(DEMO_USERS.at(-1)!.email);
    const last = await users.byEmail(DEMO_USERS.at(-1)!.email);
    await users.setPassword(last!.id, await hashPassword('own-last-9'));
    await expect(refuseExposedDemoAccounts(t.db, '0.0.0.0')).resolves.toBeUndefined();
  });
});
