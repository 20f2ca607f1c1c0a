import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/** API answers from this size on are compressed; smaller ones cost more to compress than they save. */
export const API_COMPRESS_THRESHOLD = 1024;

/** JSON bodies: `application/json`, and `+json` types such as `application/problem+json`. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Compresses the API's JSON answers of 1 KB or more, brotli or gzip as the request's
 * Accept-Encoding asks (brotli at quality 4, quick enough per request). Only routes under /api/
 * take part, not the WebSocket (/api/ws); the web app's files are served precompressed
 * (http/spa.ts) and media as they are. A reply that already has a Content-Encoding is left as it
 * is, and so are request bodies (no decompression).
 *
 * Registered at the root (fastify-plugin) before the routes: it hooks each route as it is added.
 */
async function compression(app: FastifyInstance): Promise<void> {
  // Runs before @fastify/compress's own onRoute hook (added below), which skips `compress: false`.
  app.addHook('onRoute', (route) => {
    if (route.compress !== undefined) return;
    const api = route.url.startsWith('/api/');
    if (!api || route.websocket === true || route.url === '/api/ws') route.compress = false;
  });
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: API_COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: JSON_TYPE,
  });
}

export default fp(compression, { name: 'drat-api-compression' });
