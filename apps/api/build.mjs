// Bundles the server into one ES module with the workspace contracts (TypeScript source) and
// the pure-JavaScript dependencies every start needs (Fastify and its plugins, Zod, Drizzle,
// jose): Node then reads, resolves and wraps one file instead of ~300 package files (decision
// 0059). What stays in node_modules: native or WebAssembly code (PGlite, argon2), packages that
// read their own files at run time (swagger-ui's assets, @fastify/static, pino's transports),
// and what is loaded only when first used (Stripe, nodemailer, openid-client, pg, ioredis,
// pdfkit, which also reads its fonts' metrics from its own files).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
  'pdfkit',
  'pg',
  'pino',
  'stripe',
  'web-push',
]);
const kept = Object.keys(pkg.dependencies).filter((d) => KEEP_EXTERNAL.has(d));
const external = [...kept, ...kept.map((d) => `${d}/*`)];

const outdir = new URL('./dist', import.meta.url).pathname;

await build({
  entryPoints: {
    server: new URL('./src/server.ts', import.meta.url).pathname,
    'create-admin': new URL('./src/cli/create-admin.ts', import.meta.url).pathname,
    'telegram-webhook': new URL('./src/cli/telegram-webhook.ts', import.meta.url).pathname,
  },
  outdir,
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

// V8 keeps each module's source text for as long as the module lives, and one character above
// U+00FF (a "…" or "→" in a comment, a dash in a regular expression) makes it store the whole file
// two bytes a character: the app's 3.4 MB chunk took 6.5 MB of the heap for six such characters
// (issue 28 item 7, decision 0088). Written as \uXXXX escapes they mean the same in strings,
// regular expressions and identifiers, and nothing in comments; the sources keep their text.
const WIDE = /[\u0100-\uffff]/g;
for (const entry of readdirSync(outdir, { recursive: true })) {
  if (!String(entry).endsWith('.js')) continue;
  const file = path.join(outdir, String(entry));
  const text = readFileSync(file, 'utf8');
  if (text.search(WIDE) === -1) continue;
  const escaped = text.replace(WIDE, (ch, at) => {
    // After a backslash the escape would read as a literal "\\u…": refuse rather than change it.
    if (text[at - 1] === '\\') throw new Error(`${entry}: escaped wide character at ${at}`);
    return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  writeFileSync(file, escaped);
}
