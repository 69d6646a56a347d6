import { z } from 'zod';
import { freshEnough } from './auth-cookies';
import { signUpLocale, type ReaderLocale } from '../users/user-locale';
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
  // The sign-up's country and zone from the browser (decision 0114), already checked at the
  // start; absent from cookies of a start without them.
  c: z.string().max(5).optional(),
  z: z.string().max(64).optional(),
});

/** A login in progress, and the country and zone a new account would take. */
export type PendingGoogleSignIn = { login: PendingGoogleLogin; locale: ReaderLocale };

/** Names its own key, derived from JWT_SECRET (auth-cookies.ts): nothing signed for this
 * cookie can pass as a session token or the other way round. */
export const GOOGLE_COOKIE_PURPOSE = 'google-login-cookie';

/** The cookie's value before signing (the signature is @fastify/cookie's). */
export function encodePendingLogin(
  pending: PendingGoogleLogin,
  now: Date,
  locale: ReaderLocale,
): string {
  const stored: z.infer<typeof ZStored> = {
    s: pending.state,
    n: pending.nonce,
    v: pending.codeVerifier,
    t: now.getTime(),
    c: locale.country,
    z: locale.timeZone,
  };
  return Buffer.from(JSON.stringify(stored)).toString('base64url');
}

/** The pending login of an already verified cookie value; null when malformed or older than
 * ten minutes (the browser's Max-Age is not trusted alone). */
export function decodePendingLogin(value: string, now: Date): PendingGoogleSignIn | null {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = ZStored.safeParse(json);
  if (!parsed.success) return null;
  if (!freshEnough(parsed.data.t, now, GOOGLE_LOGIN_TTL_MS)) return null;
  const { s: state, n: nonce, v: codeVerifier, c: country, z: timeZone } = parsed.data;
  // Checked again on the way out: the cookie is signed, but the rule lives in one place.
  return { login: { state, nonce, codeVerifier }, locale: signUpLocale(country, timeZone) };
}
