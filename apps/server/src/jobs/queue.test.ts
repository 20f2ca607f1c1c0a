import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DomainError } from '../core/errors';
import { jobFailures } from '../db/schema/index';
import { ProviderError } from '../providers/provider-error';
import { createTestApp, type TestApp } from '../../test/harness';

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
