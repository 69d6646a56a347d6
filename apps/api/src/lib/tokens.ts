import { TOKEN_TTL_SECONDS } from '@magotips/contracts/auth';
import { errors, jwtVerify, SignJWT } from 'jose';

export type TokenClaims = { userId: string; version: number };

const ISSUER = 'magotips';

/** Short-lived HS256 session tokens. `ver` is the user's token version: bumping it (password
 * change or reset) invalidates every token issued before. */
export function createTokenService(secret: string, ttlSeconds = TOKEN_TTL_SECONDS) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: TokenClaims, now: Date): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ ver: claims.version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    /** The claims of a valid token, or null for anything expired, forged or malformed. */
    async verify(token: string, now: Date): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: now,
        });
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
        return { userId: payload.sub, version: payload.ver };
      } catch (err) {
        if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
