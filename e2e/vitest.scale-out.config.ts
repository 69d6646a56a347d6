import path from 'node:path';
import { defineConfig } from 'vitest/config';
import type { TestSequencer, TestSpecification } from 'vitest/node';

/** Runs the files in name order (01-…, 02-…): they share one pair of instances, and the last
 * one kills an instance for good. Vitest's default order (by size and past timings) would not
 * keep the kill last. */
class ByNameSequencer implements TestSequencer {
  shard(files: TestSpecification[]): TestSpecification[] {
    return files;
  }

  sort(files: TestSpecification[]): TestSpecification[] {
    return [...files].sort((a, b) =>
      path.basename(a.moduleId).localeCompare(path.basename(b.moduleId)),
    );
  }
}

// Scale-out on one machine (`npm run test:scale-out`, run by .ci/run, not by `npm test`): two
// built instances on one PostgreSQL and one Redis, started by the global setup and shared by the
// files in order; needs PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379.
export default defineConfig({
  test: {
    name: 'scale-out',
    root: new URL('.', import.meta.url).pathname,
    include: ['scale-out/**/*.scale.ts'],
    environment: 'node',
    globalSetup: ['scale-out/global-setup.ts'],
    fileParallelism: false,
    sequence: { sequencer: ByNameSequencer },
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
