import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { alertPreferences, emailTokens, userRoles, users } from '../../db/schema';
import type { UserRow } from '../users/users.repository';

export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];
export type NewUser = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  dateOfBirth: string;
  passwordHash: string;
  /** Contracts' country code and IANA zone (decision 0114). */
  country: string;
  timeZone: string;
};
export type NewEmailToken = { tokenHash: string; expiresAt: Date };
export type EmailTokenState = { usedAt: Date | null; expiresAt: Date };

const EMAIL_UNIQUE_INDEX = 'users_email_lower_uq';

/** Both drivers report a unique violation as SQLSTATE 23505, possibly wrapped by Drizzle. */
function isEmailUniqueViolation(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') {
      const constraint = 'constraint' in current ? current.constraint : undefined;
      return constraint === undefined || constraint === EMAIL_UNIQUE_INDEX;
    }
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/** Same expression as the unique index, so the lookup uses it and agrees with it on case. */
const sameEmail = (email: string) => eq(sql`lower(${users.email})`, sql`lower(${email})`);

export function createAuthRepository(db: Db) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(sameEmail(email)).limit(1);
      return row ?? null;
    },

    /** The user, the base role, the first verification token and, with `newsConsentAt` (the
     * sign-up's "Quiero recibir novedades…"), the consent and the e-mail alerts for free tips:
     * together or not at all. */
    async createUser(
      input: NewUser,
      token: NewEmailToken,
      newsConsentAt: Date | null = null,
    ): Promise<{ ok: true; userId: string } | { ok: false; reason: 'email_taken' }> {
      try {
        const userId = await db.transaction(async (tx) => {
          const [row] = await tx.insert(users).values(input).returning({ id: users.id });
          if (!row) throw new Error('user not inserted');
          await tx.insert(userRoles).values({ userId: row.id, role: 'user', isSystem: true });
          await tx
            .insert(emailTokens)
            .values({ userId: row.id, purpose: 'verify_email', ...token });
          if (newsConsentAt) {
            await tx.insert(alertPreferences).values({
              userId: row.id,
              emailFree: true,
              newsConsentAt,
              createdAt: newsConsentAt,
              updatedAt: newsConsentAt,
            });
          }
          return row.id;
        });
        return { ok: true, userId };
      } catch (err) {
        // Two sign-ups with one e-mail at once: the index decides, the loser gets a 409.
        if (isEmailUniqueViolation(err)) return { ok: false, reason: 'email_taken' };
        throw err;
      }
    },

    /** Erases the person: roles, e-mail tokens, subscription and pack purchases cascade;
     * payment records stay, their user_id set to null (schema.ts). */
    async deleteUser(userId: string): Promise<boolean> {
      const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
      return rows.length > 0;
    },

    /** Stores a new token. Expired tokens of the same kind are swept; with `replaceUnused`,
     * earlier unused ones stop working too (only the newest reset link is valid). */
    async addEmailToken(
      userId: string,
      purpose: EmailTokenPurpose,
      token: NewEmailToken,
      now: Date,
      opts: { replaceUnused: boolean },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const stale = opts.replaceUnused
          ? or(lte(emailTokens.expiresAt, now), isNull(emailTokens.usedAt))
          : lte(emailTokens.expiresAt, now);
        await tx
          .delete(emailTokens)
          .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), stale));
        await tx.insert(emailTokens).values({ userId, purpose, ...token });
      });
    },

    async findEmailToken(
      tokenHash: string,
      purpose: EmailTokenPurpose,
    ): Promise<EmailTokenState | null> {
      const [row] = await db
        .select({ usedAt: emailTokens.usedAt, expiresAt: emailTokens.expiresAt })
        .from(emailTokens)
        .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
        .limit(1);
      return row ?? null;
    },

    /** Uses a verification token (once, before it expires) and activates its account. */
    async verifyEmail(tokenHash: string, now: Date): Promise<string | null> {
      return db.transaction(async (tx) => {
        const userId = await consume(tx, tokenHash, 'verify_email', now);
        if (!userId) return null;
        await tx
          .update(users)
          .set({
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
            updatedAt: now,
          })
          .where(eq(users.id, userId));
        // The other links in the inbox have nothing left to do.
        await tx
          .delete(emailTokens)
          .where(
            and(
              eq(emailTokens.userId, userId),
              eq(emailTokens.purpose, 'verify_email'),
              ne(emailTokens.tokenHash, tokenHash),
            ),
          );
        return userId;
      });
    },

    /** Uses a reset token and sets the new password. Following the link proves the mailbox,
     * so an account still waiting for confirmation is confirmed too. */
    async resetPassword(
      tokenHash: string,
      passwordHash: string,
      now: Date,
    ): Promise<string | null> {
      return db.transaction(async (tx) => {
        const userId = await consume(tx, tokenHash, 'reset_password', now);
        if (!userId) return null;
        await tx
          .update(users)
          .set({
            passwordHash,
            tokenVersion: sql`${users.tokenVersion} + 1`,
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
            updatedAt: now,
          })
          .where(eq(users.id, userId));
        await deleteUnusedResetTokens(tx, userId);
        return userId;
      });
    },

    /** Sets a new password and bumps the token version, ending every session issued before;
     * answers the new version for the caller's fresh token. */
    async changePassword(userId: string, passwordHash: string, now: Date): Promise<number | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
          .where(eq(users.id, userId))
          .returning({ tokenVersion: users.tokenVersion });
        if (!row) return null;
        // A reset link mailed before the change must not undo it.
        await deleteUnusedResetTokens(tx, userId);
        return row.tokenVersion;
      });
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Single use, atomically: two requests with one token cannot both get the user id. */
async function consume(
  tx: Tx,
  tokenHash: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string | null> {
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

async function deleteUnusedResetTokens(tx: Tx, userId: string): Promise<void> {
  await tx
    .delete(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, 'reset_password'),
        isNull(emailTokens.usedAt),
      ),
    );
}
