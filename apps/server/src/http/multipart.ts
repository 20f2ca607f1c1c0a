import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';

/** The most any upload route takes; each route reads its parts with tighter limits of its own. */
const MULTIPART_LIMITS = { fileSize: 10 * 1024 * 1024, files: 1, fields: 50 };

/**
 * Registers the routes that read a multipart/form-data body (`req.file()`, `req.parts()`) in a
 * scope of their own with @fastify/multipart, so that only they pay for its per-request hooks.
 * A multipart body sent to any other route is refused with 415 in words (http/errors.ts), as
 * before. A route that reads parts outside this scope fails its first test: `req.parts` is missing.
 */
export async function withMultipart<App extends FastifyInstance>(
  app: App,
  routes: (scope: App) => void | Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS });
    await routes(scope as unknown as App);
  });
}
