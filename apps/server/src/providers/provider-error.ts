import { DomainError } from '../core/errors';

/**
 * The one error type every outside system's adapter throws (market data, filings, SMS, e-mail,
 * storage, and the brokers and payments to come). A service never looks at a vendor's own error:
 * it calls `withProvider` (or `providerFailure`), which turns any ProviderError into the domain's
 * UNAVAILABLE with the service's own words, so the mapping is written once.
 */
export type ProviderErrorCode =
  /** 401: the credentials are missing, wrong or expired. Never retried. */
  | 'UNAUTHORIZED'
  /** 403: valid credentials, but not entitled to this (a plan without fundamentals, a refused User-Agent). */
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  /** Other 4xx: our request was wrong (a bad symbol, an invalid phone number). Never retried. */
  | 'BAD_REQUEST'
  /** 429 after the last attempt, or a Retry-After longer than we are willing to wait. */
  | 'RATE_LIMITED'
  /** No complete answer within the timeout, on every attempt. */
  | 'TIMEOUT'
  /** Connection refused, reset or not resolved, on every attempt. */
  | 'NETWORK'
  /** 5xx on every attempt. */
  | 'UPSTREAM'
  /** A 2xx whose body is not what the vendor documents. */
  | 'BAD_RESPONSE';

const TRANSIENT: ReadonlySet<ProviderErrorCode> = new Set(['RATE_LIMITED', 'TIMEOUT', 'NETWORK', 'UPSTREAM']);

export interface ProviderErrorDetails {
  /** HTTP status of the last answer, when there was one. */
  status?: number;
  /** What was asked for (a path, no host and no secret), e.g. /markets/quotes. */
  path?: string;
  /** How many attempts were made. */
  attempts?: number;
  /** Seconds the vendor asked us to wait (429), when it said. */
  retryAfterSeconds?: number;
  /** The vendor's own error code (Twilio's 21211...), when it gave one. */
  vendorCode?: number | string;
  /** Overrides the code's own answer to "may trying again help?". */
  retryable?: boolean;
}

export class ProviderError extends Error {
  constructor(
    /** Which adapter failed: 'tradier', 'edgar', 'twilio', 'smtp', 's3' ... */
    readonly provider: string,
    readonly code: ProviderErrorCode,
    message: string,
    readonly details: ProviderErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }

  get status(): number | undefined {
    return this.details.status;
  }

  /** True for failures that may pass on a later try (a job retries them; the rest are final). */
  get retryable(): boolean {
    return this.details.retryable ?? TRANSIENT.has(this.code);
  }
}

/** The code of an HTTP answer that is not a success. */
export function codeForStatus(status: number): ProviderErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'UPSTREAM';
  return 'BAD_REQUEST';
}

export function isProviderError(err: unknown): err is ProviderError {
  return err instanceof ProviderError;
}

/** A provider's failure in the domain's terms: UNAVAILABLE with `message`, retryable as the provider said. */
export function providerFailure(err: ProviderError, message: string): DomainError {
  return new DomainError('UNAVAILABLE', message, {
    retryable: err.retryable,
    retryAfterSeconds: err.details.retryAfterSeconds,
    cause: err,
  });
}

/**
 * Runs a call to an outside system: its ProviderError becomes the domain's UNAVAILABLE with
 * `message` (a 503 the caller can retry, never a 500). Anything else is a bug and stays one.
 */
export async function withProvider<T>(message: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isProviderError(err)) throw providerFailure(err, message);
    throw err;
  }
}
