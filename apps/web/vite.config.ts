import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite/precompress.ts';
import { offersInDev } from './vite/offers-in-dev.ts';

const server = process.env.DRAT_API ?? 'http://localhost:3000';

/**
 * Modules the sign-in page's imports reach but it never runs, which the first download's group
 * would otherwise take in: antd's Button styles import `isBright` from the colour picker's
 * ColorPresets, which imports Collapse (about 5 KB gzipped, used by Broker Settings alone).
 * Only while nothing the first download runs uses them (a ColorPicker or a Collapse on the sign-in
 * page or in the shared code would): their chunk imports the first download, and were the first
 * download to import it back, the two would load in a cycle and Collapse's styles could run before
 * what they need (rolldown's caveat on includeDependenciesRecursively). bench/web/bundle.ts says so.
 */
const REACHED_NOT_RUN = /node_modules[\\/](antd[\\/]es[\\/]collapse|@rc-component[\\/]collapse)[\\/]/;

export default defineConfig({
  // precompress: a .br and a .gz beside every built file, served by apps/server/src/http/spa.ts.
  // offersInDev: `npm run dev` serves the public sales pages' offers.html at their paths, as the server does.
  plugins: [react(), precompress(), offersInDev()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        // What the first screen (the sign-in page) needs, in one file: without this group it is split
        // into a score of small shared chunks, each compressed on its own. The other routes with the
        // signed-in shell (app/otherRoutes.tsx) and every page stay lazy chunks of their own
        // (app/router.tsx, app/pages.tsx). Measured by bench/web/bundle.ts, which also prints what
        // the first download holds that the sign-in page never runs (none, with REACHED_NOT_RUN out).
        codeSplitting: {
          groups: [
            {
              name: 'app',
              tags: ['$initial'],
              test: (id: string) => !REACHED_NOT_RUN.test(id),
              // A captured module's imports are not captured with it: what the test leaves out goes
              // where it is used (the pages that render it), not into the first download.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server, ws: true },
      '/media': server,
      '/dev': server,
    },
  },
});
