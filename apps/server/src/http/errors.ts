import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@drat/contracts';
import { DomainError, type ErrorCode } from '../core/errors';
import { isProviderError, providerFailure } from '../providers/provider-error';

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
    default: {
      const unhandled: never = code;
      throw new Error(`No HTTP answer for error code ${String(unhandled)}`);
    }
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
  const status = fastifyErr.statusCode ?? 500;
  if (status === 413) return reply.status(413).send({ error: 'The upload is too large.' });
  if (status >= 400 && status < 500) {
    return reply.status(status).send({ error: err.message });
  }
  request.log.error({ err }, 'unhandled error');
  return reply.status(500).send({ error: MSG.somethingWrong, correlation_id: request.id });
}
