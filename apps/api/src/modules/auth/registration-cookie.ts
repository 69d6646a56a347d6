import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { VERIFY_EMAIL_TOKEN_HOURS } from '@magotips/contracts/auth';
import { cookieKey, freshEnough } from './auth-cookies';

/**
 * The registration's binding to the browser that made it (decision 0082): following a
 * confirmation link signs in only the browser holding the cookie of the sign-up that made that
 * account; anywhere else the link confirms the address and the person signs in with the
 * password. So nobody can sign a victim into an account of the attacker's by sending them its
 * link (login CSRF).
 */
export const REGISTRATION_COOKIE = 'magotips_registration';
/** Sent only to the confirmation call: no other request carries it. */
export const REGISTRATION_COOKIE_PATH = '/api/auth/verify-email';
/** As long as the link it goes with. */
export const REGISTRATION_TTL_MS = VERIFY_EMAIL_TOKEN_HOURS * 3_600_000;
/** The signing key's purpose (auth-cookies.ts). */
export const REGISTRATION_COOKIE_PURPOSE = 'registration-cookie';

/**
 * The value is `<issued ms>.<tag>`, the tag an HMAC of the account's id under a key of its own,
 * so the cookie does not show the id: a sign-up whose address already had an account gets a
 * random tag of the same length, and nothing in the answer tells the two apart (issue 29
 * item 7). @fastify/cookie signs the whole value on top.
 */
export function createRegistrationBindings(jwtSecret: string) {
  const key = cookieKey(jwtSecret, 'registration-binding');
  const tagOf = (userId: string) =>
    createHmac('sha256', key).update(`registration:${userId}`).digest();

  return {
    /** The cookie's value for the account just created. */
    forAccount(userId: string, now: Date): string {
      return `${now.getTime()}.${tagOf(userId).toString('base64url')}`;
    },

    /** A sign-up that created no account: the same shape, bound to nobody. */
    decoy(now: Date): string {
      return `${now.getTime()}.${randomBytes(32).toString('base64url')}`;
    },

    /** Whether an already verified cookie value binds this browser to `userId`'s sign-up and
     * is no older than its link. */
    binds(value: string | null, userId: string, now: Date): boolean {
      if (!value) return false;
      const [issued, tag, extra] = value.split('.');
      if (!issued || !tag || extra !== undefined || !/^\d+$/.test(issued)) return false;
      if (!freshEnough(Number(issued), now, REGISTRATION_TTL_MS)) return false;
      const expected = tagOf(userId);
      const given = Buffer.from(tag, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type RegistrationBindings = ReturnType<typeof createRegistrationBindings>;
