import type { Logger } from 'pino';
import { ProviderError } from '../provider-error';
import {
  createHttpClient,
  noAnswerReason,
  exponentialBackoff,
  type HttpClient,
  type HttpFailure,
} from '../http/client';
import { RateLimiter } from '../http/rate-limiter';
import { parseRetryAfter } from '../http/retry-after';

export type TradierLog = Pick<Logger, 'warn' | 'debug'>;

export interface TradierHttpOptions {
  token: string;
  /** e.g. https://api.tradier.com/v1 or https://sandbox.tradier.com/v1 (or a local fake). */
  baseUrl: string;
  /** Per attempt, including reading the body. Default 10 s. */
  timeoutMs?: number;
  /** Default: 60 for a sandbox address, 120 otherwise (Tradier's market-data limits). */
  requestsPerMinute?: number;
  /** Back-to-back requests allowed before the steady rate applies. Default 10. */
  burst?: number;
  /** Attempts per call, first included. Default 4. */
  maxAttempts?: number;
  /** First retry waits about this long, then ×2 each time, with jitter. Default 250 ms. */
  backoffBaseMs?: number;
  /** Ceiling of one backoff. Default 8 s. */
  backoffMaxMs?: number;
  /** A Retry-After longer than this fails at once with RATE_LIMITED instead of holding the caller. Default 60 s. */
  maxRetryAfterMs?: number;
  fetch?: typeof fetch;
  random?: () => number;
  log?: TradierLog;
}

export type Params = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as application/x-www-form-urlencoded (POST and PUT). */
  form?: Params;
  /** Replaces the bearer token (the OAuth token exchange authenticates with the client's Basic credentials). */
  authorization?: string;
  /** `beta` for Tradier's /beta/... endpoints (fundamentals); default `v1` (the base URL). */
  api?: 'v1' | 'beta';
  /** Override maxAttempts for this call (health checks and optional data use 1). */
  attempts?: number;
}

const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);

/** Tradier's REST API over the shared client: bearer auth, JSON, timeout, client-side rate limit, retries. */
export class TradierHttp {
  readonly limiter: RateLimiter;
  private readonly v1: string;
  private readonly beta: string;
  private readonly client: HttpClient;

  constructor(private readonly options: TradierHttpOptions) {
    this.v1 = options.baseUrl.replace(/\/+$/, '');
    this.beta = /\/v1$/.test(this.v1) ? this.v1.replace(/\/v1$/, '/beta') : `${new URL(this.v1).origin}/beta`;
    const rpm = options.requestsPerMinute ?? (/sandbox/i.test(options.baseUrl) ? 60 : 120);
    this.limiter = new RateLimiter({ requests: rpm, burst: options.burst ?? 10 });
    this.client = createHttpClient({
      vendor: 'tradier',
      timeoutMs: options.timeoutMs ?? 10_000,
      maxAttempts: Math.max(1, options.maxAttempts ?? 4),
      backoffMs: exponentialBackoff(options.backoffBaseMs ?? 250, options.backoffMaxMs ?? 8_000, options.random),
      retries: (status) => RETRY_STATUSES.has(status),
      // Tradier's Retry-After is honoured whatever the status; only a 429's pauses everyone.
      waitOf: (_status, headers) => parseRetryAfter(headers.get('retry-after')),
      maxWaitMs: options.maxRetryAfterMs ?? 60_000,
      onAnswer: noteRateLimitHeaders,
      failure: tradierFailure,
      fetch: options.fetch,
      log: options.log,
    });
  }

  get(path: string, params: Params = {}, options: RequestOptions = {}): Promise<unknown> {
    return this.request(path, params, { ...options, method: 'GET' });
  }

  post(path: string, form: Params, options: RequestOptions = {}): Promise<unknown> {
    return this.request(path, {}, { ...options, method: 'POST', form });
  }

  put(path: string, form: Params, options: RequestOptions = {}): Promise<unknown> {
    return this.request(path, {}, { ...options, method: 'PUT', form });
  }

  delete(path: string, options: RequestOptions = {}): Promise<unknown> {
    return this.request(path, {}, { ...options, method: 'DELETE' });
  }

