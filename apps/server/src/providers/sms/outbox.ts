import type { Logger } from 'pino';
import type { SmsProvider } from './interface';

/**
 * Offline default: the outbox table already holds the message (readable at /dev/mailbox in demo
 * mode, with the e-mails); delivery is a log line.
 */
export function outboxSmsProvider(log: Logger): SmsProvider {
  return {
    name: 'outbox',
    async send(message) {
      log.info({ to: message.to, chars: message.body.length }, 'SMS kept in the outbox (no TWILIO_ACCOUNT_SID set)');
      return {};
    },
    health: async () => true,
  };
}
