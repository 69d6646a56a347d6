import { isValidElement } from 'react';
import type { InitialEntry, RouteObject } from 'react-router';
import { beforeAll } from 'vitest';
import { preloadPages, routes } from '../src/app/routes';
import { preloadLanding, preloadPages as preloadLoaders } from './preload-pages';
import { renderRoutes, type RenderRoutesOptions } from './utils';

/**
 * The whole app (app/routes.tsx: its layouts, guards and lazy pages) opened at `at`, for the
 * tests that reach a page as a reader does, by its address. Features never import app/ (decision
 * 0067); their tests get the composed app from here. Kept out of utils.tsx so the many tests
 * that render one component do not load the route table.
 */
export function renderApp(at: InitialEntry | InitialEntry[], options?: RenderRoutesOptions) {
  return renderRoutes(routes, at, options);
}

/**
 * Loads, once before a file's tests, the lazy pages its tests open at `paths`: on a busy machine a
 * page's first import can outlast one assertion's 5 s wait, and every test of the file that waits
 * on the same import fails with it (seen in CI: 9 of /subscription's 10 tests, beside the type
 * checks). Call it at a test file's top level, or in a helper module that opens one page.
 */
export function preloadRoutes(...paths: string[]): void {
  beforeAll(() => Promise.all(paths.map((path) => preloadPages(path))), 60_000);
}

/** Every lazy page of the route table, as loaders. */
function lazyPagesOf(list: RouteObject[]): (() => Promise<unknown>)[] {
  return list.flatMap((route) => {
    const type: unknown = isValidElement(route.element) ? route.element.type : null;
    const own =
      typeof type === 'object' && type !== null && 'preload' in type && typeof type.preload === 'function'
        ? [() => (type.preload as () => Promise<unknown>)()]
        : [];
    return [...own, ...lazyPagesOf(route.children ?? [])];
  });
}

preloadLanding();
/**
 * Every lazy page, before any test of a file that opens the composed app: a test that ends right
 * after a click to another page (a link, a redirect after sign-in) leaves that page's import
 * running, and the shared worker's next files then fail on it ("Cannot load … after the
 * environment was torn down", seen in CI on Node 24 for /subscription's chunk). In the shared
 * workers the modules stay loaded, so only a worker's first such file pays for it.
 */
preloadLoaders(...lazyPagesOf(routes));
