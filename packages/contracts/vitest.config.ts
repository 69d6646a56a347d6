import { defineConfig } from 'vitest/config';

// Pure functions: the files share a worker and its loaded modules (decision 0079).
export default defineConfig({
  test: {
    name: 'contracts',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    isolate: false,
    sequence: { groupOrder: 0 },
  },
});
