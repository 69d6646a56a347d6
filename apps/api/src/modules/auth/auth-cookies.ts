import { createHmac } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What the auth module's browser-binding cookies share (decisions 0032 and 0082): the Google
 * sign-in's state and code binding, and the registration's binding to its confirmation link.
 * Each is signed by @fastify/cookie with a key of its own, sent to as few routes as possible,
 * and never readable by the page's script.
 */

/** A key of its own per purpose, derived from JWT_SECRET: nothing signed for one cookie can
 * pass as another's, or as a session token. */
export function cookieKey(jwtSecret: string, purpose: string): string {
  return createHmac('sha256', jwtSecret).update(`magotips:${purpose}`).digest('base64url');
}

/** Cookies in the calling module's own context only (the plugin is registered per module, so
 * no other route reads or sets them), signed with `purpose`'s key. */
export async function useSignedCookies(
  app: FastifyInstance,
  jwtSecret: string,
  purpose: string,
): Promise<void> {
  await app.register(cookie, { secret: cookieKey(jwtSecret, purpose) });
}

/** httpOnly, Secure in production, sent only to `path`. Lax: the browser comes back by a
 * top-level navigation (from Google's site, or from a link in an e-mail). */
export function bindingCookieOptions(path: string, isProduction: boolean) {
  return { path, httpOnly: true, sameSite: 'lax' as const, secure: isProduction };
}

/** The value of a signed cookie whose signature holds; null when absent or tampered with. */
export function readSignedCookie(request: FastifyRequest, name: string): string | null {
  const raw = request.cookies[name];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

/** Whether a cookie written at `issuedAt` (ms) is still good: the browser's Max-Age is not
 * trusted alone. A minute of slack for instances whose clocks disagree a little. */
export function freshEnough(issuedAt: number, now: Date, ttlMs: number): boolean {
  const age = now.getTime() - issuedAt;
  return age >= -60_000 && age <= ttlMs;
}
