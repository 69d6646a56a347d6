import { createSecretKey } from 'node:crypto';
import { TOKEN_TTL_SECONDS } from '@magotips/contracts/auth';
import { errors, jwtVerify, SignJWT } from 'jose';

/** `sessionId` is the server-side session (docs/decisions/0020); null on a token signed without
 * one, which the guards refuse (decision 0085). */
export type TokenClaims = { userId: string; version: number; sessionId: string | null };

/** What a token is signed with; a sign-in always passes `sessionId` (tokens.test.ts may not). */
export type SignClaims = Omit<TokenClaims, 'sessionId'> & { sessionId?: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ISSUER = 'magotips';
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
    /** The claims of a valid token, or null for anything expired, forged or malformed. */
    async verify(token: string, now: Date): Promise<TokenClaims | null> {
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
        // jose accepts a token without `exp` as never expiring: ours always carry one. A `sub` or
        // `sid` that is not a UUID would reach the database as a malformed id (a 500): refused.
        if (typeof payload.exp !== 'number') return null;
        if (
          typeof payload.sub !== 'string' ||
          !UUID.test(payload.sub) ||
          typeof payload.ver !== 'number'
        )
          return null;
        const sid = payload.sid;
        if (sid !== undefined && (typeof sid !== 'string' || !UUID.test(sid))) return null;
        const claims: TokenClaims = {
          userId: payload.sub,
          version: payload.ver,
          sessionId: sid ?? null,
        };
        remember(token, claims, payload.exp);
        return claims;
      } catch (err) {
        if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
