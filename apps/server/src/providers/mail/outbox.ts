import type { Logger } from 'pino';
import type { MailProvider } from './interface';

/**
 * Offline default: the outbox table already holds the message (readable at /dev/mailbox in demo
 * mode); delivery is a log line.
 */
export function outboxMailProvider(log: Logger): MailProvider {
  return {
    name: 'outbox',
    async deliver(message) {
      log.info({ to: message.to, subject: message.subject }, 'e-mail kept in the outbox (no SMTP_URL set)');
    },
    health: async () => true,
  };
}
