import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file gets its own database (a PGlite snapshot, or a PostgreSQL database cloned from
    // a migrated template), so files run in parallel without seeing each other's rows.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
