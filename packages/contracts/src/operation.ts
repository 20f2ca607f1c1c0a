import { z } from 'zod';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_TTL_HOURS, IDEMPOTENCY_MSG } from './idempotency';

/**
 * One HTTP call of the API, declared once: its method and path (under /api, as the spec's call
 * tables give them), its OpenAPI name and summary, the schemas of its request (body, query, path
 * parameters) and of its answer, and the error answers it may give. The server registers its
 * route from it (apps/server/src/http/operation.ts), so /api/openapi.json documents every call;
 * the web app's client takes the path and the types from it.
 */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** Unique, camelCase: a generated client's function name. */
  operationId: string;
  /** One line: what the call does. */
  summary: string;
  description?: string;
  /** The area it belongs to (OpenAPI tag). */
  tag: string;
  body?: z.ZodType;
  /** Media types of the body when it is not JSON (a multipart upload is read by the route itself). */
  consumes?: readonly string[];
  query?: z.ZodType;
  params?: z.ZodType;
  /**
   * The success answer: 200 with a JSON schema, 200 with a file of this media type, or 204 with
   * nothing (`{ empty: 'what it means' }`, where the spec says 'status 204 means success').
   */
  response: z.ZodType | { file: string } | { empty: string };
  /** The error answers it may give besides 500 (documented with the shapes of ERROR_SHAPES). */
  errors: readonly ErrorStatus[];
  /** Callable without signing in (sign-in, password reset, the publishing API's own key). */
  public?: boolean;
  /**
   * Honours an `Idempotency-Key` header (contracts/src/idempotency.ts): a retried request with the
   * same key replays the first answer instead of acting twice. Signed-in calls only.
   */
  idempotent?: boolean;
}

/** Declares an operation, keeping its exact schema types for the server's handler and the web's client. */
export function operation<const O extends Operation>(op: O): O {
  return op;
}

/** A list of operations by name (an area's calls). */
export type Operations = Record<string, Operation>;

/* ---- Answers ---------------------------------------------------------------------------------- */

/** `{ message }`: the spec's success toast. */
export const messageSchema = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageSchema>;

/**
 * Every error answer has one of these shapes (docs/architecture.md, "Where things go"): field errors
 * `{ field: [message] }` with `non_field_errors` for the body as a whole, `{ detail }` for 401,
 * 403, 404, 409, 421, 422, 429 and 503, `{ error }` for 413, 415 and 502. Extra keys name details (a 400 of the
 * OTP check carries `code`; an expired subscription `expired` and `renewal_url`).
 */
export const fieldErrorsSchema = z
  .object({ non_field_errors: z.array(z.string()).optional() })
  .catchall(z.unknown())
  .meta({ description: 'Per-field messages: { "<field>": ["message"], "non_field_errors": ["message"] }.' });
export const detailErrorSchema = z
  .object({ detail: z.string() })
  .catchall(z.unknown())
  .meta({ description: '{ "detail": "message" }' });
export const plainErrorSchema = z
  .object({ error: z.unknown() })
  .catchall(z.unknown())
  .meta({ description: '{ "error": "message" }' });
export const serverErrorSchema = z
  .object({ error: z.string(), correlation_id: z.string() })
  .meta({ description: 'An unexpected error: the message and the id of the request in the logs.' });

export const ERROR_SHAPES = {
  400: { description: 'The request breaks a rule; nothing was changed.', schema: fieldErrorsSchema },
  401: { description: 'Not signed in, or the session or key is not valid.', schema: detailErrorSchema },
  403: { description: 'Signed in, but not allowed.', schema: detailErrorSchema },
  404: { description: 'No such thing (or not yours).', schema: detailErrorSchema },
  405: { description: 'This path does not take this method.', schema: plainErrorSchema },
  409: { description: 'The request conflicts with the current state.', schema: detailErrorSchema },
  413: { description: 'The request is too large.', schema: plainErrorSchema },
  415: { description: 'The request is not of a media type this call takes.', schema: plainErrorSchema },
  421: {
    description: 'The Host header names a server this one does not answer to (see ALLOWED_HOSTS).',
    schema: detailErrorSchema,
  },
  422: {
    description: 'The Idempotency-Key was already used for a different request.',
    schema: detailErrorSchema,
  },
  429: { description: 'Too many attempts: try again after Retry-After seconds.', schema: detailErrorSchema },
  502: { description: 'An outside system answered badly.', schema: plainErrorSchema },
  503: { description: 'An outside system is unavailable: try again later.', schema: detailErrorSchema },
} as const;
export type ErrorStatus = keyof typeof ERROR_SHAPES;

/** The errors of a signed-in call that validates its input: 400, 401, 403. */
export const SIGNED_IN_ERRORS = [400, 401, 403] as const satisfies readonly ErrorStatus[];

/** The header as a route documents and validates it (other headers pass through untouched). */
export const idempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, { error: IDEMPOTENCY_MSG.keyInvalid })
    .optional()
    .meta({
      description:
        'Optional. A unique key (a UUID) for this request: retrying with the same key and body replays ' +
        `the first answer instead of acting twice. Kept for ${IDEMPOTENCY_KEY_TTL_HOURS} hours.`,
    }),
});
