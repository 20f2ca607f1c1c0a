import type { Logger } from 'pino';

/**
 * Whether an error means the database could not be reached or went away (refused, reset, shut
 * down, restarted, its socket gone, a connection that timed out): a passing state that ends when
 * it comes back, not a bug. Requests meet it as 503 (http/errors.ts), jobs retry it, and a library
 * that lets one escape unhandled (pg-boss completing a job while the database is gone) does not
 * end the process (main.ts).
 */
export function isConnectionLoss(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  if (err instanceof AggregateError && err.errors.length > 0) return err.errors.every(isConnectionLoss);
  const { code, message, syscall } = err as { code?: unknown; message?: unknown; syscall?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    // A Unix socket that is not there (the database stopped); a missing file is something else.
    if (code === 'ENOENT' && syscall === 'connect') return true;
    // SQLSTATE class 08 (connection exception) and 57P01-57P03 (shutdown, crash, starting up).
    // Not 08P01 (protocol violation): that is a statement of ours PostgreSQL could not take (too
    // many parameters), a bug to see, not a passing state. 53300: no connection slot free now.
    if (code === '08P01') return false;
    if (/^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
  }
  if (typeof message === 'string' && LOST_MESSAGES.some((m) => message.includes(m))) return true;
  // drizzle wraps a query's failure ('Failed query: …') with the driver's error as its cause. Other
  // causes are not followed: a failed fetch (a broker, the market) whose cause is ECONNREFUSED is
  // an outside system's failure, not the database's.
  const cause = (err as { cause?: unknown }).cause;
  const wrapped = typeof message === 'string' && message.startsWith('Failed query');
  return wrapped && cause !== undefined && cause !== err && isConnectionLoss(cause);
}

/** What the operating system says when the server's address or socket does not answer. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres's own words for a connection that ended or never came. */
const LOST_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/**
 * The process's answer to a promise rejection nobody handled. A lost database connection (pg-boss
 * completes or fails a job without waiting: while the database restarts, that call fails) is
 * logged, and the process carries on: it answers 503 until the database is back, then goes on by
 * itself. Anything else is a bug: logged as fatal, and the process ends with 1, as Node would end it.
 */
export function onUnhandledRejection(log: Pick<Logger, 'warn' | 'fatal'>, exit: (code: number) => void) {
  return (reason: unknown): void => {
    if (isConnectionLoss(reason)) {
      log.warn({ err: reason }, 'the database could not be reached (a call nobody waited for); carrying on');
      return;
    }
    log.fatal({ err: reason }, 'unhandled promise rejection');
    exit(1);
  };
}
