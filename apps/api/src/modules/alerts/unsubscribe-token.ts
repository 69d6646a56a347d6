import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AlertChannel } from '@magotips/contracts/alerts';

/** Channels a reader can leave from a link (the Telegram post has no reader). */
export type PersonalChannel = Extract<AlertChannel, 'email' | 'push'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAC = /^[A-Za-z0-9_-]{43}$/;

/**
 * The token of an alert's unsubscribe link: `{channel}.{userId}.{HMAC}`. It never expires (a link
 * in an old e-mail must still work, RFC 8058) and holds nothing secret; the HMAC's key is derived
 * from JWT_SECRET with its own label, so this token can never pass for a session token nor the
 * other way round.
 */
export function createUnsubscribeTokens(jwtSecret: string) {
  const key = createHmac('sha256', jwtSecret).update('magotips:alerts-unsubscribe:v1').digest();
  const mac = (channel: string, userId: string) =>
    createHmac('sha256', key).update(`${channel}:${userId}`).digest();

  return {
    sign(userId: string, channel: PersonalChannel): string {
      return `${channel}.${userId}.${mac(channel, userId).toString('base64url')}`;
    },

    /** The reader and channel of a genuine token; null for anything else. */
    verify(token: string): { userId: string; channel: PersonalChannel } | null {
      const [channel, userId, given, ...rest] = token.split('.');
      if (rest.length > 0 || !channel || !userId || !given) return null;
      if ((channel !== 'email' && channel !== 'push') || !UUID.test(userId) || !MAC.test(given))
        return null;
      const expected = mac(channel, userId);
      const actual = Buffer.from(given, 'base64url');
      // Constant time: how far a guess matches must not show in the answer's timing.
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      return { userId, channel };
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
