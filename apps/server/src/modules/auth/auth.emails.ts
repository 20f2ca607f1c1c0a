import type { MailMessage } from '../../providers/mail/interface';

export function otpEmail(to: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: `Your DRAT login code: ${code}`,
    text: `Your one-time login code is ${code}.\n\nIt expires in ${minutes} minutes. If you did not try to sign in, change your password.`,
  };
}

export function resetEmail(to: string, token: string, link: string, minutes: number): MailMessage {
  return {
    to,
    subject: 'Reset your DRAT password',
    text:
      `Someone asked to reset the password of your DRAT account.\n\n` +
      `1. Open this link: ${link}\n2. Enter this token: ${token}\n\n` +
      `The link and token expire in ${minutes} minutes. If it was not you, ignore this e-mail.`,
  };
}

export function passwordChangedEmail(to: string): MailMessage {
  return {
    to,
    subject: 'Your DRAT password was changed',
    text: 'The password of your DRAT account was just changed. If it was not you, reset it now and contact support.',
  };
}
