import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse as Response } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { inject as injectProvided } from 'vitest';
import { connect, type Database, type Db } from '../src/db/client';
import { outbox } from '../src/db/schema/index';
import { buildApp, type AppDeps } from '../src/http/app';
import { jobFailuresRepo } from '../src/jobs/job-failures.repo';
import { startJobs, type Jobs } from '../src/jobs/queue';
import { startWorkers } from '../src/jobs/workers';
import { composeModules, type Modules } from '../src/compose';
import type { MailProvider } from '../src/providers/mail/index';
import { outboxMailProvider } from '../src/providers/mail/outbox';
import type { SmsProvider } from '../src/providers/sms/index';
import { outboxSmsProvider } from '../src/providers/sms/outbox';
import type { MarketDataProvider } from '../src/providers/market/interface';
import { createSimMarket } from '../src/providers/market/sim/index';
import type { FilingsProvider } from '../src/providers/filings/interface';
import type { NewsProvider } from '../src/providers/news/interface';
import { createSimFilings } from '../src/providers/filings/sim';
import { diskStorage } from '../src/providers/storage/index';
import { databaseUrl, TEMPLATE_DATABASE } from './provided';

/** A clock the test moves by hand; the app reads it for sessions, codes, limits and subscriptions. */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
  advanceMinutes(minutes: number): void;
  set(at: Date): void;
}

export function createClock(start: Date = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    advanceMinutes: (minutes) => {
      current += minutes * 60_000;
    },
    set: (at) => {
      current = at.getTime();
    },
  };
}

