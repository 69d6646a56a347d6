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
  // 18 bytes of the MAC are plenty against forgery and keep the address under Fastify's
  // 100-character limit for a path parameter.
  const sign = (body: Buffer) =>
    createHmac('sha256', key).update(body).digest().subarray(0, 18).toString('base64url');
  return {
    issue(userId: string, now: Date): string {
      // The user's UUID as its 16 bytes, then the expiry in seconds: a short token.
      const body = Buffer.alloc(20);
      Buffer.from(userId.replaceAll('-', ''), 'hex').copy(body);
      body.writeUInt32BE(Math.floor((now.getTime() + PORTAL_LIFETIME_MS) / 1000), 16);
      return `${body.toString('base64url')}.${sign(body)}`;
    },
    /** The user the token names, or null if forged, mangled or expired. */
    read(token: string, now: Date): string | null {
      const [encoded, signature] = token.split('.');
      if (!encoded || !signature) return null;
      const body = Buffer.from(encoded, 'base64url');
      if (body.length !== 20) return null;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      if (body.readUInt32BE(16) * 1000 <= now.getTime()) return null;
      const hex = body.subarray(0, 16).toString('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  };
}
export type PortalTokens = ReturnType<typeof createPortalTokens>;
