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

export function welcomeEmail(to: string, name: string, token: string, link: string, days: number): MailMessage {
  return {
    to,
    subject: 'Welcome to DRAT: set your password',
    text:
      `Hello ${name},\n\nA DRAT account was made for you. To choose your password:\n\n` +
      `1. Open this link: ${link}\n2. Enter this token: ${token}\n\n` +
      `The link and token work for ${days} days. Then sign in with this e-mail address and your password.`,
  };
}

export function passwordSetBySupportEmail(to: string): MailMessage {
  return {
    to,
    subject: 'Your DRAT password was reset by support',
    text:
      'DRAT support set a new password for your account, as you asked; they will tell you what it is. ' +
      'Every device was signed out. Sign in with it, then choose your own in Settings.',
  };
}
