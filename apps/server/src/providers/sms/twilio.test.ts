import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox } from '../../db/schema/index';
import { freePort } from '../../db/embedded';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startFakeTwilio, type FakeTwilio } from '../../../test/twilio-fake';
import { ProviderError } from '../provider-error';
import { TWILIO_MAX_BODY, twilioSmsProvider } from './twilio';

let twilio: FakeTwilio;
beforeAll(async () => {
  twilio = await startFakeTwilio();
});
afterAll(async () => {
  await twilio?.close();
});

const provider = (overrides: Partial<Parameters<typeof twilioSmsProvider>[0]> = {}) =>
  twilioSmsProvider({
    accountSid: twilio.accountSid,
    authToken: twilio.authToken,
    from: '+14155550100',
    baseUrl: twilio.url,
    ...overrides,
  });

async function refusal(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

describe('Twilio SMS provider against a local server speaking Twilio’s API', () => {
  it('POSTs To, From and Body form-encoded to Messages.json with basic auth, and answers the SM sid', async () => {
    const before = twilio.requests.length;
    const result = await provider().send({ to: '+14155550123', body: 'DRAT: AAPL target 1 reached.' });
    expect(result.providerId).toMatch(/^SM[0-9a-f]{32}$/);
    const [request] = twilio.requests.slice(before);
    expect(request).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`,
      contentType: 'application/x-www-form-urlencoded',
      form: { To: '+14155550123', From: '+14155550100', Body: 'DRAT: AAPL target 1 reached.' },
    });
    expect(request!.authorization).toBe(
      `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`,
    );
  });

  it('sends a Messaging Service SID as MessagingServiceSid instead of From', async () => {
    const service = `MG${'ab'.repeat(16)}`;
    const before = twilio.requests.length;
    await provider({ from: service }).send({ to: '+14155550123', body: 'hello' });
    const [request] = twilio.requests.slice(before);
    expect(request!.form).toEqual({ To: '+14155550123', MessagingServiceSid: service, Body: 'hello' });
  });

  it(`cuts a body to Twilio's ${TWILIO_MAX_BODY} characters`, async () => {
    const before = twilio.requests.length;
    await provider().send({ to: '+14155550123', body: 'x'.repeat(2000) });
    expect(twilio.requests.slice(before)[0]!.form.Body).toHaveLength(TWILIO_MAX_BODY);
  });

  it('a 400 (invalid number) is a final refusal naming Twilio’s code and message', async () => {
    const err = await refusal(provider().send({ to: '555-0123', body: 'hi' }));
    expect(err).toMatchObject({ retryable: false, status: 400, code: 'BAD_REQUEST', details: { vendorCode: 21211 } });
    expect(err.message).toContain("21211 The 'To' number 555-0123 is not a valid phone number.");
  });

  it('wrong credentials (401) are final too', async () => {
    const err = await refusal(provider({ authToken: 'wrong' }).send({ to: '+14155550123', body: 'hi' }));
    expect(err).toMatchObject({ retryable: false, status: 401, code: 'UNAUTHORIZED', details: { vendorCode: 20003 } });
  });

  it.each([
    [
      429,
      { code: 20429, message: 'Too Many Requests', more_info: 'https://www.twilio.com/docs/errors/20429', status: 429 },
    ],
    [500, { code: 20500, message: 'Internal Server Error', status: 500 }],
    [503, undefined],
  ])('a %i is worth retrying', async (status, body) => {
    twilio.script({ status, body });
    const err = await refusal(provider().send({ to: '+14155550123', body: 'hi' }));
    expect(err).toMatchObject({ retryable: true, status });
    expect(err.message).toContain(`Twilio answered ${status}`);
  });

  it('an unreachable server is worth retrying', async () => {
    const port = await freePort();
    const err = await refusal(
      provider({ baseUrl: `http://127.0.0.1:${port}` }).send({ to: '+14155550123', body: 'hi' }),
    );
    expect(err.retryable).toBe(true);
  });

  it('health: true with good credentials, false with bad ones or nothing listening', async () => {
    expect(await provider().health()).toBe(true);
    expect(await provider({ authToken: 'wrong' }).health()).toBe(false);
    const port = await freePort();
    expect(await provider({ baseUrl: `http://127.0.0.1:${port}` }).health()).toBe(false);
  });
});

describe('SMS delivery through the outbox and pg-boss, with Twilio', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ sms: provider(), workers: true, retryDelaySeconds: 1 });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function settled(id: number, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
      if (row && row.status !== 'PENDING') return row;
      if (Date.now() > deadline) throw new Error(`outbox ${id} still pending: ${JSON.stringify(row)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('delivers an SMS once and marks it SUCCESS, provider twilio', async () => {
    const before = twilio.accepted.length;
    const id = await t.modules.outbox.sendSms({ to: '+14155550111', body: 'first' });
    expect(await settled(id)).toMatchObject({
      channel: 'SMS',
      status: 'SUCCESS',
      attempts: 1,
      provider: 'twilio',
      lastError: null,
    });
    expect(twilio.accepted.slice(before).map((r) => r.form)).toEqual([
      { To: '+14155550111', From: '+14155550100', Body: 'first' },
    ]);
    // The job delivered twice (pg-boss retries at least once) does not send twice.
    await t.modules.outbox.deliverSms(id);
    expect(twilio.accepted.slice(before)).toHaveLength(1);
  });

  it('a 429 and then a 503 are retried by the job until Twilio accepts the message', async () => {
    const before = twilio.requests.length;
    twilio.script(
      { status: 429, body: { code: 20429, message: 'Too Many Requests', status: 429 } },
      { status: 503, body: { code: 20503, message: 'Service Unavailable', status: 503 } },
    );
    const id = await t.modules.outbox.sendSms({ to: '+14155550112', body: 'second' });
    const row = await settled(id);
    expect(row).toMatchObject({ status: 'SUCCESS', attempts: 3, provider: 'twilio' });
    expect(row.lastError).toContain('Twilio answered 503');
    expect(twilio.requests.slice(before).filter((r) => r.form.Body === 'second')).toHaveLength(3);
  });

  it('a 400 fails the message at once: FAILED after one attempt, never retried', async () => {
    const id = await t.modules.outbox.sendSms({ to: '+1', body: 'third' });
    const row = await settled(id);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 1, provider: 'twilio' });
    expect(row.lastError).toContain('21211');
    await new Promise((r) => setTimeout(r, 2500));
    expect(twilio.requests.filter((r) => r.form.Body === 'third')).toHaveLength(1);
  });
});
