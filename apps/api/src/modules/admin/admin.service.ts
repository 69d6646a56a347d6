import {
  ADMIN_ERROR_CODES,
  ADMIN_MSG,
  type TAdminUsersResponse,
  type TRoleChangeResponse,
} from '@magotips/contracts/admin';
import { MSG } from '@magotips/contracts/messages';
import { ASSIGNABLE_ROLES, type AssignableRole } from '@magotips/contracts/roles';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { toUserDto } from '../users/user-dto';
import type { UserAccount, UsersRepository } from '../users/users.repository';
import type { AccountPage, AdminRepository } from './admin.repository';

export type UserListQuery = { search?: string; exact?: string; page: number; limit: number };

const ZId = z.uuid();

function userNotFound(): AppError {
  return new AppError(ADMIN_ERROR_CODES.userNotFound, 404, ADMIN_MSG.userNotFound);
}

function isAssignable(role: string): role is AssignableRole {
  return (ASSIGNABLE_ROLES as readonly string[]).includes(role);
}

export function createAdminService(deps: {
  admin: AdminRepository;
  users: UsersRepository;
  clock: Clock;
}) {
  /** A malformed id cannot name a user, so it is answered like an unknown one (never a 500). */
  async function accountOr404(userId: string): Promise<UserAccount> {
    if (!ZId.safeParse(userId).success) throw userNotFound();
    const account = await deps.users.findAccount(userId);
    if (!account) throw userNotFound();
    return account;
  }

  return {
    async listUsers(query: UserListQuery): Promise<TAdminUsersResponse> {
      if (query.search !== undefined && query.exact !== undefined) {
        throw new AppError(ADMIN_ERROR_CODES.searchAndExact, 400, ADMIN_MSG.searchAndExact);
      }
      const paging = { limit: query.limit, offset: (query.page - 1) * query.limit };
      let result: AccountPage;
      if (query.exact !== undefined) {
        // People type names with stray spaces; the stored full name has exactly one between.
        result = await deps.admin.findExact(query.exact.replace(/\s+/g, ' '), paging);
      } else if (query.search !== undefined) {
        result = await deps.admin.searchStaff(query.search, paging);
      } else {
        result = await deps.admin.listAll(paging);
      }
      const now = deps.clock();
      return {
        success: true,
        users: result.accounts.map((a) => toUserDto(a, now)),
        pagination: {
          page: query.page,
          limit: query.limit,
          pages: Math.ceil(result.total / query.limit),
          total: result.total,
          ...(result.estimated ? { estimated: true } : {}),
        },
      };
    },

    async assignRole(
      callerId: string,
      userId: string,
      role: AssignableRole,
    ): Promise<TRoleChangeResponse> {
      const account = await accountOr404(userId);
      const alreadyHeld = () =>
        AppError.conflict(
          ADMIN_MSG.roleAlreadyAssigned(role),
          ADMIN_ERROR_CODES.roleAlreadyAssigned,
        );
      if (account.roles.some((r) => r.role === role)) throw alreadyHeld();
      const outcome = await deps.admin.addRole(userId, role, callerId, deps.clock());
      if (outcome === 'held') throw alreadyHeld();
      if (outcome === 'no-user') throw userNotFound();
      return {
        success: true,
        message: ADMIN_MSG.roleAssigned(role),
        user: await freshUser(userId),
      };
    },

    async removeRole(
      callerId: string,
      userId: string,
      roleName: string,
    ): Promise<TRoleChangeResponse> {
      if (roleName === 'user')
        throw new AppError(ADMIN_ERROR_CODES.baseRole, 400, MSG.baseRoleRemoval);
      if (!isAssignable(roleName))
        throw new AppError(ADMIN_ERROR_CODES.roleInvalid, 400, ADMIN_MSG.roleInvalid);
      const account = await accountOr404(userId);
      const held = account.roles.find((r) => r.role === roleName);
      const notHeld = () =>
        new AppError(ADMIN_ERROR_CODES.roleNotHeld, 404, ADMIN_MSG.roleNotHeld(roleName));
      if (!held) throw notHeld();
      const systemRole = () =>
        new AppError(ADMIN_ERROR_CODES.systemRole, 403, ADMIN_MSG.removeSystemRole);
      const notAssigner = () =>
        new AppError(ADMIN_ERROR_CODES.notAssigner, 403, ADMIN_MSG.removeOnlyByAssigner);
      if (held.origin === 'system') throw systemRole();
      if (held.origin === 'admin' && held.assignedBy === callerId) {
        // Removed by someone else meanwhile (or re-given by another admin): nothing of ours to take.
        if (!(await deps.admin.removeRoleAssignedBy(userId, roleName, callerId))) throw notHeld();
      } else if (held.origin === 'orphaned') {
        // Its admin is gone: any admin may clear it (decision 0027), unless that changed meanwhile.
        if (!(await deps.admin.removeOrphanedRole(userId, roleName))) {
          const now = (await accountOr404(userId)).roles.find((r) => r.role === roleName);
          if (!now) throw notHeld();
          throw now.origin === 'system' ? systemRole() : notAssigner();
        }
      } else {
        throw notAssigner();
      }
      return {
        success: true,
        message: ADMIN_MSG.roleRemoved(roleName),
        user: await freshUser(userId),
      };
    },
  };

  async function freshUser(userId: string) {
    const account = await deps.users.findAccount(userId);
    if (!account) throw userNotFound();
    return toUserDto(account, deps.clock());
  }
}
export type AdminService = ReturnType<typeof createAdminService>;
