export interface SmsMessage {
  /** E.164 phone number, e.g. +14155550123. */
  to: string;
  body: string;
}

/** Delivers one SMS. Throws a ProviderError when delivery failed; one that is not retryable is final. */
export interface SmsProvider {
  readonly name: 'outbox' | 'twilio';
  /** Resolves with the provider's id of the message (Twilio's SM… sid), when it has one. */
  send(message: SmsMessage): Promise<{ providerId?: string }>;
  health(): Promise<boolean>;
}
