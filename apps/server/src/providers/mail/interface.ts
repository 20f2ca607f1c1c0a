export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Delivers one e-mail. Throws when delivery failed and may be retried. */
export interface MailProvider {
  readonly name: 'outbox' | 'smtp';
  deliver(message: MailMessage): Promise<void>;
  health(): Promise<boolean>;
}
