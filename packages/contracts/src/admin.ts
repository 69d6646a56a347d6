import { z } from 'zod';
import { ASSIGNABLE_ROLES } from './roles';
import { ZUser } from './users';

/** Role management texts: SPEC.md §4 and §8 where it gives them, ours where it is silent. */
export const ADMIN_MSG = {
  // SPEC.md
  accessDenied: 'No tienes permisos para acceder a esta sección. Se requiere rol de administrador.',
  loadUsersError: 'Error al cargar usuarios',
  searchUsersError: 'Error al buscar usuarios',
  removeRoleError: 'Error al quitar rol',
  assignRoleError: 'Error al asignar rol',
  assignedByOther: 'Asignado por otro admin',
  systemRole: 'Rol original del sistema',
  removeConfirm: (role: string) => `¿Estás seguro de que quieres quitar el rol ${role}?`,
  // Ours
  userNotFound: 'Usuario no encontrado',
  roleNotAssignable: 'Solo se pueden asignar los roles admin o editor',
  roleInvalid: 'Rol no válido',
  roleAlreadyAssigned: (role: string) => `El usuario ya tiene el rol ${role}`,
  roleNotHeld: (role: string) => `El usuario no tiene el rol ${role}`,
  removeOnlyByAssigner: 'Solo el administrador que asignó este rol puede quitarlo',
  removeSystemRole: 'Rol original del sistema: no se puede quitar',
  /** A role whose admin was deleted or is no longer admin: any admin may remove it. */
  orphanedRole: 'Asignado por un antiguo admin',
  roleAssigned: (role: string) => `Rol ${role} asignado`,
  roleRemoved: (role: string) => `Rol ${role} quitado`,
  searchAndExact: 'Usa la búsqueda por texto o la búsqueda exacta, no ambas a la vez',
  exactRequired: 'Escribe el e-mail o el nombre completo del usuario',
} as const;

/** Machine codes of the role rules, for clients that branch on them. */
export const ADMIN_ERROR_CODES = {
  userNotFound: 'USER_NOT_FOUND',
  roleAlreadyAssigned: 'ROLE_ALREADY_ASSIGNED',
  roleNotHeld: 'ROLE_NOT_HELD',
  roleInvalid: 'ROLE_INVALID',
  baseRole: 'BASE_ROLE_REQUIRED',
  systemRole: 'SYSTEM_ROLE',
  notAssigner: 'NOT_ROLE_ASSIGNER',
  searchAndExact: 'SEARCH_AND_EXACT',
} as const;

export const ADMIN_USERS_DEFAULT_LIMIT = 50;
export const ADMIN_USERS_MAX_LIMIT = 100;
export const ADMIN_SEARCH_MAX = 254;

/**
 * GET /api/admin/all-users.
 * - `search` (present, even empty): the existing-roles list, users holding a role other than
 *   `user`, filtered by a case-insensitive substring of first name, last name or e-mail.
 * - `exact`: the assign-role search, every user whose full e-mail or full name ("first last")
 *   equals it, ignoring case.
 * - neither: every user, newest first.
 * Always paged (`page`, `limit`) so the answer stays small whatever the number of users.
 */
export const ZAdminUsersQuery = z.object({
  search: z.string().trim().max(ADMIN_SEARCH_MAX).optional(),
  exact: z.string().trim().min(1, ADMIN_MSG.exactRequired).max(ADMIN_SEARCH_MAX).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_USERS_MAX_LIMIT)
    .default(ADMIN_USERS_DEFAULT_LIMIT),
});
export type TAdminUsersQuery = z.input<typeof ZAdminUsersQuery>;

export const ZAdminPagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  /** Present (true) when `total` is the database's estimate: more than 10000 users. */
  estimated: z.boolean().optional(),
});
export type TAdminPagination = z.infer<typeof ZAdminPagination>;

export const ZAdminUsersResponse = z.object({
  success: z.literal(true),
  users: z.array(ZUser),
  pagination: ZAdminPagination,
});
export type TAdminUsersResponse = z.infer<typeof ZAdminUsersResponse>;

/** POST /api/admin/users/{userId}/roles. */
export const ZAssignRoleRequest = z.object({
  role: z.enum(ASSIGNABLE_ROLES, { error: ADMIN_MSG.roleNotAssignable }),
});
export type TAssignRoleRequest = z.infer<typeof ZAssignRoleRequest>;

/** Both role calls answer the user as it now is, so the screen can update without a refetch. */
export const ZRoleChangeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  user: ZUser,
});
export type TRoleChangeResponse = z.infer<typeof ZRoleChangeResponse>;
