/**
 * HTTP plumbing of the EDGAR adapter: SEC's fair-access rules (a User-Agent naming the caller,
 * at most 10 requests per second), a small in-memory TTL cache, timeouts and a retry on
 * transient failures. Answers JSON or text; 404 is "no such document" (null), not an error.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { codeForStatus, ProviderError } from '../provider-error';

/** At most `max` request starts in any `windowMs` window, served in arrival order. */
export class SlidingWindowLimiter {
  private readonly starts: number[] = [];
  private tail: Promise<void> = Promise.resolve();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly clock: () => number = Date.now,
  ) {
    if (!(max >= 1)) throw new Error('the limiter needs max >= 1');
  }

  take(): Promise<void> {
    const turn = this.tail.then(() => this.acquire());
    this.tail = turn;
    return turn;
  }

  private async acquire(): Promise<void> {
    for (;;) {
      const t = this.clock();
      while (this.starts.length > 0 && t - this.starts[0]! >= this.windowMs) this.starts.shift();
      if (this.starts.length < this.max) {
        this.starts.push(t);
        return;
      }
      await sleep(this.starts[0]! + this.windowMs - t);
    }
  }
}

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
  readonly limiter: SlidingWindowLimiter;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly attempts: number;
  private readonly backoffMs: number;
  /** Requests sent (diagnostics and tests). */
  sent = 0;

  constructor(private readonly options: EdgarHttpOptions) {
    if (!options.userAgent.trim()) throw new Error('EDGAR needs a User-Agent (SEC_USER_AGENT).');
    this.limiter = new SlidingWindowLimiter(options.requestsPerSecond ?? 10, 1000);
    this.fetchImpl = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.attempts = Math.max(1, options.attempts ?? 3);
    this.backoffMs = options.backoffMs ?? 500;
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
    const path = pathOf(url);
    for (let attempt = 1; ; attempt++) {
      await this.limiter.take();
      this.sent += 1;
      let status: number;
      let body: string;
      try {
        const res = await this.fetchImpl(url, {
          headers: { 'User-Agent': this.options.userAgent, Accept: 'application/json, text/xml;q=0.9, */*;q=0.5' },
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        status = res.status;
        body = await res.text();
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        if (attempt < this.attempts) {
          await sleep(this.backoffMs * attempt);
          continue;
        }
        throw new ProviderError(
          'edgar',
          timedOut ? 'TIMEOUT' : 'NETWORK',
          `EDGAR ${path}: ${timedOut ? `no answer within ${this.timeoutMs} ms` : err instanceof Error ? err.message : String(err)}`,
          { path, attempts: attempt },
        );
      }
      if (status >= 200 && status < 300) return body;
      if (status === 404) return null;
      if (RETRY.has(status) && attempt < this.attempts) {
        await sleep(this.backoffMs * attempt);
        continue;
      }
      // SEC answers 403 to a missing or generic User-Agent and to callers over its rate limit.
      const details = { status, path, attempts: attempt };
      if (status === 403)
        throw new ProviderError('edgar', 'FORBIDDEN', `EDGAR refused ${path} (403): check SEC_USER_AGENT`, details);
      if (status === 429)
        throw new ProviderError('edgar', 'RATE_LIMITED', `EDGAR ${path}: rate limited (429)`, details);
      throw new ProviderError('edgar', codeForStatus(status), `EDGAR ${path}: HTTP ${status}`, details);
    }
  }
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
