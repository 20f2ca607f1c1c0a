/**
 * Idempotency keys (IETF draft "The Idempotency-Key HTTP Header Field"): a call whose operation is
 * `idempotent` may carry `Idempotency-Key: <unique text>`. The first request with a key is carried
 * out and its answer kept for a day; a repeat with the same key and the same request gets that
 * answer again (header `Idempotent-Replayed: true`) without doing anything twice. Keys belong to the
 * signed-in user and to the call.
 *
 * No zod here: the web app's client imports these names from its first download (the sign-in
 * page), and a schema made at module level would bring zod into it. The header's schema is in
 * operation.ts.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long a key's answer is kept (and a key cannot be used for another request). */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

export const IDEMPOTENCY_MSG = {
  keyInvalid: `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible characters.`,
  keyReused: 'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
} as const;
