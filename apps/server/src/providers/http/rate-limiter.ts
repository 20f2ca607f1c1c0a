import { setTimeout as sleep } from 'node:timers/promises';

export interface RateLimiterOptions {
  /**
   * Requests allowed in any window of `windowMs` (Tradier: 120 a minute for production market
   * data, 60 in the sandbox; Alpaca: 200 a minute; EDGAR: 10 a second).
   */
  requests: number;
  /** Default 60 s. */
  windowMs?: number;
  /**
   * Requests that may go out back to back before the steady rate applies. Default `requests`: the
   * window's whole allowance at once (SEC's rule), then nothing until the window moves on.
   */
  burst?: number;
  now?: () => number;
}

/**
 * The client-side rate limiter of every vendor's HTTP client, FIFO: at most `requests` request
 * starts in any `windowMs` window. With a `burst` below `requests`, it is a token bucket of capacity
 * `burst` refilled at (requests − burst) per window, which spaces requests out evenly and never
 * puts more than `requests` in a window even when it starts full; with no smaller burst, the window's
 * allowance goes at once. `pauseUntil` stops everyone (a 429 with Retry-After, or a vendor's
 * remaining-requests header reaching 0) until the given time.
 */
export class RateLimiter {
  readonly requests: number;
  readonly windowMs: number;
  private readonly capacity: number;
  /** Token refill per ms; 0 when the window's allowance may go at once. */
  private readonly ratePerMs: number;
  private readonly now: () => number;
  private tokens: number;
  private last: number;
  /** Start times of the requests in the current window, oldest first. */
  private readonly starts: number[] = [];
  private pausedUntil = 0;
  private tail: Promise<void> = Promise.resolve();

  constructor(options: RateLimiterOptions) {
    if (!(options.requests >= 1)) throw new Error('the rate limiter needs requests >= 1');
    this.requests = Math.floor(options.requests);
    this.windowMs = options.windowMs ?? 60_000;
    this.capacity = Math.max(1, Math.min(Math.floor(options.burst ?? this.requests), this.requests));
    this.ratePerMs = this.capacity < this.requests ? (this.requests - this.capacity) / this.windowMs : 0;
    this.now = options.now ?? Date.now;
    this.tokens = this.capacity;
    this.last = this.now();
  }

  /** The allowance in requests per minute (for diagnostics and tests). */
  get requestsPerMinute(): number {
    return (this.requests * 60_000) / this.windowMs;
  }

  /** Resolves when the caller may send one request. Callers are served in arrival order. */
  take(): Promise<void> {
    const turn = this.tail.then(() => this.acquire());
    this.tail = turn;
    return turn;
  }

  /** Nobody sends before `epochMs` (extends an existing pause, never shortens it). */
  pauseUntil(epochMs: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, epochMs);
  }

  /** Requests that could go out right now (for tests and diagnostics). */
  available(): number {
    const t = this.now();
    this.refill(t);
    this.forget(t);
    const inWindow = this.requests - this.starts.length;
    return this.ratePerMs > 0 ? Math.min(this.tokens, inWindow) : inWindow;
  }

  private refill(t: number): void {
    if (this.ratePerMs > 0) this.tokens = Math.min(this.capacity, this.tokens + (t - this.last) * this.ratePerMs);
    this.last = t;
  }

  /** Drops the starts that left the window. */
  private forget(t: number): void {
    while (this.starts.length > 0 && t - this.starts[0]! >= this.windowMs) this.starts.shift();
  }

  private async acquire(): Promise<void> {
    for (;;) {
      const t = this.now();
      if (t < this.pausedUntil) {
        await sleep(this.pausedUntil - t);
        continue;
      }
      this.refill(t);
      this.forget(t);
      if (this.starts.length >= this.requests) {
        await sleep(this.starts[0]! + this.windowMs - t);
        continue;
      }
      if (this.ratePerMs > 0 && this.tokens < 1) {
        await sleep(Math.ceil((1 - this.tokens) / this.ratePerMs));
        continue;
      }
      if (this.ratePerMs > 0) this.tokens -= 1;
      this.starts.push(t);
      return;
    }
  }
}
