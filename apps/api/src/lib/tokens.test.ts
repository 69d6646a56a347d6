import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens';

const secret = 'a-test-secret-that-is-long-enough-to-sign-hs256';
const now = new Date('2026-11-21T10:00:00Z');
const U1 = '11111111-1111-4111-8111-111111111111';
const SID = '22222222-2222-4222-8222-222222222222';

describe('session tokens', () => {
  it('round-trips the user id and token version', async () => {
    const tokens = createTokenService(secret);
    const token = await tokens.sign({ userId: U1, version: 3 }, now);
    expect(await tokens.verify(token, now)).toEqual({ userId: U1, version: 3, sessionId: null });
  });

  it('round-trips the session id', async () => {
    const tokens = createTokenService(secret);
    const token = await tokens.sign({ userId: U1, version: 0, sessionId: SID }, now);
    expect(await tokens.verify(token, now)).toEqual({ userId: U1, version: 0, sessionId: SID });
  });

  it('refuses a validly signed token without exp, or whose sub or sid is not a UUID', async () => {
    const { SignJWT } = await import('jose');
    const key = new TextEncoder().encode(secret);
    const iat = Math.floor(now.getTime() / 1000);
    const base = () =>
      new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('magotips')
        .setIssuedAt(iat);
    const tokens = createTokenService(secret);
    expect(await tokens.verify(await base().setSubject(U1).sign(key), now)).toBeNull();
    expect(
      await tokens.verify(
        await base()
          .setSubject('admin')
          .setExpirationTime(iat + 60)
          .sign(key),
        now,
      ),
    ).toBeNull();
    const badSid = await new SignJWT({ ver: 0, sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('magotips')
      .setSubject(U1)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 60)
      .sign(key);
    expect(await tokens.verify(badSid, now)).toBeNull();
  });

  it('expires after 15 minutes', async () => {
    const tokens = createTokenService(secret);
    const token = await tokens.sign({ userId: U1, version: 0 }, now);
    expect(await tokens.verify(token, new Date(now.getTime() + 14 * 60_000))).not.toBeNull();
    expect(await tokens.verify(token, new Date(now.getTime() + 16 * 60_000))).toBeNull();
  });

  it('refuses a token signed with another secret, tampered or malformed', async () => {
    const other = await createTokenService(`${secret}-other`).sign({ userId: U1, version: 0 }, now);
    const tokens = createTokenService(secret);
    expect(await tokens.verify(other, now)).toBeNull();
    const good = await tokens.sign({ userId: U1, version: 0 }, now);
    const [h, , s] = good.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ sub: 'admin', ver: 0, iss: 'magotips' })).toString('base64url')}.${s}`;
    expect(await tokens.verify(forged, now)).toBeNull();
    expect(await tokens.verify('not-a-jwt', now)).toBeNull();
  });
});
