import type { FastifyContextConfig, FastifySchema } from 'fastify';
import { z } from 'zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ERROR_SHAPES, idempotencyHeaders, serverErrorSchema, type Operation } from '@drat/contracts';

/** The route schema of an operation, as its type provider and OpenAPI read it. */
export type SchemaOf<O extends Operation> = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
} & (O['body'] extends z.ZodType ? { body: O['body'] } : unknown) &
  (O['query'] extends z.ZodType ? { querystring: O['query'] } : unknown) &
  (O['params'] extends z.ZodType ? { params: O['params'] } : unknown) &
  (O['response'] extends z.ZodType ? { response: { 200: O['response'] } } : { response: Record<number, unknown> });

// A zod schema (not plain JSON Schema): the OpenAPI transform of fastify-type-provider-zod takes no other.
const fileAnswer = (mediaType: string) => ({
  description: `A file (${mediaType}), sent as an attachment.`,
  content: { [mediaType]: { schema: z.string().meta({ format: 'binary' }) } },
});

/**
 * A route's method, path and schema from its operation in packages/contracts: the request and
 * answer schemas, the error answers it documents and whether it is public; for an idempotent call
 * that makes something, `recover` answers for what a request that died before answering made
 * (http/idempotency.ts). Routes spread it:
 * `app.route({ ...routeOf(op), onRequest: requireRight(…), handler })`.
 */
export function routeOf<const O extends Operation>(op: O, options: { recover?: FastifyContextConfig['recover'] } = {}) {
  const response: Record<number, unknown> =
    op.response instanceof z.ZodType
      ? { 200: op.response }
      : 'file' in op.response
        ? { 200: fileAnswer(op.response.file) }
        : // A null schema: @fastify/swagger documents the answer with no content.
          { 204: z.null().describe(op.response.empty) };
  for (const status of op.errors) {
    response[status] = ERROR_SHAPES[status].schema.describe(ERROR_SHAPES[status].description);
  }
  response[500] = serverErrorSchema.describe('An unexpected error (a bug): the message and the request id.');
  const schema = {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    ...(op.body ? { body: op.body } : {}),
    ...(op.consumes ? { consumes: [...op.consumes] } : {}),
    ...(op.query ? { querystring: op.query } : {}),
    ...(op.params ? { params: op.params } : {}),
    // Public calls say so in the document: no token is asked of them (the document's default is one).
    ...(op.public ? { security: [] } : {}),
    // The Idempotency-Key header, documented and checked (http/idempotency.ts acts on it).
    ...(op.idempotent ? { headers: idempotencyHeaders } : {}),
    response,
  };
  if (op.idempotent && op.public) throw new Error(`${op.operationId}: idempotency keys belong to signed-in users`);
  if (options.recover && !op.idempotent) throw new Error(`${op.operationId}: only an idempotent call recovers`);
  const config = {
    ...(op.public ? { public: true } : {}),
    ...(op.idempotent ? { idempotent: true } : {}),
    ...(options.recover ? { recover: options.recover } : {}),
  };
  return {
    method: op.method,
    url: op.path,
    schema: schema as SchemaOf<O> & FastifySchema,
    ...(Object.keys(config).length ? { config } : {}),
  };
}

/**
 * The OpenAPI transform of every route: fastify-type-provider-zod's, and a 204 documented with no
 * content at all (zod's null would come out as a nullable JSON answer; @fastify/swagger leaves the
 * content out for a schema of type 'null').
 */
export const openApiTransform: typeof jsonSchemaTransform = (route) => {
  const out = jsonSchemaTransform(route);
  const responses = (out.schema as { response?: Record<string, { description?: string }> } | undefined)?.response;
  const empty = responses?.['204'];
  if (responses && empty) responses['204'] = { type: 'null', description: empty.description } as never;
  return out;
};
