/**
 * Alpaca's Trading API over the vendors' shared request loop (providers/http/client.ts): a
 * credential's headers, JSON in and out, Alpaca's error bodies in its own words. Alpaca's limit is
 * 200 requests a minute per credential: a rate limiter is kept per credential, and
 * X-RateLimit-Remaining/Reset pause it. Reads are retried on 429, 5xx, timeouts and resets; an
 * order, a replace or a cancel is sent once (its answer may be lost after Alpaca took it).
 */
import type { Logger } from 'pino';
import { ProviderError, type ProviderErrorDetails } from '../provider-error';
import {
  createHttpClient,
  exponentialBackoff,
  noAnswerReason,
  type HttpFailure,
  type HttpRequest,
} from '../http/client';
import { RateLimiter } from '../http/rate-limiter';
import { parseRetryAfter } from '../http/retry-after';
import { record, str } from '../http/json';

export type AlpacaLog = Pick<Logger, 'warn'>;

/** What reaches one Alpaca account: an OAuth access token, or the account's own API key pair. */
export type AlpacaCredentials =
  { kind: 'oauth'; accessToken: string } | { kind: 'key'; keyId: string; secretKey: string };

export interface AlpacaHttpOptions {
  /** https://paper-api.alpaca.markets or https://api.alpaca.markets (paths add /v2/…), or a local server speaking the API. */
  baseUrl: string;
  /** Per attempt, reading the body included. Default 10 s. */
  timeoutMs?: number;
  /** First retry of a read waits about this long, then ×2, with jitter. Default 250 ms. */
  backoffBaseMs?: number;
  /** Attempts of a read, the first included. Default 4. Orders, replaces and cancels are sent once. */
  maxAttempts?: number;
  /** Per credential; default 200 (Alpaca's limit). */
  requestsPerMinute?: number;
  fetch?: typeof fetch;
  log?: AlpacaLog;
}

export interface AlpacaCall {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
}

export interface AlpacaHttp {
  /** A Trading API call (`/v2/…`) with a credential: the JSON answer (null for an empty one). */
  api(credentials: AlpacaCredentials, path: string, call?: AlpacaCall): Promise<unknown>;
  /** A form POSTed once to an address of its own (the OAuth token exchange). */
  postForm(url: string, form: URLSearchParams): Promise<unknown>;
}

/** A 429 asking for a longer wait fails at once (RATE_LIMITED) instead of holding the caller. */
const MAX_WAIT_MS = 60_000;

/** Alpaca's error body: {"code": 40310000, "message": "insufficient buying power"} (or plain text). */
function alpacaWords(text: string): { code?: number | string; message?: string } {
  try {
    const body = record(JSON.parse(text));
    const message = str(body?.message) ?? str(body?.error_description) ?? str(body?.error);
    const code = typeof body?.code === 'number' || typeof body?.code === 'string' ? body.code : undefined;
    return { ...(code !== undefined ? { code } : {}), ...(message ? { message } : {}) };
  } catch {
    const t = text.replace(/\s+/g, ' ').trim();
    return t ? { message: t.length > 200 ? `${t.slice(0, 200)}…` : t } : {};
  }
}

/** A refusal in Alpaca's (or our) words: BAD_REQUEST, never retried. */
export const alpacaRefusal = (words: string, details: ProviderErrorDetails = {}) =>
  new ProviderError('alpaca', 'BAD_REQUEST', words, details);

function alpacaFailure(f: HttpFailure): ProviderError {
  const { path, attempts } = f;
  if (f.kind === 'no-answer') {
    const reason = noAnswerReason(f);
    return new ProviderError('alpaca', f.timedOut ? 'TIMEOUT' : 'NETWORK', `Alpaca ${path}: ${reason}`, {
      path,
      attempts,
    });
  }
  const { status } = f;
  const { code, message } = alpacaWords(f.text);
  const details: ProviderErrorDetails = {
    status,
    path,
    attempts,
    ...(code !== undefined ? { vendorCode: code } : {}),
    ...(f.waitMs !== undefined ? { retryAfterSeconds: Math.max(0, Math.ceil(f.waitMs / 1000)) } : {}),
  };
  const said = message ? `: ${message}` : '';
  if (status === 401)
    return new ProviderError('alpaca', 'UNAUTHORIZED', `Alpaca refused the credentials (401)${said}`, details);
  // 403 is also how Alpaca refuses an order (buying power, shares): the order calls make it a refusal.
  if (status === 403)
    return new ProviderError('alpaca', 'FORBIDDEN', message ?? `Alpaca forbids ${path} (403)`, details);
  if (status === 404) return new ProviderError('alpaca', 'NOT_FOUND', `Alpaca has no ${path} (404)${said}`, details);
  if (status === 429)
    return new ProviderError(
      'alpaca',
      'RATE_LIMITED',
      `Alpaca ${path}: rate limited (429), ${attempts} attempt(s)`,
      details,
    );
  if (status >= 500)
    return new ProviderError(
      'alpaca',
      'UPSTREAM',
      `Alpaca ${path}: HTTP ${status}, ${attempts} attempt(s)${said}`,
      details,
    );
  return alpacaRefusal(message ?? `Alpaca refused ${path} (HTTP ${status})`, details);
}

