// Bundles the server into one ES module. Dependencies stay in node_modules; the workspace
// contracts package (TypeScript source) is bundled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@magotips/'));

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
  external,
  logLevel: 'warning',
});
