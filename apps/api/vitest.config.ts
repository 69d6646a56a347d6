import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    // Each file gets its own database (a PGlite snapshot, or a PostgreSQL database cloned from
    // a migrated template), so files run in parallel without seeing each other's rows.
    // Files share a worker and its loaded modules (Fastify, Drizzle, the routes: ~2 s a file
    // when each file loaded them again); test/setup.ts closes what a file leaves open
    // (decision 0079).
    isolate: false,
    // Vitest hands a finished worker the next file only if that file is of the same project;
    // the projects run one after another (root vitest.config.ts) so the API's files keep theirs.
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