  async request(path: string, params: Params, options: RequestOptions = {}): Promise<unknown> {
    const url = new URL((options.api === 'beta' ? this.beta : this.v1) + path);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, String(v));
    const body = options.form ? encodeForm(options.form) : undefined;
    const headers: Record<string, string> = {
      Authorization: options.authorization ?? `Bearer ${this.options.token}`,
      Accept: 'application/json',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const answer = await this.client.send({
      limiter: this.limiter,
      url,
      path,
      method: options.method ?? 'GET',
      headers,
      body,
      attempts: options.attempts,
    });
    return parseJson(answer.text, path, answer.attempts, answer.status);
  }
}

/** Tradier sends X-Ratelimit-Available / X-Ratelimit-Expiry (epoch ms) on every answer. */
function noteRateLimitHeaders(headers: Headers, limiter: RateLimiter): void {
  const available = Number(headers.get('x-ratelimit-available'));
  const expiry = Number(headers.get('x-ratelimit-expiry'));
  if (headers.has('x-ratelimit-available') && available <= 0 && Number.isFinite(expiry)) {
    const now = Date.now();
    if (expiry > now) limiter.pauseUntil(Math.min(expiry, now + 60_000));
  }
}

function tradierFailure(f: HttpFailure): ProviderError {
  if (f.kind === 'no-answer') {
    const reason = noAnswerReason(f, true);
    const attempts = `${f.attempts} attempt${f.attempts > 1 ? 's' : ''}`;
    return new ProviderError(
      'tradier',
      f.timedOut ? 'TIMEOUT' : 'NETWORK',
      `Tradier ${f.path}: ${reason} (after ${attempts})`,
      {
        path: f.path,
        attempts: f.attempts,
      },
    );
  }
  if (f.waitTooLong) {
    const seconds = Math.ceil(f.waitMs! / 1000);
    return new ProviderError('tradier', 'RATE_LIMITED', `Tradier ${f.path}: rate limited, retry after ${seconds} s`, {
      status: f.status,
      path: f.path,
      attempts: f.attempts,
      retryAfterSeconds: seconds,
    });
  }
  return httpError(f.status, f.text, f.path, f.attempts, f.waitMs);
}

function encodeForm(form: Params): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) p.set(k, String(v));
  return p.toString();
}

function parseJson(text: string, path: string, attempts: number, status: number): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError('tradier', 'BAD_RESPONSE', `Tradier ${path}: answer is not JSON: ${snippet(text)}`, {
      status,
      path,
      attempts,
    });
  }
}

function httpError(status: number, text: string, path: string, attempts: number, retryAfterMs?: number): ProviderError {
  const detail = tradierMessage(text);
  const details = {
    status,
    path,
    attempts,
    ...(retryAfterMs !== undefined ? { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) } : {}),
  };
  const suffix = detail ? `: ${detail}` : '';
  if (status === 401)
    return new ProviderError('tradier', 'UNAUTHORIZED', `Tradier rejected the access token (401)${suffix}`, details);
  if (status === 403)
    return new ProviderError('tradier', 'FORBIDDEN', `Tradier refused ${path} for this token (403)${suffix}`, details);
  if (status === 404)
    return new ProviderError('tradier', 'NOT_FOUND', `Tradier has no ${path} (404)${suffix}`, details);
  // Tradier has been seen answering an exceeded rate limit with 400 "Quota Violation".
  if (status === 429 || (status === 400 && /quota violation/i.test(text)))
    return new ProviderError(
      'tradier',
      'RATE_LIMITED',
      `Tradier ${path}: rate limited (429) after ${attempts} attempts`,
      details,
    );
  if (status >= 500)
    return new ProviderError(
      'tradier',
      'UPSTREAM',
      `Tradier ${path}: HTTP ${status} after ${attempts} attempts${suffix}`,
      details,
    );
  return new ProviderError('tradier', 'BAD_REQUEST', `Tradier ${path}: HTTP ${status}${suffix}`, details);
}

/** Tradier's error bodies are plain text ("Invalid Access Token") or {"errors":{"error":"..."}}. */
function tradierMessage(text: string): string {
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object' && 'errors' in body) {
      const errors = (body as { errors: unknown }).errors;
      if (errors && typeof errors === 'object' && 'error' in errors) {
        const e = (errors as { error: unknown }).error;
        return snippet(Array.isArray(e) ? e.join('; ') : String(e));
      }
    }
    if (body && typeof body === 'object' && 'fault' in body)
      return snippet(JSON.stringify((body as { fault: unknown }).fault));
  } catch {
    /* plain text */
  }
  return snippet(text);
}

function snippet(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 200 ? `${t.slice(0, 200)}…` : t;
}
