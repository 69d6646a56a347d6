// The web app's layers (DESIGN.md section 6, decision 0067), kept true by lint rather than by
// review: features never import each other or the composing layer, the shared layer imports
// neither, and no import closes a circle. apps/web/src/boundaries.test.ts proves each rule still
// refuses what it should.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

// Zones are resolved against the repository root, not the shell's folder: `npx eslint` from
// apps/web and ESLint's Node API in a test judge the same paths.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const src = 'apps/web/src';

// Read from disk so a new feature folder is fenced in the day it is created.
const features = readdirSync(new URL(`../${src}/features`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** What composes features: the router and layouts, the entry, the build-time landing render. */
const composing = [`${src}/app`, `${src}/main.tsx`, `${src}/prerender`];
/** What any layer may use; it knows no feature. */
const shared = [`${src}/components`, `${src}/hooks`, `${src}/lib`, `${src}/utils`, `${src}/styles`];

const zones = [
  ...features.map((feature) => ({
    target: `${src}/features/${feature}`,
    from: `${src}/features`,
    except: [`./${feature}`],
    message:
      'A feature does not import another feature: move what both use to components/, hooks/ or lib/, or compose them in app/.',
  })),
  {
    target: `${src}/features`,
    from: composing,
    message:
      'A feature does not import app/ (or main.tsx, prerender/): app/ composes features, not the other way.',
  },
  {
    target: shared,
    from: [`${src}/features`, ...composing],
    message:
      'The shared layer (components/, hooks/, lib/, utils/, styles/) knows no feature and no app/.',
  },
  {
    // Test helpers serve every feature's tests, so they are shared too. They may use app/ (its
    // providers, or its routes to open a page by address), as a reader meets the app.
    target: 'apps/web/test',
    from: `${src}/features`,
    message: 'apps/web/test/ serves every feature: it imports no feature.',
  },
];

export default [
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without the TypeScript extensions and parser, import-x reads no .ts/.tsx file it is led
      // to, and no-cycle finds no circle at all.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: `${repoRoot}apps/web/tsconfig.json` }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: repoRoot, zones }],
      // Static and lazy imports count; `import type` does not (it is gone from the build).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
];
