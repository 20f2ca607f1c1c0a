import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { detailErrorSchema, ERROR_SHAPES, fieldErrorsSchema, INPUT_MSG, MSG } from '@drat/contracts';
import { DomainError, type ErrorCode } from '../core/errors';
import { isProviderError, providerFailure } from '../providers/provider-error';
import { isConnectionLoss } from '../db/connection-loss';

/**
 * The HTTP status of each domain error code, and the spec's body shape for it. An exhaustive
 * switch: a new code in core/errors.ts does not compile until it is given its answer here.
 */
export function httpAnswer(err: DomainError): [number, Record<string, unknown>] {
  const general = { non_field_errors: [err.message], ...err.details };
  const code: ErrorCode = err.code;
  switch (code) {
    case 'VALIDATION':
      return [400, err.details];
    case 'BAD_REQUEST':
      return [400, general];
    case 'NOT_AUTHENTICATED':
    case 'INVALID_TOKEN':
    case 'ACCESS_LAPSED':
      return [401, { detail: err.message }];
    case 'ACCOUNT_INACTIVE':
    case 'SUBSCRIPTION_EXPIRED':
      return [403, { detail: err.message, ...general }];
    case 'FORBIDDEN':
      return [403, { detail: err.message, ...err.details }];
    case 'PASSWORD_CONFIRMATION_REQUIRED':
      return [403, { detail: err.message, code: code, ...err.details }];
    case 'NOT_FOUND':
      return [404, { detail: err.message, ...err.details }];
    case 'CONFLICT':
      return [409, { detail: err.message }];
    case 'IDEMPOTENCY_KEY_REUSED':
      return [422, { detail: err.message }];
    case 'RATE_LIMITED':
      return [429, { detail: err.message, ...general }];
    case 'MISDIRECTED_HOST':
      return [421, { detail: err.message }];
    case 'PAYLOAD_TOO_LARGE':
      return [413, { error: err.message }];
    case 'UNSUPPORTED_MEDIA_TYPE':
      return [415, { error: err.message }];
    case 'UNAVAILABLE':
      return [503, { detail: err.message, ...err.details }];
    case 'UPSTREAM_FAILED':
      return [502, { error: err.message, ...err.details }];
    default: {
      const unhandled: never = code;
      throw new Error(`No HTTP answer for error code ${String(unhandled)}`);
    }
  }
}

/** A body that is not the object (or list) its schema describes, said of the body, not of 'This field'. */
function wholeBodyMessage(err: FastifyError, issue: NonNullable<FastifyError['validation']>[number]): string | null {
  if (err.validationContext !== 'body' || issue.keyword !== 'invalid_type') return null;
  const expected = (issue.params as { expected?: unknown }).expected;
  if (expected === 'object') return INPUT_MSG.bodyNotObject;
  if (expected === 'array') return INPUT_MSG.bodyNotList;
  return null;
}

function validationBody(err: FastifyError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of err.validation ?? []) {
    const first = issue.instancePath.split('/').filter(Boolean)[0];
    // Items of a list body (e.g. exempt-alerts) have no field name: report them as general errors.
    const key = first === undefined || /^\d+$/.test(first) ? 'non_field_errors' : first;
    const message = (first === undefined ? wholeBodyMessage(err, issue) : null) ?? issue.message ?? MSG.fieldRequired;
    (fields[key] ??= []).push(message);
  }
  return fields;
}

const MB = 1024 * 1024;
const takesMultipart = (request: FastifyRequest) =>
  (request.routeOptions.schema as { consumes?: readonly string[] } | undefined)?.consumes?.includes(
    'multipart/form-data',
  ) === true;

/**
 * The answers to errors of the framework and its plugins (a body that is not JSON, a form that
 * cannot be read, an address that routes nowhere), in words and in the spec's shapes; null for
 * errors that are not theirs. Their own texts ('Unsupported Media Type', 'the request is not
 * multipart') are never shown.
 */
