import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SYSTEM_MSG } from '@drat/contracts';
import { connect, type Database } from '../../db/client';
import { buildApp } from '../../http/app';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createSystem } from './index';
import { createHealthService } from './health.service';

let t: TestApp;
let unreachable: Database;
/** The same app, whose health check asks a database nobody listens for. */
let cutOff: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  unreachable = connect('postgres://drat:drat@127.0.0.1:1/drat', 1, undefined, {
    connectMs: 1_000,
    statementMs: 1_000,
  });
  cutOff = await buildApp({ ...t.modules, system: createSystem(unreachable.db, t.deps.config) }, t.deps);
});
afterAll(async () => {
  await cutOff?.close();
  await unreachable?.close();
  await t?.close();
});

describe('GET /api/health', () => {
  it('reports the database: 200 with the time it took to answer', async () => {
    const res = await t.get('/health');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ status: string; database: string; database_ms: number }>();
    expect(body).toMatchObject({ status: 'ok', database: 'ok' });
    expect(body.database_ms).toBeGreaterThanOrEqual(0);
  });

  it('answers 503 with the reason when the database is unreachable, and liveness stays 200', async () => {
    const res = await cutOff.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      detail: SYSTEM_MSG.databaseUnreachable,
      status: 'unavailable',
      database: 'unreachable',
    });
    const live = await cutOff.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/contact', () => {
  it('says where to write, without a token', async () => {
    const res = await t.get('/contact');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ support_email: t.deps.config.supportEmail });
  });
});

describe('GET /api/health/live', () => {
  it('answers 200 without a token and without asking the database', async () => {
    const res = await t.get('/health/live');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('the health check’s time limit', () => {
  it('a database that does not answer within the limit is reported unreachable, not waited for', async () => {
    const hanging = createHealthService({ ping: () => new Promise<void>(() => {}) }, 50);
    const started = Date.now();
    const report = await hanging.check();
    expect(report.ok).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
