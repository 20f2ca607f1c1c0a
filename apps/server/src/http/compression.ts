import zlib from 'node:zlib';
import type { FastifyInstance, onSendAsyncHookHandler, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { negotiate } from '@fastify/accept-negotiator';

/** API answers from this size on are compressed; smaller ones cost more to compress than they save. */
export const API_COMPRESS_THRESHOLD = 1024;

/** JSON bodies: `application/json`, and `+json` types such as `application/problem+json`. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;
/** What the API answers in, best first: brotli, then gzip. */
const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];
/** Brotli at quality 4: quick enough per request, and smaller than gzip's default. */
const BROTLI: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
/** From this size on an answer is compressed off the event loop (a few milliseconds of work and more). */
const ASYNC_FROM = 64 * 1024;

/**
 * A route's last onSend: a JSON answer of 1 KB or more goes out brotli or gzip, as the request's
 * Accept-Encoding prefers (its q-values weigh; `identity` alone, or no header, gets it as it is),
 * and says that it varies on that header. A smaller answer passes at the cost of one length check:
 * most answers are small, so this is the path every request takes.
 */
const compressJson: onSendHookHandler = (request, reply, payload, done) => {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
  if (payload.length < API_COMPRESS_THRESHOLD || reply.hasHeader('content-encoding')) return done(null, payload);
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !JSON_TYPE.test(type)) return done(null, payload);
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/\baccept-encoding\b/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
  const header = request.headers['accept-encoding'];
  const encoding = header ? negotiate(header, ENCODINGS) : null;
  if (encoding === null) return done(null, payload);
  const send = (err: Error | null, body: Buffer) => {
    if (err) return done(err);
    reply.header('content-encoding', encoding);
    reply.header('content-length', body.length);
    done(null, body);
  };
  // A large answer is compressed on libuv's threads, so it holds no other request up; a usual
  // one here, which is quicker than the hop.
  if (payload.length >= ASYNC_FROM) {
    if (encoding === 'br') zlib.brotliCompress(payload, BROTLI, send);
    else zlib.gzip(payload, send);
    return;
  }
  send(null, encoding === 'br' ? zlib.brotliCompressSync(payload, BROTLI) : zlib.gzipSync(payload));
};

/**
 * Compresses the API's JSON answers of 1 KB or more (compressJson). Only routes under /api/ take
 * part, not the WebSocket (/api/ws); the web app's files are served precompressed (http/spa.ts) and
 * media as they are. Request bodies are never decompressed.
 *
 * DRAT's own hook rather than @fastify/compress: that plugin adds an onRequest hook to every route
 * and looks at five headers in its onSend before it finds an answer too small to compress, which
 * every request paid for (issue 29, bench/api).
 *
 * Registered at the root (fastify-plugin) before the routes: it hooks each route as it is added.
 */
async function compression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url === '/api/ws') return;
    const own = (route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend]) as (
      onSendHookHandler | onSendAsyncHookHandler
    )[];
    if (own.includes(compressJson)) return;
    // The HEAD route Fastify makes for a GET ends with its own onSend, which drops the body after
    // setting its length: compress before it, so HEAD says what GET sends.
    route.onSend =
      route.method === 'HEAD' && own.length > 0
        ? [...own.slice(0, -1), compressJson, own[own.length - 1]!]
        : [...own, compressJson];
  });
}

export default fp(compression, { name: 'drat-api-compression' });
