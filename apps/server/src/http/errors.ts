import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@drat/contracts';

/** Domain error codes. Services throw these; only this file knows HTTP. */
export type ErrorCode =
  | 'VALIDATION'
  | 'BAD_REQUEST'
  | 'NOT_AUTHENTICATED'
  | 'INVALID_TOKEN'
  | 'ACCOUNT_INACTIVE'
  | 'SUBSCRIPTION_EXPIRED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'RATE_LIMITED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  /** An outside system (market data, broker) failed or is rate-limiting us: retry later. */
  | 'UNAVAILABLE'
  /** An outside system answered badly (SEC EDGAR down or refusing): 502 with `error`. */
  | 'UPSTREAM_FAILED'
  /** Signed in, but the subscription lapsed since: 401 (1-core §6 'Your account is inactive or ...'). */
  | 'ACCESS_LAPSED';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Per-field messages for VALIDATION; extra keys for the body otherwise. */
    readonly details: Record<string, unknown> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static field(field: string, message: string): AppError {
    return new AppError('VALIDATION', message, { [field]: [message] });
  }
}

function statusAndBody(err: AppError): [number, Record<string, unknown>] {
  const general = { non_field_errors: [err.message], ...err.details };
  switch (err.code) {
    case 'VALIDATION':
      return [400, err.details];
    case 'BAD_REQUEST':
      return [400, general];
    case 'NOT_AUTHENTICATED':
    case 'INVALID_TOKEN':
      return [401, { detail: err.message }];
    case 'ACCOUNT_INACTIVE':
    case 'SUBSCRIPTION_EXPIRED':
      return [403, { detail: err.message, ...general }];
    case 'FORBIDDEN':
      return [403, { detail: err.message, ...err.details }];
    case 'NOT_FOUND':
      return [404, { detail: err.message, ...err.details }];
    case 'RATE_LIMITED':
      return [429, { detail: err.message, ...general }];
    case 'PAYLOAD_TOO_LARGE':
      return [413, { error: err.message }];
    case 'UNSUPPORTED_MEDIA_TYPE':
      return [415, { error: err.message }];
    case 'UNAVAILABLE':
      return [503, { detail: err.message }];
    case 'UPSTREAM_FAILED':
      return [502, { error: err.message, ...err.details }];
    case 'ACCESS_LAPSED':
      return [401, { detail: err.message }];
  }
}

function validationBody(err: FastifyError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of err.validation ?? []) {
    const first = issue.instancePath.split('/').filter(Boolean)[0];
    // Items of a list body (e.g. exempt-alerts) have no field name: report them as general errors.
    const key = first === undefined || /^\d+$/.test(first) ? 'non_field_errors' : first;
    (fields[key] ??= []).push(issue.message ?? MSG.fieldRequired);
  }
  return fields;
}

/** The one place that turns errors into the spec's error shapes (ARCHITECTURE.md "Errors have one shape"). */
export function errorHandler(err: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    const [status, body] = statusAndBody(err);
    if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
    return reply.status(status).send(body);
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    return reply.status(400).send(validationBody(err));
  }
  const status = err.statusCode ?? 500;
  if (status === 413) return reply.status(413).send({ error: 'The upload is too large.' });
  if (status >= 400 && status < 500) {
    return reply.status(status).send({ error: err.message });
  }
  request.log.error({ err }, 'unhandled error');
  return reply.status(500).send({ error: MSG.somethingWrong, correlation_id: request.id });
}
