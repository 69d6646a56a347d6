// Test support (imported by *.test.tsx only, so never bundled): a fetch double that answers
// API calls by "METHOD /path" and records what each call sent.
import type { TUser } from '@magotips/contracts/users';
import { vi } from 'vitest';

export type RecordedCall = { key: string; body: unknown; headers: Headers };
export type ApiHandler = (body: unknown) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function apiError(status: number, message: string, code = 'ERROR'): Response {
  return json({ success: false, message, code }, status);
}

/** Replaces fetch; unknown calls answer 404. `calls` keeps every request in order. */
export function stubApi(routes: Record<string, ApiHandler> = {}) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/api/, '');
    const key = `${init?.method ?? 'GET'} ${path}`;
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ key, body, headers: new Headers(init?.headers) });
    const handler = routes[key] ?? routes[key.split('?')[0] ?? key];
    return handler ? handler(body) : apiError(404, 'Recurso no encontrado.', 'NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (key: string) => calls.filter((call) => call.key === key),
    /** Adds or replaces a route after the double is in place. */
    on(key: string, handler: ApiHandler) {
      routes[key] = handler;
    },
  };
}

/** A user as the API sends it (the contract's TUser). */
export function makeUser(patch: Partial<TUser> = {}): TUser {
  return {
    _id: '7d1f3c52-0b1e-4f5e-9a57-1c2b3d4e5f60',
    firstName: 'Ana',
    lastName: 'García',
    email: 'ana@example.com',
    phone: null,
    dateOfBirth: '1990-05-04',
    roles: [{ name: 'user', assignedBy: null }],
    subscription: { hasActiveSubscription: false, plan: 'free', endDate: null, isRecurring: false },
    socialLogin: { google: false },
    country: 'ES',
    timeZone: 'Europe/Madrid',
    paused: false,
    pausedAt: null,
    pausedUntil: null,
    pauseLiftableFrom: null,
    ...patch,
  };
}

/** The answer of login, refresh and me_verify. */
export function authAnswer(user: TUser = makeUser(), token = 'fresh-token'): Response {
  return json({ success: true, user, token });
}
