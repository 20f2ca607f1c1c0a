import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = process.env.DRAT_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000 },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server, ws: true },
      '/media': server,
      '/dev': server,
    },
  },
});
