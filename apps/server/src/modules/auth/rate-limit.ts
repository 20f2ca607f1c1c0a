import { MSG } from '@drat/contracts';
import type { RateLimitRepo } from './rate-limit.repo';
import { DomainError } from '../../core/errors';

export interface LimitRule {
  /** What is limited, e.g. 'login'. */
  action: string;
  max: number;
  windowSeconds: number;
}

/**
 * Failures of one account from one address: the first `free` cost nothing, then each one makes the
 * next attempt from that address wait twice as long as the last (1 s, 2 s, 4 s … up to `maxSeconds`).
 * Failures from other addresses never slow the owner down at theirs; a success forgets them.
 */
export interface BackoffRule {
  action: string;
  free: number;
  baseSeconds: number;
  maxSeconds: number;
  /** A failure older than this is forgotten (the count starts again). */
  forgetAfterSeconds: number;
}

/** The wait after `failures` failures (seconds; 0 while they are free). */
export function backoffSeconds(rule: BackoffRule, failures: number): number {
  if (failures <= rule.free) return 0;
  return Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** (failures - rule.free - 1));
}

/**
 * Growing delays per (account, address): the passwords and codes that can be guessed; and per
 * account, for guesses from browsers and addresses that never signed in to it (many addresses
 * guessing one password: at most 20 free, then 1 s, 2 s … 15 min, about 35 an hour, under OWASP
 * ASVS 2.2.1's 100). The owner's own browser (its device cookie) and addresses are not held back by
 * the account's count, so an attack never locks the owner out.
 */
export const BACKOFF = {
  login: { action: 'login:failures', free: 5, baseSeconds: 1, maxSeconds: 15 * 60, forgetAfterSeconds: 60 * 60 },
  loginAccount: {
    action: 'login:account',
    free: 20,
    baseSeconds: 1,
    maxSeconds: 15 * 60,
    forgetAfterSeconds: 60 * 60,
  },
  otp: { action: 'otp:failures', free: 5, baseSeconds: 1, maxSeconds: 15 * 60, forgetAfterSeconds: 60 * 60 },
} satisfies Record<string, BackoffRule>;

/** Attempts allowed per address, per account where guessing needs a session, and for e-mails sent (README "Sign-in limits"). */
export const LIMITS = {
  loginPerAddress: { action: 'login:address', max: 50, windowSeconds: 15 * 60 },
  otpPerAddress: { action: 'otp:address', max: 50, windowSeconds: 15 * 60 },
  resetPerAccount: { action: 'reset:account', max: 5, windowSeconds: 60 * 60 },
  resetPerAddress: { action: 'reset:address', max: 20, windowSeconds: 60 * 60 },
  /** Opening the e-mailed link and typing its token are counted apart from reset requests. */
  resetLinkPerAddress: { action: 'reset-link:address', max: 120, windowSeconds: 60 * 60 },
  resetTokenPerAddress: { action: 'reset-token:address', max: 30, windowSeconds: 60 * 60 },
  passwordConfirmPerAccount: { action: 'confirm:account', max: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>;

/**
 * Fixed-window counters (shared by every server node through the database).
 * `hit` counts one attempt and throws RATE_LIMITED once the window's budget is spent.
 */
export function createRateLimiter(repo: RateLimitRepo, now: () => Date) {
  return {
    async hit(rule: LimitRule, subject: string): Promise<void> {
      const key = `${rule.action}:${subject}`;
      const at = now();
      const windowStart = new Date(Math.floor(at.getTime() / 1000 / rule.windowSeconds) * rule.windowSeconds * 1000);
      const hits = await repo.hit(key, windowStart);
      if (hits > rule.max) {
        const retryAfter = Math.max(
          1,
          Math.ceil((windowStart.getTime() + rule.windowSeconds * 1000 - at.getTime()) / 1000),
        );
        throw new DomainError('RATE_LIMITED', MSG.tooManyAttempts(retryAfter), {
          retryAfterSeconds: retryAfter,
        });
      }
    },
    /** Forget an account's failures after it succeeds. */
    async clear(rule: LimitRule | BackoffRule, subject: string): Promise<void> {
      await repo.clear(`${rule.action}:${subject}`);
    },

    /** Throws RATE_LIMITED while `subject`'s failures still make it wait (see BackoffRule). */
    async assertMayTry(rule: BackoffRule, subject: string): Promise<void> {
      const at = now().getTime();
      const state = await repo.get(`${rule.action}:${subject}`);
      if (!state || at - state.windowStart.getTime() > rule.forgetAfterSeconds * 1000) return;
      const waitMs = backoffSeconds(rule, state.hits) * 1000 - (at - state.windowStart.getTime());
      if (waitMs > 0) {
        const retryAfter = Math.ceil(waitMs / 1000);
        throw new DomainError('RATE_LIMITED', MSG.tooManyAttempts(retryAfter), { retryAfterSeconds: retryAfter });
      }
    },
    /**
     * Runs `fn` while holding `key` (a PostgreSQL advisory lock, held by a transaction, so every
     * server node sees it); null at once, without running it, while another holds it.
     */
    oneAtATime: <T>(key: string, fn: () => Promise<T>): Promise<T | null> => repo.whileHeld(key, fn),

    /** Counts one failure of `subject` now. */
    async failed(rule: BackoffRule, subject: string): Promise<void> {
      const at = now();
      await repo.recordFailure(
        `${rule.action}:${subject}`,
        at,
        new Date(at.getTime() - rule.forgetAfterSeconds * 1000),
      );
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
