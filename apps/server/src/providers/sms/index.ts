import type { Logger } from 'pino';
import type { SmsProvider } from './interface';
import { outboxSmsProvider } from './outbox';
import { twilioSmsProvider, type TwilioConfig } from './twilio';

export type { SmsMessage, SmsProvider } from './interface';

export function createSmsProvider(config: { twilio: TwilioConfig | undefined }, log: Logger): SmsProvider {
  return config.twilio ? twilioSmsProvider(config.twilio) : outboxSmsProvider(log);
}
