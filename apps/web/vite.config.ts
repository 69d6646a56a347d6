import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip as gzipCallback } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { prerenderVisitorLanding } from './vite-plugins/prerender-visitor-landing.ts';

// Pinned to this folder so the build lands in apps/web/dist (what the API serves) however the
// config is reached: `vite build` here, `vite build apps/web` or `--config apps/web/vite.config.ts`.
const root = fileURLToPath(new URL('.', import.meta.url));

// `vite` (dev) and `vite preview` (the built app) both talk to the API on its own port.
const proxy = {
  '/api': { target: process.env.API_PROXY_TARGET ?? 'http://localhost:3001' },
};

/** Public pages whose chunk (and its CSS) the server announces in the HTML it sends for that
 * address, so the browser fetches it alongside the entry instead of after it. Paths of
 * routes.tsx → the module its lazyPage() loads. */
const ROUTE_PAGES: Record<string, string> = {
  '/login': 'src/features/auth/pages/login-page.tsx',
  '/register': 'src/features/auth/pages/register-page.tsx',
  '/forgot-password': 'src/features/auth/pages/forgot-password-page.tsx',
  '/reset-password': 'src/features/auth/pages/reset-password-page.tsx',
  '/verify-email': 'src/features/auth/pages/verify-email-page.tsx',
  '/docs': 'src/features/legal/docs-page.tsx',
  '/privacidad': 'src/features/legal/privacy-page.tsx',
  '/historial': 'src/features/track-record/track-record-page.tsx',
  // UNSUBSCRIBE_PATH: opened from alert e-mails, often by someone signed out.
  '/avisos/baja': 'src/features/alerts/unsubscribe-page.tsx',
};

/** API reads a page makes at once, announced the same way (`<link rel="preload" as="fetch">`):
 * they start with the HTML instead of after the scripts have run. */
const ROUTE_DATA: Record<string, string[]> = {
  // The visitor landing's free tip (features/landing/api/get-tip-preview.ts).
  '/': ['/api/tips/preview'],
  // The unfiltered record and its first page of tips (features/track-record/api/).
  '/historial': ['/api/track-record', '/api/track-record/tips'],
};

/** Where the route list goes: under a dot folder, which the server does not serve. */
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** Writes ROUTE_PRELOADS_FILE: `{ "/login": ["/assets/login-page-….js", "/assets/auth-….css", …] }`,
 * each page's chunk with the chunks and CSS it needs beyond what index.html already loads, and
 * the API reads of ROUTE_DATA. */
function routePreloads(): Plugin {
  return {
    name: 'magotips:route-preloads',
    apply: 'build',
    // The final bundle: Vite has dropped its CSS-only chunks by now.
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: string[], seen = new Set<string>()) => {
        for (const file of start) {
          if (seen.has(file) || !byFile.has(file)) continue;
          seen.add(file);
          closure(byFile.get(file)?.imports ?? [], seen);
        }
        return seen;
      };
      const initial = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
      const out: Record<string, string[]> = {};
      for (const [route, modulePath] of Object.entries(ROUTE_PAGES)) {
        const id = path.join(root, modulePath);
        const page = chunks.find((c) => c.facadeModuleId === id);
        if (!page) this.error(`route-preloads: no chunk for ${modulePath} (${route})`);
        const files = [...closure([page.fileName])].filter((f) => !initial.has(f));
        const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        out[route] = [...new Set([...css, ...files])].map((f) => `/${f}`);
      }
      for (const [route, urls] of Object.entries(ROUTE_DATA))
        out[route] = [...(out[route] ?? []), ...urls];
      const file = path.join(options.dir ?? root, ROUTE_PRELOADS_FILE);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    },
  };
}

/** What the account pages share (their card, fields and error texts: components/form/,
 * lib/error-text.ts; TanStack's mutations, the contract's messages), as one chunk rather than
 * seven small ones: /login adds two scripts and one stylesheet to the entry's, all announced in
 * its HTML. Register's own components stay out
 * (check-email reads contracts/auth, birth-date-field contracts/birth-date): in this chunk they
 * brought Zod and the auth schemas with them, ~90 KB that /login evaluated without using
 * (decision 0057). */
const FORM_MODULES =
  /[\\/](query-core[\\/]build[\\/]modern[\\/]mutation\w*|react-query[\\/]build[\\/]modern[\\/]useMutation|contracts[\\/]src[\\/]messages\.ts|src[\\/](components[\\/]form[\\/][\w-]+\.tsx|lib[\\/]error-text|features[\\/]auth[\\/](components[\\/](?!check-email|birth-date-field)|api[\\/]resend-verification)))/;

/** Register's own parts and the account schemas behind them (all need Zod), together. */
const ACCOUNT_SCHEMA_MODULES =
  /[\\/](contracts[\\/]src[\\/](auth|users|age|birth-date)\.ts|src[\\/]features[\\/]auth[\\/]components[\\/](check-email|birth-date-field))/;

/** Zod itself in one chunk: left alone, the bundler cuts it into a handful of pieces by which
 * pages use what, and the sign-up page would fetch them all one by one. */
const ZOD_MODULES = /[\\/]node_modules[\\/]zod[\\/]/;

const COMPRESSIBLE = /\.(js|css|html|svg|txt|json)$/;
const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/** Writes `file.br` (Brotli, best quality) and `file.gz` beside every text file of the build, so
 * the server sends them as they are (@fastify/static `preCompressed`) instead of compressing
 * each response at a fast, weaker level: the landing's scripts arrive ~15% smaller. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'magotips:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          if (entry.name.startsWith('.')) return [];
          return entry.isDirectory() ? walk(full) : [full];
        });
      // zlib's async calls run on libuv's thread pool: the files compress in parallel.
      await Promise.all(
        walk(outDir)
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const raw = await readFile(file);
            if (raw.length < 1024) return;
            const [br, gz] = await Promise.all([
              brotli(raw, {
                params: {
                  [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                  [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
              gzip(raw, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}

/** react-router's package exports only its development build (warnings, dev-only checks); the
 * production build sits beside it. Production bundles take that one: smaller and quieter. */
function reactRouterProduction(command: 'build' | 'serve') {
  if (command !== 'build') return [];
  const entry = path.resolve(root, '../../node_modules/react-router/dist/production/index.mjs');
  return [{ find: /^react-router$/, replacement: entry }];
}

export default defineConfig(({ command }) => ({
  root,
  resolve: { alias: reactRouterProduction(command) },
  plugins: [react(), routePreloads(), precompress(), prerenderVisitorLanding(root)],
  server: { port: 3000, strictPort: true, proxy },
  preview: { port: 3000, proxy },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // data: URIs would need a CSP exception; every asset stays a hashed file under dist/assets/.
    assetsInlineLimit: 0,
    // No modulepreload polyfill in the entry (~0.6 KB gzip of the landing's 120 KB budget):
    // every browser we support but Safari < 17 preloads natively, and there a missing preload
    // only costs time, never correctness (decision 0057).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the first page needs, in the entry chunk: two requests for `/` (the
            // entry and the bundler's small runtime) rather than seven small ones.
            { name: 'app', tags: ['$initial'], priority: 3 },
            { name: 'forms', test: FORM_MODULES, priority: 1 },
            { name: 'account-schemas', test: ACCOUNT_SCHEMA_MODULES, priority: 1 },
            // Above the two groups before it: each also takes in what its modules import.
            { name: 'zod-core', test: ZOD_MODULES, priority: 2 },
          ],
        },
      },
    },
  },
}));
