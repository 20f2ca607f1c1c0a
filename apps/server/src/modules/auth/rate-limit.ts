import { sql } from 'drizzle-orm';
import { MSG } from '@drat/contracts';
import type { Db } from '../../db/client';
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
 * Fixed-window counters in PostgreSQL, so every server node shares them.
 * `hit` counts one attempt and throws RATE_LIMITED once the window's budget is spent.
 */
export function createRateLimiter(db: Db, now: () => Date) {
  return {
    async hit(rule: LimitRule, subject: string): Promise<void> {
      const key = `${rule.action}:${subject}`;
      const at = now();
      const windowStart = new Date(Math.floor(at.getTime() / 1000 / rule.windowSeconds) * rule.windowSeconds * 1000);
      const result = await db.execute<{ hits: number }>(sql`
        insert into rate_limits (key, window_start, hits) values (${key}, ${windowStart.toISOString()}, 1)
        on conflict (key) do update set
          hits = case when rate_limits.window_start = excluded.window_start then rate_limits.hits + 1 else 1 end,
          window_start = excluded.window_start
        returning hits`);
      const hits = Number(result.rows[0]?.hits ?? 0);
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
      await db.execute(sql`delete from rate_limits where key = ${`${rule.action}:${subject}`}`);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
