import type { InitialEntry } from 'react-router';
import { routes } from '../src/app/routes';
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
