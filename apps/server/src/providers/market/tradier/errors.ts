/**
 * The one error type the Tradier adapter throws. Services map `code` to their own domain errors
 * (e.g. UNAUTHORIZED → "market data is misconfigured", RATE_LIMITED/TIMEOUT/UPSTREAM → "try again").
 */
export type TradierErrorCode =
  /** 401: the token is missing, wrong or expired. Never retried. */
  | 'UNAUTHORIZED'
  /** 403: the token is valid but not entitled to this data (e.g. fundamentals on some accounts). */
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  /** Other 4xx: our request was wrong (bad symbol format, bad date). Never retried. */
  | 'BAD_REQUEST'
  /** 429 after the last attempt, or a Retry-After longer than we are willing to wait. */
  | 'RATE_LIMITED'
  /** No complete answer within the timeout, on every attempt. */
  | 'TIMEOUT'
  /** Connection refused/reset/DNS, on every attempt. */
  | 'NETWORK'
  /** 5xx on every attempt. */
  | 'UPSTREAM'
  /** A 2xx whose body is not the JSON we expect. */
  | 'BAD_RESPONSE';

export class TradierError extends Error {
  constructor(
    readonly code: TradierErrorCode,
    message: string,
    readonly details: {
      /** HTTP status of the last answer, when there was one. */
      status?: number;
      /** Path asked for (no host, no token), e.g. /markets/quotes. */
      path: string;
      /** How many HTTP attempts were made. */
      attempts: number;
      /** Seconds Tradier asked us to wait (429), when it said. */
      retryAfterSeconds?: number;
    },
  ) {
    super(message);
    this.name = 'TradierError';
  }

  get status(): number | undefined {
    return this.details.status;
  }

  /** True for transient failures a caller (e.g. a pg-boss job) may try again later. */
  get transient(): boolean {
    return (
      this.code === 'RATE_LIMITED' || this.code === 'TIMEOUT' || this.code === 'NETWORK' || this.code === 'UPSTREAM'
    );
  }
}

export function isTradierError(err: unknown): err is TradierError {
  return err instanceof TradierError;
}
