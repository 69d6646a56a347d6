import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens';

const secret = 'a-test-secret-that-is-long-enough-to-sign-hs256';
const now = new Date('2026-11-21T10:00:00Z');

describe('session tokens', () => {
  it('round-trips the user id and token version', async () => {
    const tokens = createTokenService(secret);
    const token = await tokens.sign({ userId: 'u1', version: 3 }, now);
    expect(await tokens.verify(token, now)).toEqual({ userId: 'u1', version: 3 });
  });

  it('expires after 15 minutes', async () => {
    const tokens = createTokenService(secret);
    const token = await tokens.sign({ userId: 'u1', version: 0 }, now);
    expect(await tokens.verify(token, new Date(now.getTime() + 14 * 60_000))).not.toBeNull();
    expect(await tokens.verify(token, new Date(now.getTime() + 16 * 60_000))).toBeNull();
  });

  it('refuses a token signed with another secret, tampered or malformed', async () => {
    const other = await createTokenService(`${secret}-other`).sign({ userId: 'u1', version: 0 }, now);
    const tokens = createTokenService(secret);
    expect(await tokens.verify(other, now)).toBeNull();
    const good = await tokens.sign({ userId: 'u1', version: 0 }, now);
    const [h, , s] = good.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ sub: 'admin', ver: 0, iss: 'magotips' })).toString('base64url')}.${s}`;
    expect(await tokens.verify(forged, now)).toBeNull();
    expect(await tokens.verify('not-a-jwt', now)).toBeNull();
  });
});
