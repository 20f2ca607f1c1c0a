import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Serves uploaded files (disk storage) at /media/. */
export async function registerMedia(app: FastifyInstance, uploadsDir: string): Promise<void> {
  fs.mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, { root: uploadsDir, prefix: '/media/', decorateReply: false, index: false });
}
