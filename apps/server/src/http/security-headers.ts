import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets with `options` (Content-Security-Policy, Strict-Transport-Security,
 * X-Frame-Options and the rest), worked out once: they depend on the options only, never on the
 * request. (@fastify/helmet builds helmet again on every request, which cost a no-op route about a
 * tenth of its time.)
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => (failure = err));
  if (failure) throw failure;
  return headers;
}

/**
 * What an API answer carries (OWASP REST Security Cheat Sheet, "Security headers"): a JSON answer
 * is never a document, so it needs no page policy, only to be never framed, sniffed into something
 * else, fetched across sites, or sent over plain HTTP again; and, since it holds a trader's
 * account, never stored by the browser or a proxy (a route that may be kept says so itself).
 */
export function apiSecurityHeaders(pages: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...(pages['strict-transport-security'] ? { 'strict-transport-security': pages['strict-transport-security'] } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
  };
}

/**
 * Sets the security headers on every answer before anything else runs: helmet's full set with the
 * page policy (`options`) on pages and files, the short API set on /api/ answers (the API's own
 * HTML, /api/docs, sets its own policy).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const pages = securityHeaders(options);
  const api = apiSecurityHeaders(pages);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : pages);
    done();
  });
}
