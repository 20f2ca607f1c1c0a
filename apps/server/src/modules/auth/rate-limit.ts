import { MSG } from '@drat/contracts';
import type { RateLimitRepo } from './rate-limit.repo';
import { DomainError } from '../../core/errors';

export interface LimitRule {
  /** What is limited, e.g. 'login'. */
  action: string;
  max: number;
  windowSeconds: number;
}

/** Attempts allowed per account and per address (ARCHITECTURE.md "Sessions"). */
export const LIMITS = {
  loginPerAccount: { action: 'login:account', max: 10, windowSeconds: 15 * 60 },
  loginPerAddress: { action: 'login:address', max: 50, windowSeconds: 15 * 60 },
  otpPerAccount: { action: 'otp:account', max: 10, windowSeconds: 15 * 60 },
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
        throw new DomainError('RATE_LIMITED', MSG.tooManyAttempts(Math.ceil(retryAfter / 60)), {
          retryAfterSeconds: retryAfter,
        });
      }
    },
    /** Forget an account's failures after it succeeds. */
    async clear(rule: LimitRule, subject: string): Promise<void> {
      await repo.clear(`${rule.action}:${subject}`);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
