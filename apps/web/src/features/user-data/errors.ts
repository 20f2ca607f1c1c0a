import { ApiError } from '../../api/client';

/** The server's own words for a refusal (4xx), else `fallback` (§8: "server message or …"). */
export function failureText(err: unknown, fallback: string): string {
  if (!(err instanceof ApiError) || err.status < 400 || err.status >= 500) return fallback;
  // A field error ({ file: ['…'] }) is shown as its message alone.
  for (const value of Object.values(err.body))
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return err.message || fallback;
}
