import type { MailMessage } from '../../providers/mail/interface';

/** To the new address: the link that makes it the sign-in e-mail. */
export function emailChangeLinkEmail(to: string, link: string, hours: number): MailMessage {
  return {
    to,
    subject: 'Confirm your new DRAT e-mail',
    text: `Follow this link to make ${to} your DRAT sign-in e-mail:\n\n${link}\n\nIt works for ${hours} hours. If you did not ask for this, ignore this e-mail.`,
  };
}

/** To the old address, once the change took effect. */
export function emailChangedNotice(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'Your DRAT sign-in e-mail was changed',
    text: `Your DRAT sign-in e-mail is now ${newEmail}; this address (${to}) no longer signs in.\n\nIf you did not do this, reply to this e-mail at once.`,
  };
}
