import { MARKET_MSG } from '@drat/contracts';
import { withProvider } from '../../providers/provider-error';

/**
 * Runs a market-data call; a failure of the vendor (rate limit, timeout, outage, bad token) becomes
 * a 503 the caller can retry, not a 500. Anything else is a bug and stays one.
 */
export const upstream = <T>(fn: () => Promise<T>): Promise<T> => withProvider(MARKET_MSG.marketUnavailable, fn);

/**
 * A value shared by every caller for `ttlMs`: one computation in flight at a time, a failure is
 * not kept. (Per process: each server node keeps its own.)
 */
export function memo<T>(ttlMs: number, compute: () => Promise<T>, clock: () => number = Date.now): () => Promise<T> {
  let value: { at: number; promise: Promise<T> } | undefined;
  return () => {
    const at = clock();
    if (value && at - value.at < ttlMs) return value.promise;
    const promise = compute();
    const entry = { at, promise };
    value = entry;
    promise.catch(() => {
      if (value === entry) value = undefined;
    });
    return promise;
  };
}
