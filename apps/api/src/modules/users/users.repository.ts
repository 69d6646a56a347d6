import type { RoleName, RoleOrigin } from '@magotips/contracts/roles';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { subscriptions, userRoles, users } from '../../db/schema';
import { readerLocale, type ReaderLocale } from './user-locale';

export type UserRow = typeof users.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type RoleRow = { role: RoleName; assignedBy: string | null; origin: RoleOrigin };

/** Whether the role's assigner still holds admin: a correlated EXISTS on the user_roles primary
 * key. The outer column is written qualified by hand ("user_roles".assigned_by): Drizzle leaves
 * columns of a one-table query bare, and a bare name would bind to the inner, aliased table. */
const assignerIsAdmin = sql<boolean>`exists (select 1 from ${userRoles} as assigner where assigner.user_id = ${userRoles}.assigned_by and assigner.role = 'admin')`;

/** What every role read selects: enough to tell who may remove the role (decision 0027). */
export const roleColumns = {
  role: userRoles.role,
  assignedBy: userRoles.assignedBy,
  isSystem: userRoles.isSystem,
  assignerIsAdmin,
};

/** A system role stays; an admin's role is theirs to remove while they are an admin; once the
 * assigner is deleted (assigned_by set null) or no longer an admin, the role is orphaned. */
export function toRoleRow(r: {
  role: RoleName;
  assignedBy: string | null;
  isSystem: boolean;
  assignerIsAdmin: boolean;
}): RoleRow {
  const origin: RoleOrigin = r.isSystem
    ? 'system'
    : r.assignedBy !== null && r.assignerIsAdmin
      ? 'admin'
      : 'orphaned';
  return { role: r.role, assignedBy: r.assignedBy, origin };
}

/** A user with what every authorization decision needs, read fresh on each request. */
export type UserAccount = { user: UserRow; roles: RoleRow[]; subscription: SubscriptionRow | null };

/** Where and how to write to a user: their address and name, and their country and zone, which
 * every e-mail's dates and help line follow (decisions 0114, 0115). */
export type UserContact = { email: string; firstName: string; lastName: string } & ReaderLocale;

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
        .select(roleColumns)
        .from(userRoles)
        .where(eq(userRoles.userId, userId))
        .orderBy(userRoles.assignedAt);
      return { user: row.user, roles: roles.map(toRoleRow), subscription: row.subscription };
    },

    /** Where and how to write to a user (the e-mails about their payments); null once the
     * account is deleted. */
    async contactOf(userId: string): Promise<UserContact | null> {
      const [row] = await db
        .select({
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          country: users.country,
          timeZone: users.timeZone,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ? { ...row, ...readerLocale(row) } : null;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
