// Bundles the server into one ES module with the workspace contracts (TypeScript source) and
// the pure-JavaScript dependencies every start needs (Fastify and its plugins, Zod, Drizzle,
// jose): Node then reads, resolves and wraps one file instead of ~300 package files (decision
// 0059). What stays in node_modules: native or WebAssembly code (PGlite, argon2), packages that
// read their own files at run time (swagger-ui's assets, @fastify/static, pino's transports),
// and what is loaded only when first used (Stripe, nodemailer, openid-client, pg, ioredis).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const KEEP_EXTERNAL = new Set([
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@fastify/static',
  '@fastify/swagger-ui',
  'ioredis',
  'nodemailer',
  'openid-client',
  'pg',
  'pino',
  'stripe',
  'web-push',
]);
const kept = Object.keys(pkg.dependencies).filter((d) => KEEP_EXTERNAL.has(d));
const external = [...kept, ...kept.map((d) => `${d}/*`)];

await build({
  entryPoints: {
    server: new URL('./src/server.ts', import.meta.url).pathname,
    'create-admin': new URL('./src/cli/create-admin.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Code behind a dynamic import() (one database driver, never both) goes in its own chunk,
  // loaded when first used rather than with the server: a cold start loads only what it needs.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node20',
  sourcemap: true,
  sourcesContent: false,
  external,
  logLevel: 'warning',
  // The bundled CommonJS packages call require() for Node's own modules and for the packages
  // kept external; an ES module has no require of its own.
  banner: {
    js: "import { createRequire as __magotipsRequire } from 'node:module'; const require = __magotipsRequire(import.meta.url);",
  },
});
