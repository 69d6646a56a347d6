import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import {
  createMemoryRouter,
  RouterProvider,
  type InitialEntry,
  type RouteObject,
} from 'react-router';
import { AppProviders } from '../src/app/providers';
import type { TSessionUser } from '../src/lib/session/session-user';

export const TEST_USER: TSessionUser = {
  _id: '7d1f3c52-0b1e-4f5e-9a57-1c2b3d4e5f60',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'García',
  roles: [{ name: 'user' }],
};

/** Puts a session where the app reads it at start: localStorage 'user' and 'token'. */
export function storeSession(user: TSessionUser = TEST_USER, token = 'test-token') {
  window.localStorage.setItem('user', JSON.stringify(user));
  window.localStorage.setItem('token', token);
}

/** Marks both notices as seen so they do not get in the way of the test at hand. */
export function dismissNotices() {
  window.localStorage.setItem('disclaimerAccepted', 'true');
  window.localStorage.setItem('cookieNoticeAccepted', 'true');
}

type RenderOptions = {
  /** The URL the router starts at. */
  at?: string;
  /** Extra routes, e.g. a stand-in for /login to land on. */
  routes?: RouteObject[];
};

/** Renders `element` for any path inside the real providers, with query retries off. */
export function renderWithApp(
  element: ReactElement,
  { at = '/', routes = [] }: RenderOptions = {},
) {
  return renderRoutes([...routes, { path: '*', element }], at);
}

export type RenderRoutesOptions = {
  /** Inside <StrictMode>, as main.tsx renders the app (effects run twice). */
  strict?: boolean;
  /** Defaults to a client with query retries off. */
  queryClient?: QueryClient;
};

/** Renders `routes` inside the real providers, the router opened at `at` (one address, or a
 * history whose last entry is the current one). */
export function renderRoutes(
  routes: RouteObject[],
  at: InitialEntry | InitialEntry[] = '/',
  { strict = false, queryClient }: RenderRoutesOptions = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: Array.isArray(at) ? at : [at] });
  const client = queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const app = (
    <AppProviders queryClient={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  const result = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...result, router };
}

/** A JSON answer for fetch doubles. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
