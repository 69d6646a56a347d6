import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where the simulated billing portal lives (decision 0096). */
export const SIMULATED_PORTAL_PATH = '/api/payments/simulated/portal';
/** As long as a portal link stays usable (Stripe's portal sessions are short-lived too). */
const PORTAL_LIFETIME_MS = 60 * 60_000;

/**
 * The simulated portal's address carries a signed "user, until" token instead of a stored
 * session: any instance can check it, and like Stripe's portal URL it is the only key to the
 * page (no sign-in there). Signed with a key derived from the server's secret.
 */
export function createPortalTokens(secret: string) {
  const key = createHmac('sha256', secret).update('magotips:simulated-portal').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    issue(userId: string, now: Date): string {
      const body = `${userId}.${now.getTime() + PORTAL_LIFETIME_MS}`;
      return `${Buffer.from(body).toString('base64url')}.${sign(body)}`;
    },
    /** The user the token names, or null if forged, mangled or expired. */
    read(token: string, now: Date): string | null {
      const [encoded, signature] = token.split('.');
      if (!encoded || !signature) return null;
      const body = Buffer.from(encoded, 'base64url').toString('utf8');
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const [userId, until] = body.split('.');
      if (!userId || !until || Number(until) <= now.getTime()) return null;
      return userId;
    },
  };
}
export type PortalTokens = ReturnType<typeof createPortalTokens>;
