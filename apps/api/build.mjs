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
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
