import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { googleLoginCodes } from '../../db/schema';

/** How long the code in /auth/callback?code=… can be traded for a session. The SPA trades it
 * as soon as the page loads; a minute covers a slow phone, not a link pasted elsewhere later. */
export const GOOGLE_CODE_TTL_MS = 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const random = () => randomBytes(32).toString('base64url');

/**
 * The one-time codes that end a Google sign-in (docs/decisions/0032). The code travels in the
 * address, the binding secret in the browser's signed cookie; only their hashes are stored, and
 * a code is spent only together with the cookie of the browser that finished the sign-in, so a
 * callback address opened anywhere else does nothing (no login CSRF, no session in a URL).
 */
export function createGoogleLoginCodes(db: Db) {
  return {
    async issue(userId: string, now: Date): Promise<{ code: string; binding: string }> {
      const code = random();
      const binding = random();
      // Spent and stale codes are swept as new ones are made: the table stays tiny.
      await db.delete(googleLoginCodes).where(lte(googleLoginCodes.expiresAt, now));
      await db.insert(googleLoginCodes).values({
        codeHash: sha256(code),
        userId,
        bindingHash: sha256(binding),
        expiresAt: new Date(now.getTime() + GOOGLE_CODE_TTL_MS),
      });
      return { code, binding };
    },

    /** The user behind a code, spending it; null when unknown, spent, expired or presented
     * without its browser's binding. One statement: two exchanges cannot both win. */
    async redeem(code: string, binding: string, now: Date): Promise<string | null> {
      const [row] = await db
        .update(googleLoginCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(googleLoginCodes.codeHash, sha256(code)),
            eq(googleLoginCodes.bindingHash, sha256(binding)),
            isNull(googleLoginCodes.usedAt),
            gt(googleLoginCodes.expiresAt, now),
          ),
        )
        .returning({ userId: googleLoginCodes.userId });
      return row?.userId ?? null;
    },
  };
}
export type GoogleLoginCodes = ReturnType<typeof createGoogleLoginCodes>;
