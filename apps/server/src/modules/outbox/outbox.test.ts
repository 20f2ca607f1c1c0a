import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FailedDeliveriesResponse } from '@drat/contracts';
import { jobFailures, outbox } from '../../db/schema/index';
import type { MailMessage, MailProvider } from '../../providers/mail/index';
import { smtpMailProvider } from '../../providers/mail/smtp';
import { makeUser, signIn } from '../../../test/factories';
import { ABANDONED_AFTER_MS } from './outbox.service';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startFakeSmtp } from '../../../test/smtp-fake';

/** A mail provider that records what it was asked to send and can be told to fail. */
function recordingProvider() {
  const sent: MailMessage[] = [];
  let failWith: string | undefined;
  const provider: MailProvider = {
    name: 'outbox',
    async deliver(message) {
      if (failWith) throw new Error(failWith);
      sent.push(message);
    },
    health: async () => true,
  };
  return { provider, sent, fail: (message: string | undefined) => (failWith = message) };
}

async function row(t: TestApp, id: number) {
  const [r] = await t.db.select().from(outbox).where(eq(outbox.id, id));
  return r!;
}

async function waitFor<T>(probe: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('outbox delivery through pg-boss workers', () => {
  const mail = recordingProvider();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mail: mail.provider });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a request writes a PENDING row; the started worker delivers it once and marks it SUCCESS', async () => {
    // A sign-in with OTP on mails its code from the request itself.
    const user = await makeUser(t.db, { otpEnabled: true });
    expect((await t.post('/login', { username: user.email, password: user.password })).statusCode).toBe(200);
    const [pending] = await t.emailsTo(user.email);
    expect(pending).toMatchObject({ status: 'PENDING', attempts: 0, sentAt: null, channel: 'EMAIL' });
    expect(pending!.subject).toMatch(/^Your DRAT login code: \d{6}$/);
    expect(mail.sent).toHaveLength(0);

    await t.startWorkers();
    const done = await waitFor(
      () => row(t, pending!.id),
      (r) => r.status !== 'PENDING',
    );
    expect(done).toMatchObject({ status: 'SUCCESS', attempts: 1, provider: 'outbox', lastError: null });
    expect(done.sentAt).toBeInstanceOf(Date);
    expect(mail.sent.filter((m) => m.to === user.email)).toHaveLength(1);
    expect(mail.sent.find((m) => m.to === user.email)!.text).toBe(pending!.body);

    // Running the handler again (a job delivered twice) does not send twice.
    await t.modules.outbox.deliverEmail(pending!.id);
    expect(mail.sent.filter((m) => m.to === user.email)).toHaveLength(1);
  });

  it('a failing provider leaves the row PENDING with the error, for pg-boss to retry', async () => {
    await t.startWorkers();
    mail.fail('connection refused by test');
    try {
      const user = await makeUser(t.db, { otpEnabled: true });
      expect((await t.post('/login', { username: user.email, password: user.password })).statusCode).toBe(200);
      const [pending] = await t.emailsTo(user.email);
      const tried = await waitFor(
        () => row(t, pending!.id),
        (r) => r.attempts > 0,
      );
      expect(tried).toMatchObject({
        status: 'PENDING',
        attempts: 1,
        lastError: expect.stringContaining('connection refused by test'),
      });
      expect(mail.sent.filter((m) => m.to === user.email)).toHaveLength(0);

      // Once the provider works again the handler delivers it.
      mail.fail(undefined);
      await t.modules.outbox.deliverEmail(pending!.id);
      expect((await row(t, pending!.id)).status).toBe('SUCCESS');
    } finally {
      mail.fail(undefined);
    }
  });
});

