import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MSG } from '@drat/contracts';

/** Serves the built web app at / with history fallback, and uploaded media at /media/. */
export async function registerStatic(app: FastifyInstance, webDist: string, uploadsDir: string): Promise<void> {
  fs.mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, { root: uploadsDir, prefix: '/media/', decorateReply: false, index: false });
  const hasSpa = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasSpa) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      decorateReply: true,
      setHeaders: (reply, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (file.endsWith('.html')) reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // Missing API calls and media files are 404s; only page routes fall back to the SPA.
    if (request.url.startsWith('/api/') || request.url.startsWith('/media/') || request.method !== 'GET' || !hasSpa) {
      return reply.status(404).send({ detail: MSG.notFound });
    }
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
}
