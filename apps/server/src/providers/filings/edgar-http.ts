/**
 * HTTP plumbing of the EDGAR adapter: SEC's fair-access rules (a User-Agent naming the caller,
 * at most 10 requests per second), a small in-memory TTL cache, and the vendors' shared request
 * loop (providers/http/client.ts: timeouts, a retry on transient failures). Answers JSON or text;
 * 404 is "no such document" (null), not an error.
 */
import { codeForStatus, isProviderError, ProviderError } from '../provider-error';
import { createHttpClient, noAnswerReason, type HttpClient, type HttpFailure } from '../http/client';
import { RateLimiter } from '../http/rate-limiter';

/**
 * Values kept for a time-to-live, computed once while in flight; a failure is not kept. Oldest
 * entries are dropped past `maxEntries` (companyfacts of many companies would otherwise pile up).
 */
export class TtlCache {
  private readonly entries = new Map<string, { until: number; value: Promise<unknown> }>();

  constructor(
    private readonly clock: () => number = Date.now,
    private readonly maxEntries = 500,
  ) {}

  get<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value as Promise<T>;
    const value = compute();
    const entry = { until: now + ttlMs, value };
    this.entries.delete(key);
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

export interface EdgarHttpOptions {
  /** SEC asks for "Company name contact@example.com". */
  userAgent: string;
  requestsPerSecond?: number;
  timeoutMs?: number;
  /** Attempts per request on 429, 5xx, timeouts and network errors. Default 3. */
  attempts?: number;
  backoffMs?: number;
  fetch?: typeof fetch;
}

const RETRY = new Set([429, 500, 502, 503, 504]);

export class EdgarHttp {
  /** SEC's fair access: a second's allowance (10) may go at once, then none until the second moves on. */
  readonly limiter: RateLimiter;
  private readonly client: HttpClient;
  /** Requests sent (diagnostics and tests). */
  sent = 0;

  constructor(private readonly options: EdgarHttpOptions) {
    if (!options.userAgent.trim()) throw new Error('EDGAR needs a User-Agent (SEC_USER_AGENT).');
    this.limiter = new RateLimiter({ requests: options.requestsPerSecond ?? 10, windowMs: 1000 });
    const fetchImpl = options.fetch ?? fetch;
    const backoffMs = options.backoffMs ?? 500;
    this.client = createHttpClient({
      vendor: 'edgar',
      timeoutMs: options.timeoutMs ?? 20_000,
      maxAttempts: Math.max(1, options.attempts ?? 3),
      backoffMs: (attempt) => backoffMs * attempt,
      retries: (status) => RETRY.has(status),
      failure: edgarFailure,
      fetch: (input, init) => {
        this.sent += 1;
        return fetchImpl(input, init);
      },
    });
  }

  /** Parsed JSON, or null on 404. */
  async json(url: string): Promise<unknown> {
    const text = await this.text(url);
    if (text === null) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ProviderError('edgar', 'BAD_RESPONSE', `EDGAR ${pathOf(url)}: the answer is not JSON`);
    }
  }

  /** The body, or null on 404. */
  async text(url: string): Promise<string | null> {
    try {
      const answer = await this.client.send({
        limiter: this.limiter,
        url,
        path: pathOf(url),
        headers: { 'User-Agent': this.options.userAgent, Accept: 'application/json, text/xml;q=0.9, */*;q=0.5' },
      });
      return answer.text;
    } catch (err) {
      if (isProviderError(err) && err.code === 'NOT_FOUND') return null;
      throw err;
    }
  }
}

function edgarFailure(f: HttpFailure): ProviderError {
  const { path } = f;
  if (f.kind === 'no-answer') {
    const reason = noAnswerReason(f);
    return new ProviderError('edgar', f.timedOut ? 'TIMEOUT' : 'NETWORK', `EDGAR ${path}: ${reason}`, {
      path,
      attempts: f.attempts,
    });
  }
  // SEC answers 403 to a missing or generic User-Agent and to callers over its rate limit.
  const details = { status: f.status, path, attempts: f.attempts };
  if (f.status === 403)
    return new ProviderError('edgar', 'FORBIDDEN', `EDGAR refused ${path} (403): check SEC_USER_AGENT`, details);
  if (f.status === 429) return new ProviderError('edgar', 'RATE_LIMITED', `EDGAR ${path}: rate limited (429)`, details);
  return new ProviderError('edgar', codeForStatus(f.status), `EDGAR ${path}: HTTP ${f.status}`, details);
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