describe('outbox delivery to a real SMTP server', () => {
  it('the OTP e-mail of a sign-in reaches the SMTP server with the right recipient and subject', async () => {
    const smtp = await startFakeSmtp();
    const t = await createTestApp({ mail: smtpMailProvider(smtp.url, 'DRAT <no-reply@drat.test>'), workers: true });
    try {
      const user = await makeUser(t.db, { otpEnabled: true });
      expect((await t.post('/login', { username: user.email, password: user.password })).json()).toEqual({
        email: user.email,
      });
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toEqual([user.email]);
      expect(mail!.header('Subject')).toMatch(/^Your DRAT login code: \d{6}$/);
      const code = /(\d{6})$/.exec(mail!.header('Subject')!)![1]!;
      expect(mail!.raw).toContain(`code is ${code}.`);
      const [stored] = await t.emailsTo(user.email);
      const delivered = await waitFor(
        () => row(t, stored!.id),
        (r) => r.status === 'SUCCESS',
      );
      expect(delivered.provider).toBe('smtp');

      const verified = await t.post('/otp/verify/', { email: user.email, otp: code });
      expect(verified.json().code).toBe(200);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe('demo mailbox', () => {
  it('in demo mode /dev/mailbox lists the outbox to this machine, so a person can read their code', async () => {
    const t = await createTestApp({ config: { demoSeed: true } });
    try {
      const user = await makeUser(t.db, { otpEnabled: true });
      await t.post('/login', { username: user.email, password: user.password });
      const [mail] = await t.emailsTo(user.email);
      const page = await t.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(mail!.subject);
      expect(page.body).toContain(user.email);
      const json = await t.get('/api/dev/mailbox', { ip: '127.0.0.1' });
      expect(json.statusCode).toBe(200);
      expect(json.json().messages[0]).toMatchObject({ recipient: user.email, subject: mail!.subject });

      // Every account's codes are in there: another machine gets nothing.
      const remote = await t.get('/api/dev/mailbox', { ip: '10.1.2.3' });
      expect(remote.statusCode).toBe(404);
      expect(remote.body).not.toContain(user.email);
    } finally {
      await t.close();
    }
  });

  it('a remote caller who claims to be this machine (X-Forwarded-For) is not let in, even behind a trusted proxy', async () => {
    const t = await createTestApp({ config: { demoSeed: true, trustProxy: 1 } });
    try {
      const user = await makeUser(t.db, { otpEnabled: true });
      await t.post('/login', { username: user.email, password: user.password });
      for (const forwarded of ['127.0.0.1', '10.9.9.9, 127.0.0.1', '::1']) {
        for (const url of ['/api/dev/mailbox', '/dev/mailbox']) {
          const res = await t.inject({
            method: 'GET',
            url,
            remoteAddress: '10.1.2.3',
            headers: { 'x-forwarded-for': forwarded },
          });
          expect(res.statusCode, `${url} with X-Forwarded-For ${forwarded}`).toBe(404);
          expect(res.body).not.toContain(user.email);
        }
      }
    } finally {
      await t.close();
    }
  });

  it('outside demo mode there is no mailbox, not even for this machine', async () => {
    const t = await createTestApp();
    try {
      const user = await makeUser(t.db, { otpEnabled: true });
      await t.post('/login', { username: user.email, password: user.password });
      expect((await t.get('/api/dev/mailbox', { ip: '127.0.0.1' })).statusCode).toBe(404);
      const page = await t.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1' });
      expect(page.body).not.toContain(user.email);
    } finally {
      await t.close();
    }
  });
});

describe('nothing stays stuck', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a message whose retries stopped is marked FAILED with the reason, and its notification hears of it', async () => {
    const heard: { outboxId: number; status: string }[] = [];
    t.modules.outbox.onResult(async (r) => {
      heard.push(r);
    });
    const long = new Date(t.clock.now().getTime() - ABANDONED_AFTER_MS - 60_000);
    const recent = new Date(t.clock.now().getTime() - 60_000);
    const [stuck, retrying] = await t.db
      .insert(outbox)
      .values([
        {
          channel: 'SMS',
          recipient: '+14155550100',
          body: 'x',
          attempts: 3,
          lastError: 'Twilio answered 503',
          lastAttemptAt: long,
        },
        {
          channel: 'SMS',
          recipient: '+14155550101',
          body: 'y',
          attempts: 1,
          lastError: 'timeout',
          lastAttemptAt: recent,
        },
      ])
      .returning();
    await t.modules.outbox.sweep(t.clock.now());
    expect(await row(t, stuck!.id)).toMatchObject({
      status: 'FAILED',
      lastError: 'Delivery stopped after 3 attempts: Twilio answered 503',
    });
    // One still inside its retries is left to them.
    expect((await row(t, retrying!.id)).status).toBe('PENDING');
    expect(heard).toContainEqual({ outboxId: stuck!.id, channel: 'SMS', status: 'FAILED' });
  });

  it('GET /api/outbox/failed shows super users the failed messages and jobs with their reasons', async () => {
    await t.db.insert(outbox).values({
      channel: 'EMAIL',
      recipient: 'gone@test.drat',
      subject: 'Your code',
      body: 'x',
      status: 'FAILED',
      attempts: 6,
      lastError: 'SMTP: 550 mailbox unavailable',
    });
    await t.db.insert(jobFailures).values({
      queue: 'notifications.fanout',
      jobId: 'job-1',
      data: { kind: 'NEW_ALERT', ref: 9 },
      code: 'NOT_FOUND',
      reason: 'The alert 9 does not exist.',
      retryable: false,
      attempts: 1,
    });
    expect((await t.get('/outbox/failed')).statusCode).toBe(401);
    const regular = await signIn(t.app, await makeUser(t.db));
    expect((await t.get('/outbox/failed', { token: regular })).statusCode).toBe(403);
    const admin = await signIn(t.app, await makeUser(t.db, { isSuper: true, plans: [] }));
    const res = await t.get('/outbox/failed?limit=50', { token: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json<FailedDeliveriesResponse>();
    expect(body.messages).toContainEqual(
      expect.objectContaining({
        recipient: 'gone@test.drat',
        last_error: 'SMTP: 550 mailbox unavailable',
        attempts: 6,
      }),
    );
    expect(body.jobs).toContainEqual(
      expect.objectContaining({
        queue: 'notifications.fanout',
        code: 'NOT_FOUND',
        reason: 'The alert 9 does not exist.',
      }),
    );
    expect((await t.get('/outbox/failed?limit=0', { token: admin })).statusCode).toBe(400);
  });
});
