import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { webIsolated } from './apps/web/vitest.config.ts';

// One `vitest run` covers every package: contracts (unit), api (integration on a real
// database) and web (components in jsdom; the files that mock a module in web-isolated).
// Browser journeys have their own config in e2e/.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/api', 'apps/web', webIsolated],
    // One worker per core: Vitest's default keeps a core for itself (cores − 1), which on a
    // 2-core machine ran every file in a single worker while the main process sat mostly idle.
    maxWorkers: availableParallelism(),
    // Each project is a group (sequence.groupOrder in its config: contracts, api, web,
    // web-isolated) and the groups run in turn. A worker is kept for the next file only when
    // that file belongs to the same project; mixed in one queue, the projects' files alternate
    // and each file would pay a fresh worker, its environment and its imports again.
  },
});
