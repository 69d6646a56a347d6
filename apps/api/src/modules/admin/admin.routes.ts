import {
  ZAdminUsersQuery,
  ZAdminUsersResponse,
  ZAssignRoleRequest,
  ZRoleChangeResponse,
} from '@magotips/contracts/admin';
import { ZErrorResponse } from '@magotips/contracts/error-response';
import { MSG } from '@magotips/contracts/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { createAdminRepository } from './admin.repository';
import { createAdminService } from './admin.service';

// Ids and role names are checked by the service, so a malformed one is a Spanish 404/400
// rather than a generic validation text.
const ZUserParams = z.object({ userId: z.string().max(100) });
const ZUserRoleParams = z.object({ userId: z.string().max(100), roleName: z.string().max(50) });

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
};

export async function adminRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const admin = createAdminService({
    admin: createAdminRepository(deps.db),
    users: deps.users,
    clock: deps.clock,
  });
  // Checked before validation: someone who is not an admin learns nothing about the inputs.
  const adminOnly = deps.guards.requireAnyRole(['admin'], MSG.adminRequired);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/all-users',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Usuarios (todos, búsqueda de roles existentes o búsqueda exacta), paginados',
        security: [{ bearerAuth: [] }],
        querystring: ZAdminUsersQuery,
        response: { 200: ZAdminUsersResponse, ...errors },
      },
    },
    async (request) => admin.listUsers(request.query),
  );

  r.post(
    '/api/admin/users/:userId/roles',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Asignar el rol admin o editor a un usuario',
        security: [{ bearerAuth: [] }],
        params: ZUserParams,
        body: ZAssignRoleRequest,
        response: { 200: ZRoleChangeResponse, ...errors, 409: ZErrorResponse },
      },
    },
    async (request) =>
      admin.assignRole(
        deps.guards.requireAuth(request).userId,
        request.params.userId,
        request.body.role,
      ),
  );

  r.delete(
    '/api/admin/users/:userId/roles/:roleName',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          'Quitar un rol: quien lo asignó, o cualquier admin si quien lo asignó ya no existe o no es admin (decisión 0027)',
        security: [{ bearerAuth: [] }],
        params: ZUserRoleParams,
        response: { 200: ZRoleChangeResponse, ...errors },
      },
    },
    async (request) =>
      admin.removeRole(
        deps.guards.requireAuth(request).userId,
        request.params.userId,
        request.params.roleName,
      ),
  );
}
