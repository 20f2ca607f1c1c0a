import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { DomainError } from '../core/errors';
import { jobFailures } from '../db/schema/index';
import { ProviderError } from '../providers/provider-error';
import { createTestApp, type TestApp } from '../../test/harness';
import { cronSlot, jobIdFor, startJobs } from './queue';

/**
 * The retry policy of every queue (jobs/queue.ts): a job retries only what may pass later; one
 * that cannot (a bad row, a refused request) fails at once and is recorded with its reason.
 * The queue 'sessions.purge' lends its name here: this app's own workers are not started.
 */
let t: TestApp;
const calls = new Map<string, number>();
const behaviour = new Map<string, (attempt: number) => void>();

beforeAll(async () => {
  t = await createTestApp({ retryDelaySeconds: 1 });
  await t.jobs.work(
    'sessions.purge',
    async (data) => {
      const key = (data as { key?: string }).key ?? '';
      const attempt = (calls.get(key) ?? 0) + 1;
      calls.set(key, attempt);
      behaviour.get(key)?.(attempt);
    },
    { batchSize: 5, concurrency: 2 },
  );
});
afterAll(async () => {
  await t?.close();
});

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const failureOf = async (key: string) => {
  const rows = await t.db
    .select()
    .from(jobFailures)
    .where(sql`${jobFailures.data}->>'key' = ${key}`);
  return rows[0];
};

const jobState = async (key: string) => {
  const { rows } = await t.database.pool.query<{ state: string; output: unknown }>(
    `select state, output from pgboss.job where name = 'sessions.purge' and data->>'key' = $1`,
    [key],
  );
  return rows[0];
};

const send = (key: string) => t.jobs.send('sessions.purge', { key } as never);

describe('job retries', () => {
  it('a non-retryable domain error fails the job at once, recorded with its code and reason', async () => {
    behaviour.set('bad-row', () => {
      throw new DomainError('NOT_FOUND', 'The alert 42 does not exist.');
    });
    await send('bad-row');
    const failure = await until('the failure record', () => failureOf('bad-row'));
    expect(failure).toMatchObject({
      queue: 'sessions.purge',
      code: 'NOT_FOUND',
      reason: 'The alert 42 does not exist.',
      retryable: false,
      attempts: 1,
    });
    // Left alone for longer than a retry would take: it was not tried again.
    await new Promise((r) => setTimeout(r, 3000));
    expect(calls.get('bad-row')).toBe(1);
    expect(await jobState('bad-row')).toMatchObject({
      state: 'completed',
      output: { failed: { code: 'NOT_FOUND', reason: 'The alert 42 does not exist.' } },
    });
  });

  it('a retryable provider error is tried again, and a success then records nothing', async () => {
    behaviour.set('blip', (attempt) => {
      if (attempt === 1) throw new ProviderError('tradier', 'TIMEOUT', 'Tradier /markets/quotes: no answer');
    });
    await send('blip');
    await until('the second attempt', async () => ((calls.get('blip') ?? 0) >= 2 ? true : undefined));
    await until('the job to complete', async () =>
      (await jobState('blip'))?.state === 'completed' ? true : undefined,
    );
    expect(calls.get('blip')).toBe(2);
    expect(await failureOf('blip')).toBeUndefined();
  });

  it('a refused request (a provider error that cannot pass) is not retried', async () => {
    behaviour.set('refused', () => {
      throw new ProviderError('twilio', 'BAD_REQUEST', 'Twilio answered 400: 21211 not a valid phone number', {
        status: 400,
      });
    });
    await send('refused');
    expect(await until('the failure record', () => failureOf('refused'))).toMatchObject({
      code: 'BAD_REQUEST',
      retryable: false,
    });
    await new Promise((r) => setTimeout(r, 3000));
    expect(calls.get('refused')).toBe(1);
  });

  it('in one fetched batch, a failing job does not fail the others', async () => {
    behaviour.set('batch-bad', () => {
      throw new DomainError('VALIDATION', 'Price must be a number');
    });
    await Promise.all(['batch-ok-1', 'batch-bad', 'batch-ok-2'].map(send));
    await until('the batch', async () =>
      (await jobState('batch-ok-1'))?.state === 'completed' && (await jobState('batch-ok-2'))?.state === 'completed'
        ? true
        : undefined,
    );
    expect(await until('the failure record', () => failureOf('batch-bad'))).toMatchObject({ code: 'VALIDATION' });
    expect(calls.get('batch-ok-1')).toBe(1);
    expect(calls.get('batch-ok-2')).toBe(1);
  });
});

describe('job priority (jobs/queue.ts: send)', () => {
  it('a job sent above a backlog of stale ones is fetched before the rest of them', async () => {
    // The worker fetches 5 at a time, every 2 s: 15 stale jobs take three fetches.
    const handled: string[] = [];
    const stale = Array.from({ length: 15 }, (_, i) => `stale-${i}`);
    for (const key of [...stale, 'fresh']) behaviour.set(key, () => void handled.push(key));
    await Promise.all(stale.map((key) => t.jobs.send('sessions.purge', { key } as never, { priority: -1 })));
    await send('fresh');
    await until('every job', async () => (handled.length === 16 ? true : undefined));
    // At worst a fetch fell between the two sends and took 5 stale ones first; without the
    // priority the fresh one would come last.
    expect(handled.indexOf('fresh')).toBeLessThan(10);
  });
});

describe('a schedule (jobs/queue.ts: schedule)', () => {
  const minute = (iso: string) => Date.parse(iso);

  it('names the latest time of its cron at or before now (UTC)', () => {
    expect(cronSlot('* * * * *', minute('2026-11-29T10:01:00.000Z'))).toBe(minute('2026-11-29T10:01:00.000Z'));
    expect(cronSlot('* * * * *', minute('2026-11-29T10:01:59.999Z'))).toBe(minute('2026-11-29T10:01:00.000Z'));
    expect(cronSlot('*/5 * * * *', minute('2026-11-29T10:04:59.000Z'))).toBe(minute('2026-11-29T10:00:00.000Z'));
    expect(cronSlot('17 * * * *', minute('2026-11-29T10:16:00.000Z'))).toBe(minute('2026-11-29T09:17:00.000Z'));
  });

  it('queues each slot once, however many processes keep it and however often one sends it again', async () => {
    const name = 'bots.trim-logs';
    const from = new Date();
    // A second process on the same database, and the first one again (after a restart, or after
    // an answer lost while the database was away): each sends the slot of this minute.
    const other = await startJobs(t.databaseUrl, pino({ level: 'silent' }));
    try {
      await t.jobs.schedule(name, '* * * * *');
      await other.schedule(name, '* * * * *');
      await t.jobs.schedule(name, '* * * * *');
      const { rows } = await t.database.pool.query<{ minute: Date; id: string; runs: number }>(
        `select date_trunc('minute', created_on) as minute, min(id::text) as id, count(*)::int as runs
           from pgboss.job where name = $1 and created_on >= $2 group by 1 order by 1`,
        [name, from],
      );
      expect(rows.length).toBeGreaterThanOrEqual(1);
      expect(rows.filter((row) => row.runs !== 1)).toEqual([]);
      // Each is the job of a slot (its id is the queue's and the slot's), not a copy with an id of its own.
      const slots = [];
      for (let at = cronSlot('* * * * *', from.getTime()) - 60_000; at <= Date.now(); at += 60_000)
        slots.push(jobIdFor(name, `schedule:${new Date(at).toISOString()}`));
      for (const row of rows) expect(slots).toContain(row.id);
    } finally {
      await t.jobs.unschedule(name);
      await other.stop();
    }
  });
});
