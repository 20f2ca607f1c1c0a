import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../db/embedded';
import { smtpMailProvider } from './smtp';
import { startFakeSmtp } from '../../../test/smtp-fake';

let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

describe('SMTP mail provider against a local SMTP server', () => {
  it('delivers the message: envelope, sender, recipient, subject and text arrive', async () => {
    const provider = smtpMailProvider(smtp.url, 'DRAT <no-reply@drat.test>');
    const before = smtp.received.length;
    await provider.deliver({
      to: 'trader@example.com',
      subject: 'Your DRAT login code: 123456',
      text: 'Your one-time login code is 123456.',
    });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(['trader@example.com']);
    expect(mail!.from).toBe('no-reply@drat.test');
    expect(mail!.user).toBe('drat');
    expect(mail!.header('To')).toBe('trader@example.com');
    expect(mail!.header('From')).toBe('DRAT <no-reply@drat.test>');
    expect(mail!.header('Subject')).toBe('Your DRAT login code: 123456');
    expect(mail!.raw).toContain('Your one-time login code is 123456.');
  });

  it('sends the HTML part when there is one', async () => {
    const provider = smtpMailProvider(smtp.url, 'no-reply@drat.test');
    const before = smtp.received.length;
    await provider.deliver({ to: 'a@example.com', subject: 'Hi', text: 'plain', html: '<p>rich <b>text</b></p>' });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.raw).toContain('text/html');
    expect(mail!.raw).toContain('<p>rich <b>text</b></p>');
  });

  it('throws when the server refuses the recipient, so the outbox job retries', async () => {
    const provider = smtpMailProvider(smtp.url, 'no-reply@drat.test');
    await expect(provider.deliver({ to: 'ghost@reject.test', subject: 'x', text: 'y' })).rejects.toThrow(
      /550|No such mailbox|rejected/i,
    );
  });

  it('throws on wrong credentials', async () => {
    const provider = smtpMailProvider(`smtp://drat:wrong@127.0.0.1:${smtp.port}`, 'no-reply@drat.test');
    await expect(provider.deliver({ to: 'a@example.com', subject: 'x', text: 'y' })).rejects.toThrow(/Invalid|auth/i);
  });

  it('health: true against the running server, false when nothing listens', async () => {
    expect(await smtpMailProvider(smtp.url, 'no-reply@drat.test').health()).toBe(true);
    const port = await freePort();
    expect(await smtpMailProvider(`smtp://127.0.0.1:${port}`, 'no-reply@drat.test').health()).toBe(false);
  });
});
