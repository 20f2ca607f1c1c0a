/**
 * The domain's errors. Services and jobs throw a DomainError with a stable code; the code alone
 * decides what happens next: the HTTP status and body shape (http/errors.ts, one exhaustive
 * switch), and whether a job tries again (jobs/queue.ts, through `retryable`). Nothing here knows
 * HTTP. Outside systems fail with ProviderError (providers/provider-error.ts) instead, and a
 * service turns that into a DomainError with its own words (`providerFailure`).
 */

/** Every code a service may throw, with whether trying the same thing again later can help. */
export const ERROR_CODES = {
  /** Input that breaks a rule; `details` holds `{ field: [message] }`. */
  VALIDATION: { retryable: false },
  /** Input that cannot be acted on as a whole (`non_field_errors`). */
  BAD_REQUEST: { retryable: false },
  NOT_AUTHENTICATED: { retryable: false },
  INVALID_TOKEN: { retryable: false },
  ACCOUNT_INACTIVE: { retryable: false },
  SUBSCRIPTION_EXPIRED: { retryable: false },
  /** Signed in, but the subscription lapsed since (1-core §6 'Your account is inactive or ...'). */
  ACCESS_LAPSED: { retryable: false },
  FORBIDDEN: { retryable: false },
  /** A sensitive change whose password was not confirmed recently in this session; `details.reason` says for what. */
  PASSWORD_CONFIRMATION_REQUIRED: { retryable: false },
  NOT_FOUND: { retryable: false },
  /** The request collides with one still running (the same Idempotency-Key): try again shortly. */
  CONFLICT: { retryable: true },
  /** An Idempotency-Key already used for a different request. */
  IDEMPOTENCY_KEY_REUSED: { retryable: false },
  /** Too many attempts; `retryAfterSeconds` says when the budget is back. */
  RATE_LIMITED: { retryable: true },
  PAYLOAD_TOO_LARGE: { retryable: false },
  /** The request's Host is not a name this server answers to (http/hosts.ts: DNS rebinding). */
  MISDIRECTED_HOST: { retryable: false },
  UNSUPPORTED_MEDIA_TYPE: { retryable: false },
  /** An outside system (market data, broker) failed or is rate-limiting us: try again later. */
  UNAVAILABLE: { retryable: true },
  /** An outside system answered badly (SEC EDGAR down or refusing). */
  UPSTREAM_FAILED: { retryable: true },
} as const satisfies Record<string, { retryable: boolean }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface DomainErrorOptions {
  /** Per-field messages for VALIDATION; extra keys of the answer's body otherwise. */
  details?: Record<string, unknown>;
  /** Overrides the code's own `retryable`. */
  retryable?: boolean;
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class DomainError extends Error {
  readonly details: Record<string, unknown>;
  /** True when the same call may succeed later (a job retries it; others are recorded as failed). */
  readonly retryable: boolean;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DomainError';
    this.details = options.details ?? {};
    this.retryable = options.retryable ?? ERROR_CODES[code].retryable;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** A VALIDATION error on one field: `{ field: [message] }`. */
  static field(field: string, message: string): DomainError {
    return new DomainError('VALIDATION', message, { details: { [field]: [message] } });
  }

  /** A VALIDATION error on several fields, each issue under its top-level field as schema errors are (the first one's message). */
  static fields(issues: readonly { path: readonly PropertyKey[]; message: string }[]): DomainError {
    const details: Record<string, string[]> = {};
    for (const i of issues) (details[String(i.path[0] ?? 'non_field_errors')] ??= []).push(i.message);
    return new DomainError('VALIDATION', issues[0]?.message ?? 'Check your input.', { details });
  }
}

export function isDomainError(err: unknown): err is DomainError {
  return err instanceof DomainError;
}

/**
 * Whether a failed job should be tried again. Domain and provider errors say so themselves (both
 * carry `retryable`); anything else (a lost database connection, a bug) is tried again, since a
 * blip is the likelier cause and the retries are few.
 */
export function isRetryable(err: unknown): boolean {
  return declaredRetryable(err) ?? true;
}

/** What an error says of itself (a domain or provider error's flag); undefined when it says nothing. */
export function declaredRetryable(err: unknown): boolean | undefined {
  if (typeof err === 'object' && err !== null && 'retryable' in err && typeof err.retryable === 'boolean')
    return err.retryable;
  return undefined;
}

/** The code of an error for the records: a domain or provider code, else ERROR. */
export function errorCodeOf(err: unknown): string {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string') return err.code;
  return 'ERROR';
}
