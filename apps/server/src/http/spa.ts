import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MSG, PUBLIC_SALES_PATHS, PUBLIC_SALES_PREFIXES } from '@drat/contracts';
import type { ApiMethods } from './methods';

const SALES_PATHS: ReadonlySet<string> = new Set(PUBLIC_SALES_PATHS);

/**
 * The public sales pages' HTML (their own small build, apps/web/vite.offers.config.ts) for their
 * paths; every other page route gets the app's.
 */
export function pageOf(pathname: string): 'offers.html' | 'index.html' {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SALES_PATHS.has(path) || PUBLIC_SALES_PREFIXES.some((p) => path.startsWith(p) && path.length > p.length)
    ? 'offers.html'
    : 'index.html';
}

/** The precompressed copies the web build writes beside each file (apps/web/vite/precompress.ts). */
const ENCODED_COPY = /\.(br|gz)$/;

/**
 * Serves the built web app at / with history fallback (uploaded media: http/media.ts). A file is
 * sent as its brotli or gzip copy (`index-xyz.js.br`, `.gz`) when the request's Accept-Encoding
 * takes it, with `Content-Encoding`, `Vary: Accept-Encoding` and the original file's type; else
 * as it is.
 */
export async function registerStatic(app: FastifyInstance, webDist: string, methods: ApiMethods): Promise<void> {
  const hasSpa = fs.existsSync(path.join(webDist, 'index.html'));
  const hasOffers = fs.existsSync(path.join(webDist, 'offers.html'));
  if (hasSpa) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      decorateReply: true,
      preCompressed: true,
      setHeaders: (reply, served) => {
        const file = served.replace(ENCODED_COPY, '');
        if (file.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (file.endsWith('.html')) reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // An API path called with a method it does not take: 405, naming the methods it takes.
    const pathname = request.url.split('?')[0]!;
    const allowed = pathname.startsWith('/api/') ? methods.allowedOn(pathname) : [];
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({ error: MSG.methodNotAllowed(request.method, allowed) });
    }
    // Missing API calls and media files are 404s; only page routes fall back to the SPA.
    if (request.url.startsWith('/api/') || request.url.startsWith('/media/') || request.method !== 'GET' || !hasSpa) {
      return reply.status(404).send({ detail: MSG.notFound });
    }
    const page = pageOf(pathname);
    return reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .sendFile(page === 'offers.html' && !hasOffers ? 'index.html' : page);
  });
}
