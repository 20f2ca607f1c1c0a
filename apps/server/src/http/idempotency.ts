import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@drat/contracts';
import type { IdempotencyRef, IdempotencyService } from '../modules/idempotency';
import { principalOf } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation honours an Idempotency-Key header (routeOf sets it from the operation). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request claimed: its answer is kept when it is sent. */
    idempotencyRef?: IdempotencyRef;
    /** The answer's body before serialization (and compression), to keep. */
    idempotencyBody?: unknown;
  }
}

/**
 * Idempotency-Key on every route whose operation is `idempotent` (contracts/src/idempotency.ts).
 * After sign-in and validation, the key is claimed, or the earlier answer is sent again. When the
 * answer goes out: a success is kept; a refusal (4xx, or 502/503 from an outside system: nothing
 * was done) frees the key so a retry runs; an unexpected error (500: it may have acted half-way) is
 * kept too, so that a retry cannot act twice.
 */
export const idempotencyPlugin = fp<{ idempotency: IdempotencyService }>(
  async (app: FastifyInstance, { idempotency }) => {
    app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
      if (!req.routeOptions.config.idempotent) return;
      const header = req.headers[IDEMPOTENCY_HEADER];
      const key = Array.isArray(header) ? header[0] : header;
      if (!key) return;
      const ref: IdempotencyRef = {
        userId: principalOf(req).user.id,
        operationId: String(req.routeOptions.schema?.operationId ?? req.routeOptions.url),
        key,
      };
      const start = await idempotency.start(ref, { method: req.method, url: req.url, body: req.body });
      if (start.kind === 'replay') {
        return reply.code(start.statusCode).header(IDEMPOTENT_REPLAYED_HEADER, 'true').send(start.body);
      }
      req.idempotencyRef = ref;
    });

    app.addHook('preSerialization', async (req: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      if (req.idempotencyRef) req.idempotencyBody = payload;
      return payload;
    });

    app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const ref = req.idempotencyRef;
      if (!ref) return payload;
      req.idempotencyRef = undefined;
      const status = reply.statusCode;
      if (status < 300 || status === 500) {
        await idempotency.finish(ref, status, req.idempotencyBody ?? null);
      } else {
        await idempotency.release(ref);
      }
      return payload;
    });
  },
);
