import { ASK_DRAT_MSG, MSG } from '@drat/contracts';
import { ApiError } from '../../api/client';

/**
 * What the tools screen says when a call fails (1-core §8). Null means no toast: a 401 'Invalid
 * token.' signs the user out, and the app says so itself.
 */

const lapsed = (err: ApiError) => (err.body.detail === MSG.invalidToken ? null : MSG.accountInactiveOrExpired);

/**
 * A Dione, Range Radar or Ask DRAT search: a 401 is the lapsed account's text, a server failure or
 * no answer is the service's 'try again later', otherwise the server's own words (no credits,
 * unknown ticker, no access).
 */
export function toolErrorMessage(err: unknown): string | null {
  if (!(err instanceof ApiError)) return ASK_DRAT_MSG.serviceError;
  if (err.status === 401) return lapsed(err);
  if (err.status === 0 || err.status >= 500) return ASK_DRAT_MSG.serviceError;
  return err.message;
}

/** The filings form: a bad input is 'Invalid inputs' (or the server's unknown-ticker text), else 'Error fetching filings'. */
export function filingsErrorMessage(err: unknown): string | null {
  if (!(err instanceof ApiError)) return ASK_DRAT_MSG.filingsError;
  if (err.status === 401) return lapsed(err);
  if (err.status === 403) return err.message;
  if (err.status === 400) return typeof err.body.error === 'string' ? err.body.error : ASK_DRAT_MSG.invalidInputs;
  return ASK_DRAT_MSG.filingsError;
}

/**
 * The 10K sheet: the error flag is 'An error occurred analyzing this ticker.' with the server's
 * reason, any other failure 'An error occurred' (a 401, 403 or 400 says its own text).
 */
export function sheetFailure(err: unknown): { message: string | null; reason: string | null } {
  if (!(err instanceof ApiError)) return { message: ASK_DRAT_MSG.sheetRequestFailed, reason: null };
  const reason = typeof err.body.reason === 'string' ? err.body.reason : null;
  if (err.body.error === true) return { message: ASK_DRAT_MSG.sheetError, reason };
  if (err.status === 401) return { message: lapsed(err), reason: null };
  if (err.status === 403 || err.status === 400) return { message: err.message, reason: null };
  return { message: ASK_DRAT_MSG.sheetRequestFailed, reason: null };
}
