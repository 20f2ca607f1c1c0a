import type { preHandlerAsyncHookHandler } from 'fastify';
import { MSG } from '@drat/contracts';
import { AppError } from '../../http/errors';

/**
 * Who may use a tool (1-core §6): an expired subscription is a 401 with the spec's text ('Your
 * account is inactive or your subscription has expired.'), checked before the right so an expired
 * user is told why; without the tool's right (DA, TIA) a 403 with `message`. Super users pass.
 * (A deactivated account never gets here: its session token is refused as 'Invalid token.'.)
 */
export function requireTool(right: 'DA' | 'TIA', message: string): preHandlerAsyncHookHandler {
  return async (request) => {
    const r = await request.rights();
    if (r.expired) throw new AppError('NOT_AUTHENTICATED', MSG.accountInactiveOrExpired);
    if (!r.is_super && !r[right]) throw new AppError('FORBIDDEN', message);
  };
}

/** A tool search that cannot run (no credits, unknown ticker, no history): 400 `{ error, non_field_errors }`, nothing charged. */
export function toolError(message: string): AppError {
  return new AppError('BAD_REQUEST', message, { error: message });
}
