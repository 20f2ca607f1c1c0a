export interface SmsMessage {
  /** E.164 phone number, e.g. +14155550123. */
  to: string;
  body: string;
}

/** Delivers one SMS. Throws when delivery failed; a `SmsDeliveryError` that is not retryable is final. */
export interface SmsProvider {
  readonly name: 'outbox' | 'twilio';
  /** Resolves with the provider's id of the message (Twilio's SM… sid), when it has one. */
  send(message: SmsMessage): Promise<{ providerId?: string }>;
  health(): Promise<boolean>;
}

/**
 * A refused SMS. `retryable` is false when trying again cannot help (an invalid number, a bad
 * request, wrong credentials): the outbox then marks the message FAILED at once.
 */
export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}
