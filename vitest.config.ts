import { defineConfig } from 'vitest/config';

// One `vitest run` covers every package: contracts (unit), api (integration on a real
// database) and web (components in jsdom). Browser journeys have their own config in e2e/.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/api', 'apps/web'],
  },
});
