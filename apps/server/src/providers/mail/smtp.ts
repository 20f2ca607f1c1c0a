import nodemailer from 'nodemailer';
import type { MailProvider } from './interface';

/** Real delivery through any SMTP server, e.g. smtp://user:pass@host:587 or smtps://...:465. */
export function smtpMailProvider(url: string, from: string): MailProvider {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async deliver(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
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
