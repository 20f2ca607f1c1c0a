import { ApiError } from '../api/client';

/** What the screens make of a failed call: whether to ask again, and which message a list shows. */

/** 4xx answers are the server's word (permission, bad sort): asking again changes nothing. */
export const retryUnlessClientError = (count: number, err: Error) =>
  !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1;

/**
 * The message of 1-core §8 for a failed list load: the permission text on a 403, the server's own
 * words on a 400 (a sort the category cannot take, §5), else the generic `fallback`.
 */
export function listLoadError(err: unknown, permission: string, fallback: string): string {
  if (err instanceof ApiError && err.status === 403) return permission;
  if (err instanceof ApiError && err.status === 400 && err.message) return err.message;
  return fallback;
}