/** The wait Alpaca asks for: Retry-After, else until X-RateLimit-Reset (epoch seconds). */
function waitOf(headers: Headers): number | undefined {
  const after = parseRetryAfter(headers.get('retry-after'));
  if (after !== undefined) return after;
  const reset = Number(headers.get('x-ratelimit-reset'));
  return headers.has('x-ratelimit-reset') && Number.isFinite(reset)
    ? Math.max(0, reset * 1000 - Date.now())
    : undefined;
}

function headersOf(c: AlpacaCredentials): Record<string, string> {
  return c.kind === 'oauth'
    ? { Authorization: `Bearer ${c.accessToken}` }
    : { 'APCA-API-KEY-ID': c.keyId, 'APCA-API-SECRET-KEY': c.secretKey };
}

function parseJson(text: string, path: string, status: number, attempts: number): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError('alpaca', 'BAD_RESPONSE', `Alpaca ${path}: the answer is not JSON`, {
      status,
      path,
      attempts,
    });
  }
}

export function createAlpacaHttp(options: AlpacaHttpOptions): AlpacaHttp {
  const base = options.baseUrl.replace(/\/+$/, '');
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const client = createHttpClient({
    vendor: 'alpaca',
    timeoutMs: options.timeoutMs ?? 10_000,
    maxAttempts,
    backoffMs: exponentialBackoff(options.backoffBaseMs ?? 250, 8_000),
    waitOf: (status, headers) => (status === 429 ? waitOf(headers) : undefined),
    maxWaitMs: MAX_WAIT_MS,
    // Alpaca says how much of the minute is left: at 0, nobody sends before the window resets.
    onAnswer(headers, limiter) {
      if (headers.get('x-ratelimit-remaining') !== '0') return;
      const wait = waitOf(headers);
      if (wait !== undefined) limiter.pauseUntil(Date.now() + Math.min(wait, MAX_WAIT_MS));
    },
    failure: alpacaFailure,
    fetch: options.fetch,
    log: options.log,
  });
  const limiters = new Map<string, RateLimiter>();

  /** The rate limiter of one credential (Alpaca counts per API key); a few hundred are kept. */
  function limiterOf(key: string): RateLimiter {
    let l = limiters.get(key);
    if (!l) {
      if (limiters.size >= 500) limiters.delete(limiters.keys().next().value!);
      l = new RateLimiter({ requests: options.requestsPerMinute ?? 200, burst: 10 });
      limiters.set(key, l);
    }
    return l;
  }

  async function json(request: HttpRequest): Promise<unknown> {
    const answer = await client.send({ ...request, redirect: 'manual' });
    return parseJson(answer.text, request.path, answer.status, answer.attempts);
  }

  return {
    api(credentials, path, call = {}) {
      const method = call.method ?? 'GET';
      const url = new URL(base + path);
      for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
      const key = credentials.kind === 'oauth' ? `t:${credentials.accessToken}` : `k:${credentials.keyId}`;
      return json({
        limiter: limiterOf(key),
        method,
        url,
        path,
        headers: {
          ...headersOf(credentials),
          Accept: 'application/json',
          ...(call.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        body: call.json === undefined ? undefined : JSON.stringify(call.json),
        // An order, a replace or a cancel is sent once: its answer may be lost after Alpaca took it.
        attempts: method === 'GET' ? maxAttempts : 1,
      });
    },

    postForm(url, form) {
      const at = new URL(url);
      return json({
        limiter: limiterOf('oauth'),
        method: 'POST',
        url: at,
        path: at.pathname,
        headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        attempts: 1,
      });
    },
  };
}
