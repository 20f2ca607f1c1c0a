/**
 * The one request loop of every vendor's HTTP client (Tradier, Alpaca, EDGAR): each attempt waits
 * its turn at the rate limiter, has a timeout (reading the body included), and a failure worth
 * another try (no answer, or a status the vendor's client names) is tried again after a backoff,
 * never sooner than the vendor's Retry-After; a 429 asking for longer than `maxWaitMs` fails at
 * once. The last failure is the vendor's ProviderError: each client says in its own words what a
 * status means (`failure`), and adds its own headers, authentication and JSON reading.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { ProviderError } from '../provider-error';
import type { RateLimiter } from './rate-limiter';
import { parseRetryAfter } from './retry-after';

/** Why a request failed, for the vendor's client to put in its own words. */
export type HttpFailure =
  | {
      kind: 'no-answer';
      path: string;
      attempts: number;
      /** True when the timeout struck; false for a refused, reset or unresolved connection. */
      timedOut: boolean;
      timeoutMs: number;
      error: unknown;
    }
  | {
      kind: 'status';
      path: string;
      attempts: number;
      status: number;
      text: string;
      /** The wait the vendor asked for with this answer, when it said. */
      waitMs?: number;
      /** A 429 asking for a longer wait than `maxWaitMs`: failed at once, whatever attempts were left. */
      waitTooLong: boolean;
    };

export interface HttpClientOptions {
  /** Names the vendor in the log: `<vendor>: retrying`. */
  vendor: string;
  /** Per attempt, reading the body included. */
  timeoutMs: number;
  /** Attempts per request, the first included, unless the request says otherwise. */
  maxAttempts: number;
  /** The wait before attempt `attempt + 1` (see exponentialBackoff). */
  backoffMs: (attempt: number) => number;
  /** Statuses worth another attempt. Default 429 and 5xx. */
  retries?: (status: number) => boolean;
  /** The wait an answer asks for. Default: a 429's Retry-After. */
  waitOf?: (status: number, headers: Headers) => number | undefined;
  /** A 429 asking for a longer wait fails at once (RATE_LIMITED) instead of holding the caller. Default 60 s. */
  maxWaitMs?: number;
  /** Sees every answer's headers (a vendor's remaining-requests header pauses the limiter). */
  onAnswer?: (headers: Headers, limiter: RateLimiter) => void;
  /** The vendor's ProviderError of the last failure. */
  failure: (failure: HttpFailure) => ProviderError;
  fetch?: typeof fetch;
  log?: Pick<Logger, 'warn'>;
}

export interface HttpRequest {
  limiter: RateLimiter;
  url: URL | string;
  /** What logs and errors name: the path, no host and no secret. */
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Overrides maxAttempts (an order is sent once; health checks ask once). */
  attempts?: number;
  redirect?: RequestInit['redirect'];
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
  attempts: number;
}

export interface HttpClient {
  /** The first 2xx answer; any other end is the vendor's ProviderError. */
  send(request: HttpRequest): Promise<HttpAnswer>;
}

/** About `baseMs`, then ×2 each attempt up to `maxMs`, each wait between half and all of it. */
export function exponentialBackoff(baseMs: number, maxMs: number, random: () => number = Math.random) {
  return (attempt: number): number => {
    const exp = Math.min(maxMs, baseMs * 2 ** (attempt - 1));
    return exp / 2 + random() * (exp / 2);
  };
}

const retriesByDefault = (status: number) => status === 429 || status >= 500;
const retryAfterOf429 = (status: number, headers: Headers) =>
  status === 429 ? parseRetryAfter(headers.get('retry-after')) : undefined;

/** A network failure's message with its cause's code: "fetch failed (ECONNREFUSED)". */
export function describeNetworkError(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: unknown }).cause;
    if (cause instanceof Error) return `${err.message} (${(cause as Error & { code?: string }).code ?? cause.message})`;
    return err.message;
  }
  return String(err);
}

/**
 * Why a request got no answer, in words for a vendor's error: the timeout, or the network error
 * (with its cause's code, as Tradier's words give it, when `withCause`).
 */
export function noAnswerReason(f: Extract<HttpFailure, { kind: 'no-answer' }>, withCause = false): string {
  if (f.timedOut) return `no answer within ${f.timeoutMs} ms`;
  if (withCause) return describeNetworkError(f.error);
  return f.error instanceof Error ? f.error.message : String(f.error);
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const fetchImpl = options.fetch ?? fetch;
  const retries = options.retries ?? retriesByDefault;
  const waitOf = options.waitOf ?? retryAfterOf429;
  const maxWaitMs = options.maxWaitMs ?? 60_000;

  async function backoff(attempt: number, path: string, reason: string, atLeastMs = 0): Promise<void> {
    const delay = Math.max(atLeastMs, options.backoffMs(attempt));
    options.log?.warn({ path, attempt, delayMs: Math.round(delay), reason }, `${options.vendor}: retrying`);
    await sleep(delay);
  }

  async function send(request: HttpRequest): Promise<HttpAnswer> {
    const { limiter, path } = request;
    const attempts = Math.max(1, request.attempts ?? options.maxAttempts);
    for (let attempt = 1; ; attempt++) {
      await limiter.take();
      let res: Response;
      let text: string;
      try {
        res = await fetchImpl(request.url, {
          method: request.method ?? 'GET',
          headers: request.headers,
          body: request.body,
          redirect: request.redirect,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        text = await res.text();
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        if (attempt < attempts) {
          const reason = timedOut ? `no answer within ${options.timeoutMs} ms` : describeNetworkError(error);
          await backoff(attempt, path, reason);
          continue;
        }
        throw options.failure({
          kind: 'no-answer',
          path,
          attempts: attempt,
          timedOut,
          timeoutMs: options.timeoutMs,
          error,
        });
      }
      options.onAnswer?.(res.headers, limiter);
      const { status, headers } = res;
      if (status >= 200 && status < 300) return { status, headers, text, attempts: attempt };

      const waitMs = waitOf(status, headers);
      const failure = { kind: 'status' as const, path, attempts: attempt, status, text, waitMs, waitTooLong: false };
      if (status === 429 && waitMs !== undefined) {
        if (waitMs > maxWaitMs) throw options.failure({ ...failure, waitTooLong: true });
        limiter.pauseUntil(Date.now() + waitMs);
      }
      if (retries(status) && attempt < attempts) {
        await backoff(attempt, path, `HTTP ${status}`, waitMs);
        continue;
      }
      throw options.failure(failure);
    }
  }

  return { send };
}