export function frameworkAnswer(err: FastifyError, request: FastifyRequest): [number, Record<string, unknown>] | null {
  const general = (message: string): Record<string, unknown> => ({ non_field_errors: [message] });
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return [415, { error: takesMultipart(request) ? INPUT_MSG.sendMultipart : INPUT_MSG.sendJson }];
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return [415, { error: INPUT_MSG.sendMultipart }];
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return [400, general(INPUT_MSG.bodyEmptyJson)];
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return [400, general(INPUT_MSG.bodyNotJson)];
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return [400, general(INPUT_MSG.bodyLength)];
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return [413, { error: INPUT_MSG.bodyTooLarge(`${Math.round(request.routeOptions.bodyLimit / MB)} MB`) }];
    case 'FST_REQ_FILE_TOO_LARGE':
      return [413, { error: INPUT_MSG.uploadTooLarge }];
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return [413, { error: INPUT_MSG.multipartTooMany }];
    case 'FST_PROTO_VIOLATION':
      return [400, general(INPUT_MSG.multipartFieldName)];
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
      return [400, general(INPUT_MSG.multipartBroken)];
    case 'FST_ERR_BAD_URL':
      return [400, general(INPUT_MSG.badAddress)];
    case 'FST_ERR_MAX_PARAM_LENGTH':
      // A path segment longer than any id or name: the path names nothing.
      return [404, { detail: MSG.notFound }];
    default:
      return null;
  }
}

/** The SQLSTATE of a PostgreSQL error, on the error or a cause it wraps (drizzle wraps the driver's). */
function sqlState(err: unknown): string | undefined {
  for (
    let e = err, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth += 1
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * PostgreSQL refusing a character of the input: a NUL (U+0000) in text (22021) or in JSON (22P05).
 * The edge refuses NULs first (http/input.ts); this keeps one that got past it a 400, not a 500.
 */
const REFUSED_CHARACTER = new Set(['22021', '22P05']);

/** The shape of a 4xx by its status (ERROR_SHAPES of packages/contracts; `{ error }` for a status it does not list). */
function shaped(status: number, message: string): Record<string, unknown> {
  const schema = (ERROR_SHAPES as Record<number, { schema: unknown } | undefined>)[status]?.schema;
  if (schema === fieldErrorsSchema) return { non_field_errors: [message] };
  if (schema === detailErrorSchema) return { detail: message };
  return { error: message };
}

/** Fallback words of a 4xx the framework raised without an answer of its own here. */
const STATUS_WORDS: Record<number, string> = {
  400: INPUT_MSG.badRequest,
  404: MSG.notFound,
  413: INPUT_MSG.uploadTooLarge,
  415: INPUT_MSG.sendJson,
};

/** Fastify's bad-URL and too-long-parameter errors come here, before any route (the `frameworkErrors` option). */
export function frameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const [status, body] = frameworkAnswer(err, request) ?? [400, { non_field_errors: [INPUT_MSG.badAddress] }];
  return reply.status(status).send(body);
}

/** The one place that turns errors into the spec's error shapes (docs/architecture.md, "Where things go": an error). */
export function errorHandler(err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  // A provider failure a service let through is still the caller's 'try again later', never a 500.
  const domain = isProviderError(err) ? providerFailure(err, MSG.serviceUnavailable) : err;
  if (domain instanceof DomainError) {
    const [status, body] = httpAnswer(domain);
    if (domain.retryAfterSeconds) reply.header('retry-after', String(domain.retryAfterSeconds));
    return reply.status(status).send(body);
  }
  const fastifyErr = err as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyErr)) {
    return reply.status(400).send(validationBody(fastifyErr));
  }
  const framework = frameworkAnswer(fastifyErr, request);
  if (framework) return reply.status(framework[0]).send(framework[1]);
  if (REFUSED_CHARACTER.has(sqlState(err) ?? '')) {
    request.log.warn({ err }, 'a NUL character reached the database');
    return reply.status(400).send({ non_field_errors: [INPUT_MSG.nulAnywhere] });
  }
  const status = fastifyErr.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // The framework's own texts are not for people; other 4xx errors keep their message.
    const ownText = typeof fastifyErr.code === 'string' && fastifyErr.code.startsWith('FST_');
    const message = ownText ? (STATUS_WORDS[status] ?? INPUT_MSG.badRequest) : err.message;
    return reply.status(status).send(shaped(status, message));
  }
  if (isConnectionLoss(err)) {
    // The database is away (restarting, unreachable): a retry soon will work. The connection may
    // have gone after a commit, so an Idempotency-Key is kept, not freed (http/idempotency.ts).
    request.log.warn({ err }, 'the database could not be reached');
    request.mayHaveActed = true;
    return reply.status(503).header('retry-after', '5').send({ detail: MSG.serviceUnavailable });
  }
  request.log.error({ err }, 'unhandled error');
  return reply.status(500).send({ error: MSG.somethingWrong, correlation_id: request.id });
}
