import type { Attribution } from '@magotips/contracts/attribution';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { userRoles, users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import type { UserRow } from '../users/users.repository';

export type NewGoogleUser = {
  googleSub: string;
  email: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  /** Google vouched for the address, so the account starts confirmed. */
  emailVerifiedAt: Date;
  /** The browser's country and zone at sign-up (decision 0114). */
  country: string;
  timeZone: string;
} & Partial<Attribution>;

export function createGoogleAuthRepository(db: Db) {
  return {
    async findUserByGoogleSub(sub: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
      return row ?? null;
    },

    /** The user and the base role together, without a password. A unique violation (the
     * e-mail, or the same Google account finishing twice at once) is answered, not thrown:
     * the caller looks again and decides. */
    async createGoogleUser(
      input: NewGoogleUser,
    ): Promise<{ ok: true; userId: string } | { ok: false }> {
      try {
        const userId = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({ ...input, passwordHash: null, phone: null })
            .returning({ id: users.id });
          if (!row) throw new Error('user not inserted');
          await tx.insert(userRoles).values({ userId: row.id, role: 'user', isSystem: true });
          return row.id;
        });
        return { ok: true, userId };
      } catch (err) {
        if (isUniqueViolation(err)) return { ok: false };
        throw err;
      }
    },
  };
}
export type GoogleAuthRepository = ReturnType<typeof createGoogleAuthRepository>;
