import type { Logger } from 'pino';
import type { MailProvider } from './interface';
import { outboxMailProvider } from './outbox';
import { smtpMailProvider } from './smtp';

export type { MailMessage, MailProvider } from './interface';

export function createMailProvider(
  config: { smtpUrl?: string | undefined; mailFrom: string },
  log: Logger,
): MailProvider {
  return config.smtpUrl ? smtpMailProvider(config.smtpUrl, config.mailFrom) : outboxMailProvider(log);
}
