import { eq } from 'drizzle-orm';
import type { RoleName } from '@magotips/contracts/roles';
import type { Db } from '../../db/database';
import { subscriptions, userRoles, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type RoleRow = { role: RoleName; assignedBy: string | null };

/** A user with what every authorization decision needs, read fresh on each request. */
export type UserAccount = { user: UserRow; roles: RoleRow[]; subscription: SubscriptionRow | null };

export function createUsersRepository(db: Db) {
  return {
    async findAccount(userId: string): Promise<UserAccount | null> {
      const [row] = await db
        .select({ user: users, subscription: subscriptions })
        .from(users)
        .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
        .where(eq(users.id, userId))
        .limit(1);
      if (!row) return null;
      const roles = await db
        .select({ role: userRoles.role, assignedBy: userRoles.assignedBy })
        .from(userRoles)
        .where(eq(userRoles.userId, userId))
        .orderBy(userRoles.assignedAt);
      return { user: row.user, roles, subscription: row.subscription };
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
