import nodemailer from 'nodemailer';
import { ProviderError, type ProviderErrorCode } from '../provider-error';
import type { MailProvider } from './interface';

/**
 * A nodemailer failure as a ProviderError: a 5xx SMTP reply is permanent (a refused recipient or
 * message, or credentials the server rejects), a 4xx one and a lost connection may pass later.
 */
function smtpError(err: unknown): ProviderError {
  const e = err as Error & { code?: string; responseCode?: number };
  const reply = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  let code: ProviderErrorCode = 'NETWORK';
  if (e.code === 'EAUTH') code = 'UNAUTHORIZED';
  else if (e.code === 'ETIMEDOUT') code = 'TIMEOUT';
  else if (reply !== undefined) code = reply >= 500 ? 'BAD_REQUEST' : 'UPSTREAM';
  return new ProviderError(
    'smtp',
    code,
    `SMTP: ${e.message}`,
    reply === undefined ? {} : { status: reply, vendorCode: reply },
    {
      cause: err,
    },
  );
}

/** Real delivery through any SMTP server, e.g. smtp://user:pass@host:587 or smtps://...:465. */
export function smtpMailProvider(url: string, from: string): MailProvider {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async deliver(message) {
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      } catch (err) {
        throw smtpError(err);
      }
    },
    async health() {
      try {
        return await transport.verify();
      } catch {
        return false;
      }
    },
  };
}
