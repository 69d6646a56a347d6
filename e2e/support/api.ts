import { randomInt } from 'node:crypto';
import { expect, inject } from 'vitest';
import { waitForEmailLink } from './outbox';
import { DEMO, DEMO_PASSWORD } from './session';

export type Json = Record<string, unknown>;

/** A client address of its own per call: the server trusts one proxy hop in the journeys
 * (global-setup.ts), so preconditions never share per-IP rate-limit counters with the browser. */
const preconditionIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A call to the running server's API, for a journey's preconditions (never for what it tests). */
export async function api(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
) {
  const res = await fetch(`${inject('baseUrl')}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'x-forwarded-for': preconditionIp(),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

export async function tokenOf(email: string, password = DEMO_PASSWORD): Promise<string> {
  const { status, body } = await api('/auth/login', { method: 'POST', body: { email, password } });
  if (status !== 200) throw new Error(`login ${email}: ${status}`);
  return String(body.token);
}

/** The id of the demo's VIP tip called `title`, as the editor's management list shows it. */
export async function premiumTipId(title: string): Promise<string> {
  const token = await tokenOf(DEMO.editor);
  const { body } = await api('/tips?management=true&category=premium&limit=100', { token });
  const tips = body.tips as { _id: string; title: string }[];
  const tip = tips.find((candidate) => candidate.title === title);
  if (!tip) throw new Error(`No hay un tip premium «${title}» en los datos de demostración`);
  return tip._id;
}

let serial = 0;

/** A new, confirmed account (registered and verified through the real e-mail link), so a journey
 * that changes an account never disturbs the demo ones other files rely on. */
export async function freshAccount(
  label: string,
  names: { firstName: string; lastName: string },
  password: string,
  /** More of the sign-up body, e.g. `{ acceptsNews: true }` (the news box ticked). */
  extra: Json = {},
): Promise<{ email: string; id: string; token: string }> {
  // An address given in `extra` (one a precondition was seeded for) is used as it is.
  const email =
    typeof extra.email === 'string'
      ? extra.email
      : `e2e-${label}-${Date.now()}-${++serial}@example.com`;
  const registered = await api('/auth/register', {
    method: 'POST',
    body: { ...names, email, password, dateOfBirth: '1987-06-21', ...extra },
  });
  expect(registered.status).toBe(201);
  const link = await waitForEmailLink(inject('dataDir'), email, '/verify-email');
  const verified = await api('/auth/verify-email', {
    method: 'POST',
    body: { token: new URL(link).searchParams.get('token') },
  });
  expect(verified.status).toBe(200);
  // This client kept no sign-up cookie, so the link only confirmed (decision 0082): the password
  // opens the account's one session.
  expect(verified.body.signedIn).toBe(false);
  const signedIn = await api('/auth/login', { method: 'POST', body: { email, password } });
  expect(signedIn.status).toBe(200);
  const user = signedIn.body.user as { _id: string };
  return { email, id: user._id, token: String(signedIn.body.token) };
}
