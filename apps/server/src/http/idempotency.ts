import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_MSG, IDEMPOTENT_REPLAYED_HEADER } from '@drat/contracts';
import { DomainError } from '../core/errors';
import type { IdempotencyRef, IdempotencyService, ResultRecorder } from '../modules/idempotency';
import { principalOf } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation honours an Idempotency-Key header (routeOf sets it from the operation). */
    idempotent?: boolean;
    /**
     * The answer for what an earlier request with the key made (`resultId`, recorded with
     * `recordResult`) when it died before answering: routes whose calls make something give it.
     */
    recover?: (req: FastifyRequest, resultId: number) => Promise<unknown>;
  }
  interface FastifyRequest {
    /** The key this request claimed, and when: its answer is kept when it is sent. */
    idempotencyClaim?: { ref: IdempotencyRef; claimedAt: Date };
    /** The answer's body before serialization (and compression), to keep. */
    idempotencyBody?: unknown;
    /**
     * Records what this request makes (a trade's id) in the transaction that makes it, when the
     * request holds a key: the route hands it to the service.
     */
    recordResult?: ResultRecorder;
    /**
     * The request met a lost database (answered 503 by http/errors.ts): it may have committed
     * before the connection went, so its key is kept as after a 500, never freed for a retry.
     */
    mayHaveActed?: boolean;
  }
}

/**
 * Idempotency-Key on every route whose operation is `idempotent` (contracts/src/idempotency.ts).
 * After sign-in and validation, the key is claimed, or the earlier answer is sent again. When the
 * answer goes out: a success is kept; a refusal (4xx, or 502/503 from an outside system: nothing
 * was done) frees the key so a retry runs; an unexpected error (500: it may have acted half-way) is
 * kept too, so that a retry cannot act twice. A request cut off by its process's end: what it made
 * was recorded with the key in the same transaction, so the retry answers with it (the route's
 * `recover`); if it made nothing, the retry carries it out once the claim is stale (the service).
 */
export const idempotencyPlugin = fp<{ idempotency: IdempotencyService }>(
  async (app: FastifyInstance, { idempotency }) => {
    const claim = async (req: FastifyRequest, reply: FastifyReply) => {
      const header = req.headers[IDEMPOTENCY_HEADER];
      const key = Array.isArray(header) ? header[0] : header;
      if (!key) return;
      const ref: IdempotencyRef = {
        userId: principalOf(req).user.id,
        operationId: String(req.routeOptions.schema?.operationId ?? req.routeOptions.url),
        key,
      };
      const recover = req.routeOptions.config.recover;
      const start = await idempotency.start(
        ref,
        { method: req.method, url: req.url, body: req.body },
        recover !== undefined,
      );
      if (start.kind === 'replay') {
        return reply.code(start.statusCode).header(IDEMPOTENT_REPLAYED_HEADER, 'true').send(start.body);
      }
      if (start.kind === 'made') {
        if (!recover) throw new DomainError('CONFLICT', IDEMPOTENCY_MSG.inProgress);
        const body = await recover(req, start.resultId);
        await idempotency.finish(ref, start.claimedAt, 200, body);
        return reply.code(200).header(IDEMPOTENT_REPLAYED_HEADER, 'true').send(body);
      }
      req.idempotencyClaim = { ref, claimedAt: start.claimedAt };
      req.recordResult = (tx, resultId) => idempotency.recordResult(tx, ref, start.claimedAt, resultId);
    };

    const keepBody = async (req: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      if (req.idempotencyClaim) req.idempotencyBody = payload;
      return payload;
    };

    const settle = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const claim = req.idempotencyClaim;
      if (!claim) return payload;
      req.idempotencyClaim = undefined;
      const { ref, claimedAt } = claim;
      const status = reply.statusCode;
      // A success is kept; so is an unexpected error or a lost database of a call that cannot say
      // what it made (it may have acted half-way: a retry must not act again). Otherwise the key is freed, and for a call
      // that records what it makes, only if nothing was made: what was is what a retry answers with.
      const unsure = status === 500 || req.mayHaveActed === true;
      if (status < 300 || (unsure && !req.routeOptions.config.recover)) {
        await idempotency.finish(ref, claimedAt, status, req.idempotencyBody ?? null);
      } else {
        await idempotency.release(ref, claimedAt);
      }
      return payload;
    };

    // Only the idempotent operations pay for these hooks, ahead of any of the route's own.
    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotent) return;
      const ahead = (first: unknown, own: unknown): never =>
        [first, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])] as never;
      route.preHandler = ahead(claim, route.preHandler);
      route.preSerialization = ahead(keepBody, route.preSerialization);
      route.onSend = ahead(settle, route.onSend);
    });
  },
);
