import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { PendingGoogleLogin } from './google-oidc';

/** Sent only to /api/auth/google and /api/auth/google/callback. */
export const GOOGLE_LOGIN_COOKIE = 'magotips_google_login';
export const GOOGLE_LOGIN_COOKIE_PATH = '/api/auth/google';
/** Long enough to pick an account and consent; short enough that a stale tab cannot finish. */
export const GOOGLE_LOGIN_TTL_MS = 10 * 60_000;

const ZStored = z.object({
  s: z.string().min(1),
  n: z.string().min(1),
  v: z.string().min(1),
  t: z.number().int(),
});

/** Its own key, derived from JWT_SECRET: nothing signed for this cookie can pass as a session
 * token or the other way round. */
export function googleCookieSecret(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('magotips:google-login-cookie').digest('base64url');
}

/** The cookie's value before signing (the signature is @fastify/cookie's). */
export function encodePendingLogin(pending: PendingGoogleLogin, now: Date): string {
  const stored: z.infer<typeof ZStored> = {
    s: pending.state,
    n: pending.nonce,
    v: pending.codeVerifier,
    t: now.getTime(),
  };
  return Buffer.from(JSON.stringify(stored)).toString('base64url');
}

/** The pending login of an already verified cookie value; null when malformed or older than
 * ten minutes (the browser's Max-Age is not trusted alone). */
export function decodePendingLogin(value: string, now: Date): PendingGoogleLogin | null {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = ZStored.safeParse(json);
  if (!parsed.success) return null;
  const age = now.getTime() - parsed.data.t;
  // A minute of slack for clocks of different instances that disagree a little.
  if (age < -60_000 || age > GOOGLE_LOGIN_TTL_MS) return null;
  return { state: parsed.data.s, nonce: parsed.data.n, codeVerifier: parsed.data.v };
}
