import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { RESOURCE_FILES_PATH, RESOURCE_KEY_PREFIX, type LinkQuery, type ResourcesService } from '../modules/resources';

/**
 * Serves uploaded files (disk storage) at /media/: profile pictures (/media/profile/) to anyone, as
 * before; resource files (/media/resources/) only behind a link the resources area signed for a
 * user, checked on every request (and every byte range of a video): the link, its expiry, and that
 * its user may still see the resource. Nothing else under /media/ is served.
 */
export async function registerMedia(
  app: FastifyInstance,
  uploadsDir: string,
  resources: Pick<ResourcesService, 'checkFileLink'>,
): Promise<void> {
  for (const folder of ['profile', 'resources', 'notifications'])
    fs.mkdirSync(path.join(uploadsDir, folder), { recursive: true });
  await app.register(fastifyStatic, {
    root: path.join(uploadsDir, 'profile'),
    prefix: '/media/profile/',
    decorateReply: false,
    index: false,
  });
  // A notification's files: behind a link of their own (an unguessable folder), as e-mails carry them.
  await app.register(fastifyStatic, {
    root: path.join(uploadsDir, 'notifications'),
    prefix: '/media/notifications/',
    decorateReply: false,
    index: false,
    list: false,
  });
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request: FastifyRequest<{ Params: { '*'?: string } }>, reply) => {
      const key = `${RESOURCE_KEY_PREFIX}${request.params['*'] ?? ''}`;
      const { secondsLeft } = await resources.checkFileLink(key, request.query as LinkQuery);
      // Cached by this browser only, and no longer than the link lives.
      reply.header('cache-control', `private, max-age=${secondsLeft}`);
    });
    await scope.register(fastifyStatic, {
      root: path.join(uploadsDir, 'resources'),
      prefix: RESOURCE_FILES_PATH,
      decorateReply: false,
      index: false,
      cacheControl: false,
    });
  });
}
