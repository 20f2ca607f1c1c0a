import type { MailMessage } from '../../providers/mail/interface';

/** To a buyer who already had an account: the plan is on it. */
export function paymentReceivedEmail(
  to: string,
  planName: string,
  endsAt: Date | null,
  publicUrl: string,
): MailMessage {
  const until = endsAt
    ? `It runs until ${endsAt.toISOString().slice(0, 10)} (UTC), and on as long as your subscription is paid.`
    : 'It does not expire.';
  return {
    to,
    subject: `Your DRAT plan: ${planName}`,
    text:
      `Thank you: your payment for ${planName} is received and the plan is on your account.\n\n` +
      `${until}\n\nSign in at ${publicUrl}/login to use it.`,
  };
}
