import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Pinned to this folder so the build lands in apps/web/dist (what the API serves) however the
// config is reached: `vite build` here, `vite build apps/web` or `--config apps/web/vite.config.ts`.
const root = fileURLToPath(new URL('.', import.meta.url));

// `vite` (dev) and `vite preview` (the built app) both talk to the API on its own port.
const proxy = {
  '/api': { target: process.env.API_PROXY_TARGET ?? 'http://localhost:3001' },
};

export default defineConfig({
  root,
  plugins: [react()],
  server: { port: 3000, strictPort: true, proxy },
  preview: { port: 3000, proxy },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // data: URIs would need a CSP exception; every asset stays a hashed file under dist/assets/.
    assetsInlineLimit: 0,
  },
});
