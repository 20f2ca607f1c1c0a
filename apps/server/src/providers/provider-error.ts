import { DomainError } from '../core/errors';

/**
 * The one error type every outside system's adapter throws (market data, filings, SMS, e-mail,
 * storage, and the brokers and payments to come). A service never looks at a vendor's own error:
 * it calls `withProvider` (or `providerFailure`), which turns any ProviderError into a DomainError
 * in the service's own words (UNAVAILABLE unless it says otherwise), so the mapping is written once.
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

/** What a service says of one kind of failure: its words (the code's usual answer), or the error to throw. */
export type FailureWords = string | ((err: ProviderError) => DomainError);

/**
 * The words a service gives an outside system's failures (docs/architecture.md, "An outside
 * system"). `unavailable` is said of every failure it gives no other words for: the domain's
 * UNAVAILABLE (503, retryable as the provider said, with its Retry-After), or with `badGateway` the
 * domain's UPSTREAM_FAILED (502: the source answered badly). The rest turn one code into another
 * answer: BAD_REQUEST (the system refused our request) a 400, UNAUTHORIZED and FORBIDDEN a 403,
 * NOT_FOUND a 404, BAD_RESPONSE a 502.
 */
export interface ProviderWords {
  unavailable: string;
  badGateway?: boolean;
  /** Details for the answer's body (Ask DRAT's sheet answers its own shape). */
  details?: Record<string, unknown>;
  refused?: FailureWords;
  unauthorized?: FailureWords;
  forbidden?: FailureWords;
  notFound?: FailureWords;
  badAnswer?: FailureWords;
}

const SAID: Partial<Record<ProviderErrorCode, { key: keyof ProviderWords; code: DomainError['code'] }>> = {
  BAD_REQUEST: { key: 'refused', code: 'BAD_REQUEST' },
  UNAUTHORIZED: { key: 'unauthorized', code: 'FORBIDDEN' },
  FORBIDDEN: { key: 'forbidden', code: 'FORBIDDEN' },
  NOT_FOUND: { key: 'notFound', code: 'NOT_FOUND' },
  BAD_RESPONSE: { key: 'badAnswer', code: 'UPSTREAM_FAILED' },
};

/** The one translation of a provider's failure into the domain's error, in the service's words. */
export function providerFailure(err: ProviderError, words: string | ProviderWords): DomainError {
  const w: ProviderWords = typeof words === 'string' ? { unavailable: words } : words;
  const said = SAID[err.code];
  const special = said ? (w[said.key] as FailureWords | undefined) : undefined;
  if (said && special !== undefined) {
    return typeof special === 'string' ? new DomainError(said.code, special, { cause: err }) : special(err);
  }
  return new DomainError(w.badGateway ? 'UPSTREAM_FAILED' : 'UNAVAILABLE', w.unavailable, {
    retryable: err.retryable,
    retryAfterSeconds: err.details.retryAfterSeconds,
    ...(w.details ? { details: w.details } : {}),
    cause: err,
  });
}

/**
 * Runs a call to an outside system: its ProviderError becomes the domain's error in `words`
 * (`providerFailure`; a plain string is a 503 the caller can retry, never a 500). Anything else is
 * a bug and stays one.
 */
export async function withProvider<T>(words: string | ProviderWords, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isProviderError(err)) throw providerFailure(err, words);
    throw err;
  }
}
