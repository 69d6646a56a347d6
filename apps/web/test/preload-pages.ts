import { beforeAll } from 'vitest';

/**
 * Loads the lazy pages a file's routes open once, before its tests: on a busy machine a page's
 * first transform can outlast one assertion's 5 s wait, and an import still running when the file
 * ends fails in a torn-down environment (seen in CI on Node 24, beside the type checks).
 */
export function preloadPages(...loaders: (() => Promise<unknown>)[]): void {
  beforeAll(async () => {
    await Promise.all(loaders.map((load) => load()));
  }, 60_000);
}
