import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { readOutbox, tokenFromMail, waitFor } from './mail';

export const PASSWORD = 'secreta1';

/** A different client address per call, so tests do not share rate-limit counters. */
export const randomIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export const uniqueEmail = (tag = 'u'): string => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ana',
    lastName: 'López',
    email: uniqueEmail('ana'),
    password: PASSWORD,
    dateOfBirth: '1990-05-04',
    ...overrides,
  };
}

export function post(
  app: FastifyInstance,
  url: string,
  payload?: object,
  opts: { ip?: string; authorization?: string; cookies?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    ...(payload ? { payload } : {}),
    headers: opts.authorization ? { authorization: opts.authorization } : {},
    ...(opts.cookies ? { cookies: opts.cookies } : {}),
    remoteAddress: opts.ip ?? randomIp(),
  });
}

/** The sign-up's binding cookie (decision 0082), as the browser that registered keeps it: pass
 * it as `cookies` to the confirmation call to be that browser. */
export const REGISTRATION_COOKIE = 'magotips_registration';

export function registrationCookie(res: LightMyRequestResponse): Record<string, string> {
  const set = res.cookies.find((c) => c.name === REGISTRATION_COOKIE && c.value !== '');
  if (!set) throw new Error(`no ${REGISTRATION_COOKIE} cookie in the answer`);
  return { [REGISTRATION_COOKIE]: set.value };
}

/** The newest outbox mail to `email` carrying a `page` link, and its token. */
export async function mailedToken(
  dataDir: string,
  email: string,
  page: 'verify-email' | 'reset-password',
): Promise<string> {
  return waitFor(() => {
    const mails = readOutbox(dataDir).filter((m) => m.raw.includes(`To: ${email}`));
    for (const mail of mails.reverse()) {
      const token = tokenFromMail(mail.raw, page);
      if (token) return token;
    }
    return null;
  });
}

/** Registers through the API and follows the mailed link in the same browser: an active
 * account, as a person would end up with. Following the link signs that browser in (issue 13,
 * decision 0082); the helper signs out of that session again, so a test starts from an account
 * with no session open. */
export async function registerVerified(
  app: FastifyInstance,
  dataDir: string,
  overrides: Record<string, unknown> = {},
): Promise<{ email: string; password: string }> {
  const body = registration(overrides);
  const res = await post(app, '/api/auth/register', body);
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  const token = await mailedToken(dataDir, body.email, 'verify-email');
  const verified = await post(
    app,
    '/api/auth/verify-email',
    { token },
    { cookies: registrationCookie(res) },
  );
  if (verified.statusCode !== 200)
    throw new Error(`verify: ${verified.statusCode} ${verified.body}`);
  const { token: linkSession } = verified.json<{ token: string }>();
  const out = await post(app, '/api/auth/logout', undefined, {
    authorization: `Bearer ${linkSession}`,
  });
  if (out.statusCode !== 200) throw new Error(`logout after verify: ${out.statusCode} ${out.body}`);
  return { email: body.email, password: body.password };
}

export async function login(
  app: FastifyInstance,
  email: string,
  password: string,
  ip?: string,
): Promise<{ status: number; token: string; body: Record<string, unknown> }> {
  const res = await post(app, '/api/auth/login', { email, password }, { ip });
  const body = res.json<Record<string, unknown>>();
  return { status: res.statusCode, token: typeof body.token === 'string' ? body.token : '', body };
}
