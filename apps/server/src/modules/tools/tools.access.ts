import { DomainError } from '../../core/errors';

/** A tool search that cannot run (no credits, unknown ticker, no history): 400 `{ error, non_field_errors }`, nothing charged. */
export function toolError(message: string): DomainError {
  return new DomainError('BAD_REQUEST', message, { details: { error: message } });
}
