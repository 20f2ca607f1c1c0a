import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldLabel, INPUT_MSG } from '@drat/contracts';
import { DomainError } from '../core/errors';

/**
 * The edge's checks of what every route receives, in one place, before any schema or handler
 * sees it (docs/architecture.md, "Where things go"):
 * - the media type: a call takes JSON (or nothing) unless its operation `consumes`
 *   multipart/form-data, and then only that (415 in words either way);
 * - no NUL character (U+0000) anywhere in the path parameters, the query or the body: PostgreSQL
 *   text cannot hold it, so it is refused here with 400 naming the field, not met as a 500 deep in
 *   a query. Multipart forms are read by their routes, which check their fields with `nulField`.
 */
export function registerInputChecks(app: FastifyInstance): void {
  // Only JSON bodies (and multipart forms, where a route takes them): a text/plain body is refused
  // with 415 like any other media type, instead of reaching the schema as a string.
  app.removeContentTypeParser('text/plain');
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkMediaType(request);
      for (const part of [request.params, request.query, request.body]) {
        // Most requests have no parameters, no query or no body: nothing to walk.
        if (part === undefined || part === null || isEmptyObject(part)) continue;
        const field = nulField(part);
        if (field !== null) throw nulError(field);
      }
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}

const MULTIPART = 'multipart/form-data';

/** An object with no key of its own (a request's empty `params` or `query`), found without listing its keys. */
function isEmptyObject(value: unknown): boolean {
  if (typeof value !== 'object' || Array.isArray(value)) return false;
  for (const key in value) if (Object.hasOwn(value as object, key)) return false;
  return true;
}

function checkMediaType(request: FastifyRequest): void {
  const consumes = (request.routeOptions.schema as { consumes?: readonly string[] } | undefined)?.consumes;
  const header = request.headers['content-type'] ?? '';
  // No body, no type: only a call that takes a form minds (it is told to send one).
  if (header === '' && consumes === undefined) return;
  const type = header.split(';')[0]!.trim().toLowerCase();
  if (consumes?.includes(MULTIPART)) {
    if (type !== MULTIPART) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', INPUT_MSG.sendMultipart);
    if (!/;\s*boundary=/i.test(header)) throw new DomainError('BAD_REQUEST', INPUT_MSG.multipartBroken);
  } else if (type === MULTIPART) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', INPUT_MSG.sendJson);
  }
}

const hasNul = (text: string) => text.includes('\u0000');

/**
 * Where `value` holds a NUL character (in a string or a key, at any depth): the top-level key it
 * is under, '' when it is not under one (the value itself, or a list's item), null when nowhere.
 * Walks without recursion, so a body nested 100,000 deep is no danger.
 */
export function nulField(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, field] = stack.pop()!;
    if (typeof current === 'string') {
      if (hasNul(current)) return field;
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push([item, field]);
    } else if (current !== null && typeof current === 'object') {
      const top = current === value && !Array.isArray(value);
      for (const [key, item] of Object.entries(current)) {
        if (hasNul(key)) return top ? '' : field;
        stack.push([item, top ? key : field]);
      }
    }
  }
  return null;
}

/** 400 naming the field ('Notes must not contain a NUL character.'), or the request as a whole. */
export function nulError(field: string): DomainError {
  if (field === '') return new DomainError('BAD_REQUEST', INPUT_MSG.nulAnywhere);
  return DomainError.field(field, INPUT_MSG.nul(fieldLabel(field)));
}

/**
 * An error met while reading a multipart/form-data body: what busboy cannot parse (a body that
 * ends early, a malformed part header) is the caller's 400 in words, not a 500. Errors that say
 * what went wrong themselves (a DomainError; @fastify/multipart's FST_ errors, which carry their
 * status and are answered by http/errors.ts) pass as they are. Routes reading forms use it:
 * `.catch((err) => { throw multipartFailure(err); })`.
 */
export function multipartFailure(err: unknown): unknown {
  if (err instanceof DomainError) return err;
  if (err !== null && typeof err === 'object' && 'statusCode' in err) return err;
  return new DomainError('BAD_REQUEST', INPUT_MSG.multipartBroken, { cause: err });
}
