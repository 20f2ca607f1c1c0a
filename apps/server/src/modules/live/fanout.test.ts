import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../../db/client';
import { transactions } from '../../db/transaction';
import { buildApp } from '../../http/app';
import { composeModules, type Modules } from '../../compose';
import { createSimMarket } from '../../providers/market/sim/index';
import { diskStorage } from '../../providers/storage/index';
import { makeUser, signIn, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { signedInSocket, wsUrl, type TestSocket } from '../../../test/ws-client';

/**
 * Two server processes on one database (issue 3): A from the harness, B built beside it on the
 * same database with its own pool, both listening on real ports. A user event published once, on
 * either, reaches that user's sockets on both.
 */
const market = createSimMarket({ seed: 'fanout-test', speed: 1, alwaysOpen: true });

let a: TestApp;
let b: { app: FastifyInstance; modules: Modules; database: Database; dataDir: string };
let urlA: string;
let urlB: string;
let user: TestUser;
let token: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  a = await createTestApp({ market });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drat-api-data-b-'));
  const database = connect(a.databaseUrl, 3);
  const deps = {
    ...a.deps,
    db: database.db,
    config: { ...a.deps.config, dataDir },
    storage: diskStorage(path.join(dataDir, 'uploads')),
  };
  const modules = composeModules(deps);
  await modules.start();
  b = { app: await buildApp(modules, deps), modules, database, dataDir };
  urlA = await wsUrl(a.app);
  urlB = await wsUrl(b.app);
  user = await makeUser(a.db);
  token = await signIn(a.app, user);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await b?.app.close();
  await b?.modules.close();
  await b?.database.close();
  if (b) fs.rmSync(b.dataDir, { recursive: true, force: true });
  await a?.close();
});

async function socketOn(url: string, as: string): Promise<TestSocket> {
  const s = await signedInSocket(url, as);
  sockets.push(s);
  return s;
}

describe('user events across server processes (LISTEN/NOTIFY)', () => {
  it('a client on each instance receives the same event, published once on either instance', async () => {
    const [onA, onB] = [await socketOn(urlA, token), await socketOn(urlB, token)];
    expect(urlA).not.toBe(urlB);

    await a.modules.live.publishUserEvent(user.id, { kind: 'alert.completed', payload: { alertId: 11 } });
    const fromA = await Promise.all([
      onA.next('event', (m) => m.event.kind === 'alert.completed'),
      onB.next('event', (m) => m.event.kind === 'alert.completed'),
    ]);
    expect(fromA[0]).toEqual(fromA[1]);
    expect(fromA[0].event.payload).toEqual({ alertId: 11 });

    await b.modules.live.publishUserEvent(user.id, { kind: 'trade.filled', payload: { tradeId: 12 } });
    const fromB = await Promise.all([
      onA.next('event', (m) => m.event.kind === 'trade.filled'),
      onB.next('event', (m) => m.event.kind === 'trade.filled'),
    ]);
    expect(fromB[0]).toEqual(fromB[1]);
    expect(fromB[0].event.payload).toEqual({ tradeId: 12 });

    // exactly once each: no echo between the instances
    for (const s of [onA, onB])
      expect(s.messages.filter((m) => m.type === 'event').map((m) => m.type === 'event' && m.event.kind)).toEqual([
        'alert.completed',
        'trade.filled',
      ]);
  });

  it('an event published inside a transaction arrives only if the transaction commits', async () => {
    const onB = await socketOn(urlB, token);
    const withTransaction = transactions(a.db);
    await withTransaction(async (tx) => {
      await a.modules.live.publishUserEvent(user.id, { kind: 'rolled.back' }, tx);
      throw new Error('roll back');
    }).catch(() => undefined);
    await withTransaction(async (tx) => {
      await a.modules.live.publishUserEvent(user.id, { kind: 'committed' }, tx);
    });
    await onB.next('event', (m) => m.event.kind === 'committed');
    expect(onB.messages.some((m) => m.type === 'event' && m.event.kind === 'rolled.back')).toBe(false);
  });

  it('a lost LISTEN connection is re-opened: sockets hear `resync`, then events flow again', async () => {
    const [onA, onB] = [await socketOn(urlA, token), await socketOn(urlB, token)];
    const killed = await a.database.pool.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'drat-live' and datname = current_database()",
    );
    expect(killed.rowCount).toBeGreaterThanOrEqual(2); // one per instance
    for (const s of [onA, onB])
      expect((await s.next('event', (m) => m.event.kind === 'resync', 10_000)).event.payload).toBeNull();
    await a.modules.live.publishUserEvent(user.id, { kind: 'after.reconnect' });
    await Promise.all([onA, onB].map((s) => s.next('event', (m) => m.event.kind === 'after.reconnect')));
  });

  it('closing an instance closes its sockets (1001) and leaves the other delivering', async () => {
    const deps = { ...buildDepsLike() };
    const modules = composeModules(deps);
    await modules.start();
    const c = await buildApp(modules, deps);
    const onC = await socketOn(await wsUrl(c), token);
    const onA = await socketOn(urlA, token);
    await c.close();
    await modules.close();
    expect((await onC.closed).code).toBe(1001);
    await b.modules.live.publishUserEvent(user.id, { kind: 'after.close' });
    await onA.next('event', (m) => m.event.kind === 'after.close');
  });
});

/** Deps for a third, short-lived instance on instance B's pool. */
function buildDepsLike() {
  return { ...a.deps, db: b.database.db };
}
