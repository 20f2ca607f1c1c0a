import type { FastifyInstance } from 'fastify';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Fastify's router takes path parameters up to this long (its default maxParamLength); longer ones route nowhere. */
const MAX_PARAM_LENGTH = 100;

/**
 * The methods each API path takes, learnt as routes are registered, so a call with a method its
 * path does not take answers 405 with `Allow`, not 404 (the path exists).
 */
export function apiMethods(app: FastifyInstance) {
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const source = route.url
      .split('/')
      .map((part) =>
        part.startsWith(':') ? `[^/]{1,${MAX_PARAM_LENGTH}}` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    const pattern = new RegExp(`^${source}$`);
    let entry = routes.find((r) => r.pattern.source === pattern.source);
    if (!entry) routes.push((entry = { pattern, methods: new Set() }));
    for (const m of Array.isArray(route.method) ? route.method : [route.method]) entry.methods.add(m);
  });
  return {
    /** The methods `path` takes (none when no route has this path). */
    allowedOn(path: string): string[] {
      const methods = new Set<string>();
      for (const r of routes) if (r.pattern.test(path)) for (const m of r.methods) methods.add(m);
      return METHODS.filter((m) => methods.has(m));
    },
  };
}
export type ApiMethods = ReturnType<typeof apiMethods>;
