import type { Plugin } from 'vite';
import { PUBLIC_SALES_PATHS, PUBLIC_SALES_PREFIXES } from '../../../packages/contracts/src/public-paths.ts';

/**
 * In `npm run dev` only: the public sales pages' paths (/pay, /offer/…) are answered with
 * offers.html, their own entry, as apps/server/src/http/spa.ts does for the built app.
 */
export function offersInDev(): Plugin {
  const exact = new Set<string>(PUBLIC_SALES_PATHS);
  return {
    name: 'drat-offers-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname = '', query] = (req.url ?? '').split('?');
        const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
        if (exact.has(path) || PUBLIC_SALES_PREFIXES.some((p) => path.startsWith(p) && path.length > p.length))
          req.url = `/offers.html${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}
