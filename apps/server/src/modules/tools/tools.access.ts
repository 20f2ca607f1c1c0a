import { AppError } from '../../http/errors';

/** A tool search that cannot run (no credits, unknown ticker, no history): 400 `{ error, non_field_errors }`, nothing charged. */
export function toolError(message: string): AppError {
  return new AppError('BAD_REQUEST', message, { error: message });
}
