import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO = {
  admin: 'admin@example.com',
  editor: 'editor@example.com',
  vip: 'vip@example.com',
  user: 'usuario@example.com',
} as const;

type LoginBody = { user: unknown; token: string };

/** Signs in through the real API and stores the session the way the SPA does, so journeys
 * that are not about the login form start already signed in. */
export async function signIn(context: BrowserContext, email: string, password = DEMO_PASSWORD) {
  const res = await fetch(`${inject('baseUrl')}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email} failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as LoginBody;
  await context.addInitScript(
    ({ user, token }) => {
      // Once per profile: init scripts run on every navigation, and a later logout or token
      // renewal must not be undone by the next page load.
      if (localStorage.getItem('e2eSignedIn')) return;
      localStorage.setItem('e2eSignedIn', 'true');
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem('token', token);
      localStorage.setItem('disclaimerAccepted', 'true');
      localStorage.setItem('cookieNoticeAccepted', 'true');
    },
    { user: body.user, token: body.token },
  );
  return body;
}
