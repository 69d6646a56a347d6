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

/**
 * Any test of the composed app may end on the landing (a sign-in, a registration, a Cancelar),
 * whose signed-in half is a chunk of its own (home-page.tsx): loaded before the file's tests, so
 * that no import of it is still running when the file ends. One left running failed the next
 * files of its worker in CI ("Cannot load … after the environment was torn down"). Called at the
 * top level of the helpers that open the whole app (render-app.tsx, payment-fixtures.tsx).
 */
export function preloadLanding(): void {
  preloadPages(() => import('../src/app/home/registered-landing'));
}
