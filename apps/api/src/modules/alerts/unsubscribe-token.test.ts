import { describe, expect, it } from 'vitest';
import { createUnsubscribeTokens } from './unsubscribe-token';

const userId = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';
const tokens = createUnsubscribeTokens('a-secret-long-enough-for-the-tests-0123456789');

describe('unsubscribe tokens', () => {
  it('a signed token names its reader and channel', () => {
    expect(tokens.verify(tokens.sign(userId, 'email'))).toEqual({ userId, channel: 'email' });
    expect(tokens.verify(tokens.sign(userId, 'push'))).toEqual({ userId, channel: 'push' });
  });

  it('refuses another secret, another reader or channel, and anything malformed', () => {
    const token = tokens.sign(userId, 'email');
    const [, , mac] = token.split('.');
    const other = createUnsubscribeTokens('another-secret-long-enough-for-the-tests-987');
    expect(other.verify(token)).toBeNull();
    expect(tokens.verify(`push.${userId}.${mac}`)).toBeNull();
    expect(tokens.verify(`email.${userId.replace('3f', '4f')}.${mac}`)).toBeNull();
    for (const bad of ['', 'email', `email.${userId}`, `${token}.x`, `telegram.${userId}.${mac}`])
      expect(tokens.verify(bad)).toBeNull();
    const flipped = `${mac?.startsWith('A') ? 'B' : 'A'}${mac?.slice(1)}`;
    expect(tokens.verify(`email.${userId}.${flipped}`)).toBeNull();
  });
});
