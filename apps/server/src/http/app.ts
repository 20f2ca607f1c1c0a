import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps, Modules } from '../compose';
import { mailboxRoutes } from '../modules/dev';
import { answerSerializer } from './answers';
import { apiMethods } from './methods';
import { authPlugin, documentRights } from './auth';
import { errorHandler, frameworkError } from './errors';
import { registerHostCheck } from './hosts';
import { registerInputChecks } from './input';
import { idempotencyPlugin } from './idempotency';
import { registerRoutes } from './routes';
import { registerSecurityHeaders } from './security-headers';
import { registerMedia } from './media';
import { requestLogger } from './request-log';
import { registerStatic } from './spa';
import { openApiTransform } from './operation';

export type { AppDeps } from '../compose';

/** What the HTTP app needs besides the module graph. */
export type HttpDeps = Pick<AppDeps, 'config' | 'storage' | 'log'>;

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** Content-Security-Policy the SPA works under: antd writes inline styles, nothing runs inline. */
const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  // 'self' covers this site's own WebSocket (ws: or wss: on the same host, CSP level 3): no other.
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * Whose X-Forwarded-For Fastify believes (request.ip): nobody, the nearest `n` proxies (each hop is
 * believed only when the one before it is), or proxies at these addresses.
 */
function trustedProxies(
  trust: HttpDeps['config']['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** The HTTP app over the module graph built by compose.ts (the same graph the workers use). */
export async function buildApp(modules: Modules, deps: HttpDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    trustProxy: trustedProxies(deps.config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    // A URL that cannot be decoded or routed is answered in words too (http/errors.ts).
    frameworkErrors: frameworkError,
    // One line per request only when debugging; errors are logged by the error handler.
    logController: new LogController({
      disableRequestLogging: deps.log.level !== 'debug' && deps.log.level !== 'trace',
    }),
    // request.log's pino child is made when the request first logs, not for every request.
    childLoggerFactory: requestLogger,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their operation's schema in development and tests (http/answers.ts).
  app.setSerializerCompiler(answerSerializer(deps.config.env !== 'production'));
  app.setErrorHandler(errorHandler);
  // First of all: a request for another host name (DNS rebinding) is refused before anything runs.
  registerHostCheck(app, deps.config.publicUrl, deps.config.allowedHosts ?? []);
  registerInputChecks(app);
  const methods = apiMethods(app);
  await app.register(import('./compression'));

  // Stored files served from elsewhere show too: public pictures (an S3 bucket's public address),
  // and resource thumbnails and videos behind the storage's own signed links (its endpoint).
  const elsewhere = [deps.storage.publicOrigin, deps.storage.signedOrigin].filter((o): o is string => Boolean(o));
  const imgSrc = [...CSP.imgSrc, ...elsewhere];
  const mediaSrc = [...CSP.mediaSrc, ...(deps.storage.signedOrigin ? [deps.storage.signedOrigin] : [])];
  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: { ...CSP, imgSrc, mediaSrc } },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'DRAT API',
        version: '0.1.0',
        description: 'Every call of the DRAT web app. Authenticate with `Authorization: Token <token>`.',
        license: { name: 'Proprietary', url: 'https://drat.example/terms' },
      },
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      security: [{ token: [] }],
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(
    async (api) => {
      await api.register(authPlugin, { auth: modules.auth, rights: modules.rights });
      documentRights(api);
      await api.register(idempotencyPlugin, { idempotency: modules.idempotency });
      api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
      await registerRoutes(api, modules);
    },
    { prefix: '/api' },
  );
  if (deps.config.demoSeed) {
    await app.register(mailboxRoutes, { outbox: modules.outbox });
  }
  await registerMedia(app, path.join(deps.config.dataDir, 'uploads'), modules.resources);
  await registerStatic(app, WEB_DIST, methods);
  return app;
}
