import { setTimeout as sleep } from 'node:timers/promises';

export interface TokenBucketOptions {
  /** Requests allowed in any 60-second window (Tradier: 120 production market data, 60 sandbox; Alpaca: 200). */
  requestsPerMinute: number;
  /** Requests that may go out back to back before the steady rate applies. */
  burst: number;
  now?: () => number;
}

/**
 * A client-side token bucket, FIFO. Capacity `burst`, refilled at (requestsPerMinute − burst) per
 * minute, so no 60-second window can hold more than `requestsPerMinute` requests, even when the
 * bucket starts full. `pauseUntil` stops everyone (a 429 with Retry-After, or a vendor's
 * remaining-requests header reaching 0) until the given time. Shared by the vendors' HTTP clients.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private pausedUntil = 0;
  private readonly ratePerMs: number;
  private readonly capacity: number;
  private readonly now: () => number;
  private tail: Promise<void> = Promise.resolve();
  readonly requestsPerMinute: number;

  constructor(options: TokenBucketOptions) {
    if (!(options.requestsPerMinute > 0)) throw new Error('requestsPerMinute must be positive');
    this.requestsPerMinute = options.requestsPerMinute;
    this.capacity = Math.max(1, Math.min(Math.floor(options.burst), Math.floor(options.requestsPerMinute)));
    // With capacity == requestsPerMinute the refill would be 0: keep a minimum steady rate of 1/min.
    this.ratePerMs = Math.max(1, options.requestsPerMinute - this.capacity) / 60_000;
    this.now = options.now ?? Date.now;
    this.tokens = this.capacity;
    this.last = this.now();
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

  /** Tokens available right now (for tests and diagnostics). */
  available(): number {
    this.refill();
    return this.tokens;
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + (t - this.last) * this.ratePerMs);
    this.last = t;
  }

  private async acquire(): Promise<void> {
    for (;;) {
      const t = this.now();
      if (t < this.pausedUntil) {
        await sleep(this.pausedUntil - t);
        continue;
      }
      this.refill();
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await sleep(Math.ceil((1 - this.tokens) / this.ratePerMs));
    }
  }
}
