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
    await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, index: false, decorateReply: true });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !hasSpa) {
      return reply.status(404).send({ detail: MSG.notFound });
    }
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
}
