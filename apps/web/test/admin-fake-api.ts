// Test double of the API for the admin and banner component tests (not part of the app).
import { vi } from 'vitest';
import type { TSessionUser } from '../src/lib/session/session-user';

export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
};
type Answer = { status?: number; body: unknown };
export type FakeHandler = (request: FakeRequest) => Answer | Promise<Answer>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Stubs fetch with handlers keyed 'METHOD /path' (no /api, no query). A signed-in test passes
 * its user so the session's start-up check confirms it. Unknown calls answer 404. */
export function fakeAdminApi(
  handlers: Record<string, FakeHandler | Answer>,
  session?: { user: TSessionUser },
) {
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request: FakeRequest = {
      method,
      path,
      query: url.searchParams,
      body,
      headers: new Headers(init?.headers),
    };
    calls.push(request);
    if (session && method === 'POST' && path === '/auth/me_verify') {
      return json(200, { success: true, user: session.user, token: 'test-token' });
    }
    const handler = handlers[`${method} ${path}`];
    if (!handler)
      return json(404, { success: false, message: 'Recurso no encontrado.', code: 'NOT_FOUND' });
    const answer = typeof handler === 'function' ? await handler(request) : handler;
    return json(answer.status ?? 200, answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    called: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path),
  };
}
