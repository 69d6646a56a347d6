import { createSecretKey } from 'node:crypto';
import { TOKEN_TTL_SECONDS } from '@magotips/contracts/auth';
import { errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';

/** `sessionId` is the server-side session (docs/decisions/0020); null on a token signed without
 * one, which the guards refuse (decision 0085). */
export type TokenClaims = { userId: string; version: number; sessionId: string | null };

/** What a token is signed with; a sign-in always passes `sessionId` (tokens.test.ts may not). */
export type SignClaims = Omit<TokenClaims, 'sessionId'> & { sessionId?: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ISSUER = 'magotips';

/** The claims of a verified payload, or null when they are not ours: jose accepts a token
 * without `exp` as never expiring (ours always carry one), and a `sub` or `sid` that is not a
 * UUID would reach the database as a malformed id (a 500). */
function claimsOf(payload: JWTPayload): TokenClaims | null {
  if (typeof payload.exp !== 'number') return null;
  if (typeof payload.sub !== 'string' || !UUID.test(payload.sub) || typeof payload.ver !== 'number')
    return null;
  const sid = payload.sid;
  if (sid !== undefined && (typeof sid !== 'string' || !UUID.test(sid))) return null;
  return { userId: payload.sub, version: payload.ver, sessionId: sid ?? null };
}
// Tokens already checked, with their expiry: a session's later requests skip the signature
// check (a quarter of an authenticated read's CPU). Bounded: the oldest go first.
const VERIFIED_MAX = 10_000;

/** Short-lived HS256 session tokens. `ver` is the user's token version: bumping it (password
 * change or reset) invalidates every token issued before. */
export function createTokenService(secret: string, ttlSeconds = TOKEN_TTL_SECONDS) {
  // A key object, imported once: raw bytes would be imported again on every verification.
  const key = createSecretKey(new TextEncoder().encode(secret));
  const verified = new Map<string, { claims: TokenClaims; exp: number }>();

  function remember(token: string, claims: TokenClaims, exp: number): void {
    if (verified.size >= VERIFIED_MAX) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, { claims, exp });
  }

  /** The claims of a valid token, or null for anything expired, forged or malformed. */
  async function verify(token: string, now: Date): Promise<TokenClaims | null> {
    const seconds = Math.floor(now.getTime() / 1000);
    const known = verified.get(token);
    // The same expiry rule as jose's: valid while exp is still ahead of now.
    if (known) {
      if (known.exp > seconds) return known.claims;
      verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: now,
      });
      const claims = claimsOf(payload);
      if (!claims || typeof payload.exp !== 'number') return null;
      remember(token, claims, payload.exp);
      return claims;
    } catch (err) {
      if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }

  return {
    async sign(claims: SignClaims, now: Date): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT(
        claims.sessionId ? { ver: claims.version, sid: claims.sessionId } : { ver: claims.version },
      )
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    verify,
    /**
     * For renewing and ending a session only (docs/decisions/0084): the claims of a token we
     * signed, even expired, as long as it names a session and expired at most `graceSeconds`
     * ago. Whether that session may still be renewed (7 days idle, 30 in all) is the sessions
     * service's call, read from its row; every other route keeps refusing an expired token.
     * `expiredIssuedAt`: when an expired token was signed (null for one still valid), so that
     * only the session's latest token may renew it once expired (decision 0091).
     */
    async verifyForRenewal(
      token: string,
      now: Date,
      graceSeconds: number,
    ): Promise<(TokenClaims & { expiredIssuedAt: Date | null }) | null> {
      const fresh = await verify(token, now);
      // Only a session's token renews or ends it: none without one (decision 0085).
      if (fresh) return fresh.sessionId ? { ...fresh, expiredIssuedAt: null } : null;
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: now,
          clockTolerance: graceSeconds,
        });
        const claims = claimsOf(payload);
        if (!claims?.sessionId || typeof payload.iat !== 'number') return null;
        return { ...claims, expiredIssuedAt: new Date(payload.iat * 1000) };
      } catch (err) {
        if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
