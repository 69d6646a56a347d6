import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Pinned to this folder so `vite build apps/web` from the repo root and `vite build` from here
// produce the same apps/web/dist that the API serves.
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      '/api': { target: process.env.API_PROXY_TARGET ?? 'http://localhost:3001' },
    },
  },
  preview: {
    port: 3000,
    proxy: {
      '/api': { target: process.env.API_PROXY_TARGET ?? 'http://localhost:3001' },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // data: URIs would need a CSP exception; every asset stays a hashed file under dist/assets/.
    assetsInlineLimit: 0,
  },
});
