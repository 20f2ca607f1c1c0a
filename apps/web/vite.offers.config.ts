import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite/precompress.ts';

/**
 * The public sales pages' own build (offers.html, src/public/): built after the app into the same
 * dist (emptyOutDir off), so nothing of the signed-in app (antd, React Query, the router) is in
 * what a visitor downloads. The server sends offers.html for the public paths (http/spa.ts).
 */
export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    rolldownOptions: { input: { offers: 'offers.html' } },
  },
});