let addressCounter = 0;
/** A distinct client address, so per-address rate limits of one test do not leak into the next. */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.${(process.pid >> 8) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export interface CallOptions {
  /** Sent as `Authorization: Token <token>`. */
  token?: string;
  /** Client address; a fresh one per call unless given. */
  ip?: string;
  headers?: Record<string, string>;
}

export interface TestAppOptions {
  /** Mail provider behind the outbox; the offline outbox provider by default. */
  mail?: MailProvider;
  /** SMS provider behind the outbox; the offline outbox provider by default. */
  sms?: SmsProvider;
  /** Seconds before pg-boss retries a failed job (its own default, 10 s doubling, when unset). */
  retryDelaySeconds?: number;
  config?: Partial<AppDeps['config']>;
  /** Start the pg-boss workers (e-mail delivery, session purge) right away. */
  workers?: boolean;
  clockStart?: Date;
  /** Market data; a simulated market that is always open by default. */
  market?: MarketDataProvider;
  /** SEC filings; filings generated for the simulated universe (on the market's clock) by default. */
  filings?: FilingsProvider;
  /** Headlines; the simulated market's by default. */
  news?: NewsProvider;
  /** Brokers by name; the paper broker by default. */
  brokers?: AppDeps['brokers'];
  /** Payments; the local test checkout by default. */
  payments?: AppDeps['payments'];
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  databaseUrl: string;
  clock: TestClock;
  jobs: Jobs;
  /** The same services the app uses, for calling job handlers directly. */
  modules: Modules;
  /** What the app was built from: start a second instance on the same database with `{ ...deps, db }`. */
  deps: AppDeps;
  dataDir: string;
  /** The market-data provider the app reads. */
  market: MarketDataProvider;
  /** The filings provider the app reads. */
  filings: FilingsProvider;
  get(url: string, options?: CallOptions): Promise<Response>;
  post(url: string, body?: unknown, options?: CallOptions): Promise<Response>;
  inject(options: InjectOptions): Promise<Response>;
  startWorkers(): Promise<void>;
  /** E-mails in the outbox for `recipient`, newest first. */
  emailsTo(recipient: string): Promise<(typeof outbox.$inferSelect)[]>;
  /** SMS in the outbox for `phone`, newest first. */
  smsTo(phone: string): Promise<(typeof outbox.$inferSelect)[]>;
  close(): Promise<void>;
}

const silent = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: injectProvided('adminDatabaseUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Copies the template; retried while another backend briefly holds it (SQLSTATE 55006). */
async function createFromTemplate(name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await adminQuery(`create database ${name} template ${TEMPLATE_DATABASE}`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/**
 * The real app on a fresh database copied from the run's template: real pg-boss on that database
 * (workers only when asked), the outbox mail provider, disk storage in a temp folder, a silent
 * logger and a hand-moved clock. Call once per test file (beforeAll) and `close()` in afterAll.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const name = `drat_t_${randomBytes(6).toString('hex')}`;
  await createFromTemplate(name);
  const url = databaseUrl(injectProvided('adminDatabaseUrl'), name);
  const dataDir = fs.mkdtempSync(path.join(injectProvided('testRunDir'), 'app-'));
  const database = connect(url, 5);
  const clock = createClock(options.clockStart);
  let jobs: Jobs | undefined;
  let app: FastifyInstance | undefined;
  let modules: Modules | undefined;
  let workersStarted = false;

  let closed = false;
  /** Every step runs even when one fails, so a failed test leaves no database or folder behind. */
  const close = async () => {
    if (closed) return;
    closed = true;
    const errors: unknown[] = [];
    const step = async (fn: () => unknown) => {
      try {
        await fn();
      } catch (err) {
        errors.push(err);
      }
    };
    await step(() => app?.close());
    await step(() => jobs?.stop());
    await step(() => modules?.close());
    await step(() => database.close());
    await step(() => adminQuery(`drop database if exists ${name} with (force)`));
    await step(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    if (errors.length > 0) throw new AggregateError(errors, `closing the test app on ${name} failed`);
  };

  const market = options.market ?? createSimMarket({ seed: 'drat-test', speed: 1, alwaysOpen: true });
  const filings = options.filings ?? createSimFilings({ now: () => market.now() });

  try {
    jobs = await startJobs(url, silent, {
      retryDelaySeconds: options.retryDelaySeconds,
      failures: jobFailuresRepo(database.db),
    });
    const deps: AppDeps = {
      config: {
        env: 'test',
        publicUrl: 'http://drat.test',
        demoSeed: false,
        dataDir,
        trustProxy: false,
        // Off: tests write rows directly and read at once, faster than the change feed forgets
        // (read-cache.test.ts turns the caches on and waits for the feed).
        readCacheMs: 0,
        supportEmail: 'help@drat.test',
        // The staff account of user data (tests sign it in by this e-mail).
        userDataStaffEmail: STAFF_EMAIL,
        ...options.config,
      },
      db: database.db,
      queue: jobs,
      mail: options.mail ?? outboxMailProvider(silent),
      sms: options.sms ?? outboxSmsProvider(silent),
      storage: diskStorage(path.join(dataDir, 'uploads')),
      market,
      filings,
      ...(options.news ? { news: options.news } : {}),
      ...(options.payments ? { payments: options.payments } : {}),
      ...(options.brokers ? { brokers: options.brokers } : {}),
      log: silent,
      now: clock.now,
    };
    const graph = (modules = composeModules(deps));
    await graph.start();
    app = await buildApp(graph, deps);
    await app.ready();
    const startedJobs = jobs;
    const readyApp = app;

    const call = (method: 'GET' | 'POST', url: string, body: unknown, o: CallOptions = {}) =>
      readyApp.inject({
        method,
        url: url.startsWith('/api/') || !url.startsWith('/') ? url : `/api${url}`,
        remoteAddress: o.ip ?? nextAddress(),
        headers: { ...(o.token ? { authorization: `Token ${o.token}` } : {}), ...o.headers },
        ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      });

    const harness: TestApp = {
      app: readyApp,
      db: database.db,
      database,
      databaseUrl: url,
      clock,
      jobs: startedJobs,
      modules: graph,
      deps,
      dataDir,
      market,
      filings,
      get: (u, o) => call('GET', u, undefined, o),
      post: (u, body, o) => call('POST', u, body, o),
      inject: (o) => readyApp.inject(o),
      async startWorkers() {
        if (workersStarted) return;
        workersStarted = true;
        await startWorkers(startedJobs, graph);
      },
      async emailsTo(recipient) {
        const rows = await graph.outbox.latest(1000);
        return rows.filter((r) => r.channel === 'EMAIL' && r.recipient === recipient.toLowerCase());
      },
      async smsTo(phone) {
        const rows = await graph.outbox.latest(1000);
        return rows.filter((r) => r.channel === 'SMS' && r.recipient === phone);
      },
      close,
    };
    if (options.workers) await harness.startWorkers();
    return harness;
  } catch (err) {
    await close().catch(() => undefined);
    throw err;
  }
}

/** The user-data staff account's e-mail in tests (config.userDataStaffEmail). */
export const STAFF_EMAIL = 'staff@drat.test';

/** A multipart/form-data body as the browser sends it. */
export function multipartBody(
  parts: { name: string; filename?: string; contentType?: string; data: Buffer | string }[],
): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----dratTestBoundary${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
