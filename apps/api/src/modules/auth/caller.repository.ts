import type { RoleName } from '@magotips/contracts/roles';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { sessions, subscriptions, userRoles, users } from '../../db/schema';
import { toRoleRow, type UserAccount } from '../users/users.repository';
import type { SessionRow } from './sessions.repository';

type RawRole = {
  role: RoleName;
  assignedBy: string | null;
  isSystem: boolean;
  assignerIsAdmin: boolean;
};

/** The caller's roles as one JSON array, in the order they were given (as findAccount reads
 * them), each with whether its assigner is still an admin (decision 0027). Written as SQL: a
 * correlated subquery keeps the whole identity check one statement (decision 0092). */
const rolesOfUser = sql<RawRole[]>`coalesce((
  select json_agg(json_build_object(
    'role', r.role,
    'assignedBy', r.assigned_by,
    'isSystem', r.is_system,
    'assignerIsAdmin', exists (
      select 1 from ${userRoles} as assigner
      where assigner.user_id = r.assigned_by and assigner.role = 'admin'
    )
  ) order by r.assigned_at)
  from ${userRoles} as r where r.user_id = ${users.id}
), '[]'::json)`;

/** A session with the account it belongs to: what every signed-in request checks. */
export type CallerRow = { session: SessionRow; account: UserAccount };

export function createCallerRepository(db: Db) {
  // Prepared once: building this select with Drizzle on every request cost more CPU than
  // running it (decision 0092); the placeholders are bound per call.
  const findCaller = db
    .select({ session: sessions, user: users, subscription: subscriptions, roles: rolesOfUser })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
      ),
    )
    .limit(1)
    .prepare('caller_identity');

  return {
    /**
     * The session `sessionId` of user `userId`, with that user's account, subscription and roles,
     * in one statement: on match day each of thousands of distinct readers misses the read cache
     * once, and three round trips per reader (account, roles, session) were most of a cache-off
     * read's statements (decision 0092). Null when either is gone or they do not belong together.
     */
    async find(userId: string, sessionId: string): Promise<CallerRow | null> {
      const [row] = await findCaller.execute({ sessionId, userId });
      if (!row) return null;
      return {
        session: row.session,
        account: {
          user: row.user,
          subscription: row.subscription,
          roles: row.roles.map(toRoleRow),
        },
      };
    },
  };
}
export type CallerRepository = ReturnType<typeof createCallerRepository>;
