import { and, asc, count, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { ASSIGNABLE_ROLES, type AssignableRole } from '@magotips/contracts/roles';
import type { Db } from '../../db/database';
import { subscriptions, userRoles, users } from '../../db/schema';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { type RoleRow, roleColumns, toRoleRow, type UserAccount } from '../users/users.repository';

export type PageRequest = { limit: number; offset: number };
export type AccountPage = { accounts: UserAccount[]; total: number; estimated: boolean };

/** Up to this many users are counted exactly; beyond, the planner's estimate is good enough
 * for a page count and spares every page of the plain list a scan of the whole table. */
export const USERS_EXACT_COUNT_LIMIT = 10_000;

/** `term` as a LIKE pattern that matches it anywhere, its own % _ and \ taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// Exactly users_created_at_idx's order (DESC NULLS LAST, id): plain DESC means NULLS FIRST in
// PostgreSQL, and that mismatch alone turns the first page into a sort of the whole table.
const newestFirst = [sql`${users.createdAt} desc nulls last`, asc(users.id)];

export function createAdminRepository(db: Db) {
  // Staff = holds a role other than `user`. Driven by user_roles_role_idx: the planner starts
  // from the few staff rows and looks each user up by key, never reading every user.
  const isStaff = exists(
    db
      .select({ one: sql`1` })
      .from(userRoles)
      .where(and(eq(userRoles.userId, users.id), inArray(userRoles.role, [...ASSIGNABLE_ROLES]))),
  );

  /** Roles of a whole page in one query (by the user_roles primary key), not one per user. */
  async function withRoles(
    rows: {
      user: typeof users.$inferSelect;
      subscription: typeof subscriptions.$inferSelect | null;
    }[],
  ): Promise<UserAccount[]> {
    if (rows.length === 0) return [];
    const roleRows = await db
      .select({ userId: userRoles.userId, ...roleColumns })
      .from(userRoles)
      .where(
        inArray(
          userRoles.userId,
          rows.map((r) => r.user.id),
        ),
      )
      .orderBy(asc(userRoles.assignedAt), asc(userRoles.role));
    const byUser = new Map<string, RoleRow[]>();
    for (const r of roleRows) {
      const list = byUser.get(r.userId) ?? [];
      list.push(toRoleRow(r));
      byUser.set(r.userId, list);
    }
    return rows.map((r) => ({
      user: r.user,
      subscription: r.subscription,
      roles: byUser.get(r.user.id) ?? [],
    }));
  }

  async function rowsOf(where: SQL | undefined, orderBy: SQL[], { limit, offset }: PageRequest) {
    const rows = await db
      .select({ user: users, subscription: subscriptions })
      .from(users)
      .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset);
    return withRoles(rows);
  }

  /** Filtered lists (staff, exact matches) are small and index-driven: counted exactly. */
  async function page(
    where: SQL | undefined,
    orderBy: SQL[],
    paging: PageRequest,
  ): Promise<AccountPage> {
    const accounts = await rowsOf(where, orderBy, paging);
    const [counted] = await db.select({ total: count() }).from(users).where(where);
    return { accounts, total: counted?.total ?? 0, estimated: false };
  }

  async function countAllUsers(): Promise<{ total: number; estimated: boolean }> {
    const capped = db
      .select({ one: sql`1` })
      .from(users)
      .limit(USERS_EXACT_COUNT_LIMIT + 1)
      .as('capped');
    const [counted] = await db.select({ total: count() }).from(capped);
    const exact = counted?.total ?? 0;
    if (exact <= USERS_EXACT_COUNT_LIMIT) return { total: exact, estimated: false };
    const [stats] = await db
      .select({ reltuples: sql<number>`reltuples` })
      .from(sql`pg_class`)
      .where(sql`oid = 'users'::regclass`);
    const estimate = Number(stats?.reltuples ?? -1);
    // Never analysed yet (-1): count once for real rather than show a wrong page count.
    if (estimate < 0) {
      const [all] = await db.select({ total: count() }).from(users);
      return { total: all?.total ?? exact, estimated: false };
    }
    return { total: Math.max(Math.round(estimate), exact), estimated: true };
  }

  return {
    /** Every user, newest first. */
    async listAll(paging: PageRequest): Promise<AccountPage> {
      const accounts = await rowsOf(undefined, newestFirst, paging);
      return { accounts, ...(await countAllUsers()) };
    },

    /** Staff whose first name, last name or e-mail contains `term`, ignoring case. */
    searchStaff(term: string, paging: PageRequest): Promise<AccountPage> {
      const pattern = containsPattern(term);
      const text =
        term === ''
          ? undefined
          : or(
              ilike(users.firstName, pattern),
              ilike(users.lastName, pattern),
              ilike(users.email, pattern),
            );
      const where = and(isStaff, text);
      return page(where, [asc(users.firstName), asc(users.lastName), asc(users.id)], paging);
    },

    /** Users whose full e-mail or full name ("first last") is `term`, ignoring case. Both sides
     * repeat an indexed expression (users_email_lower_uq, users_full_name_lower_idx). */
    findExact(term: string, paging: PageRequest): Promise<AccountPage> {
      const where = sql`(lower(${users.email}) = lower(${term}) or lower(${users.firstName} || ' ' || ${users.lastName}) = lower(${term}))`;
      return page(where, newestFirst, paging);
    },

    /** 'held' when the user already has the role; 'no-user' when the user does not exist. */
    async addRole(
      userId: string,
      role: AssignableRole,
      assignedBy: string,
      at: Date,
    ): Promise<'added' | 'held' | 'no-user'> {
      try {
        const rows = await db
          .insert(userRoles)
          .values({ userId, role, assignedBy, assignedAt: at })
          .onConflictDoNothing()
          .returning({ role: userRoles.role });
        return rows.length > 0 ? 'added' : 'held';
      } catch (error) {
        // Deleted between the lookup and the insert: the same answer as an unknown user.
        if (isForeignKeyViolation(error)) return 'no-user';
        throw error;
      }
    },

    /** Deletes the role only if `assignedBy` still gave it, so a concurrent change cannot let
     * another admin's role go. */
    async removeRoleAssignedBy(
      userId: string,
      role: AssignableRole,
      assignedBy: string,
    ): Promise<boolean> {
      const rows = await db
        .delete(userRoles)
        .where(
          and(
            eq(userRoles.userId, userId),
            eq(userRoles.role, role),
            eq(userRoles.assignedBy, assignedBy),
          ),
        )
        .returning({ role: userRoles.role });
      return rows.length > 0;
    },

    /** Deletes the role only if it is still orphaned (decision 0027): not a system role, and its
     * assigner deleted or no longer an admin. One statement, so an assigner made admin again
     * meanwhile keeps their role. */
    async removeOrphanedRole(userId: string, role: AssignableRole): Promise<boolean> {
      const rows = await db
        .delete(userRoles)
        .where(
          and(
            eq(userRoles.userId, userId),
            eq(userRoles.role, role),
            eq(userRoles.isSystem, false),
            sql`not ${roleColumns.assignerIsAdmin}`,
          ),
        )
        .returning({ role: userRoles.role });
      return rows.length > 0;
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
