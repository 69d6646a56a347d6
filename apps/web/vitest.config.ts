import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The component tests that replace a module with `vi.mock`. The web project runs its files in
 * shared workers (isolate: false, decision 0079): a mock would apply only if no earlier file had
 * loaded the module, and would then stay for the files after it. These files run in the
 * `web-isolated` project instead, each in a fresh worker, as all did before. Found by reading the
 * files, so a new test that mocks a module lands there without a list to update.
 */
const MOCKING_FILES: string[] = readdirSync(path.join(here, 'src'), { recursive: true })
  .map(String)
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(here, 'src', file), 'utf8')))
  .map((file) => `src/${file.split(path.sep).join('/')}`);

const common = {
  environment: 'jsdom' as const,
  // A test that opens a lazy page transforms it on first use, while the type checks and lint run
  // beside vitest (scripts/test.mjs): 5 s was once too little, and a test that times out with an
  // import in flight fails the files after it in its shared worker.
  testTimeout: 15_000,
  setupFiles: ['./test/setup.ts'],
  include: ['src/**/*.test.{ts,tsx}'],
  unstubGlobals: true,
  restoreMocks: true,
};

/** The mocking files, each in a fresh worker; the root config lists it beside `web`. */
export const webIsolated: TestProjectInlineConfiguration = {
  root: here,
  plugins: [react()],
  test: { ...common, name: 'web-isolated', include: MOCKING_FILES, sequence: { groupOrder: 3 } },
};

// Files share a worker, its jsdom and its loaded modules (React, React Router, Testing
// Library: each file paid them again before); test/setup.ts empties the DOM and storage after
// every test.
export default defineConfig({
  plugins: [react()],
  test: {
    ...common,
    name: 'web',
    isolate: false,
    exclude: MOCKING_FILES,
    sequence: { groupOrder: 2 },
  },
});
