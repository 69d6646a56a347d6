import {
  PROFILE_TEXT,
  ZProfileUpdateRequest,
  ZProfileUpdateResponse,
} from '@magotips/contracts/profile';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../module-deps';
import { toUserDto } from '../users/user-dto';
import { errors } from './auth-route-parts';

/**
 * PATCH /api/auth/me (issue 32 item 1, decision 0114): the reader changes their country or time
 * zone in /panel/cuenta. Only those two: name, e-mail and birth date stay as registered (SPEC.md).
 * Every e-mail, push and DM after this is written in the new zone with the new country's help.
 */
export async function profileRoutes(parent: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { authenticate, requireAuth } = deps.guards;

  app.patch(
    '/api/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'Cambia el país o la zona horaria de la cuenta (al menos uno de los dos)',
        description:
          '`country`: código ISO 3166-1 alfa-2 de la lista de contracts (ES, MX, CO, AR, CL, PE, US) u OTHER; `timeZone`: zona IANA que el servidor conoce. Devuelve el usuario actualizado y el texto de confirmación.',
        security: [{ bearerAuth: [] }],
        body: ZProfileUpdateRequest,
        response: { 200: ZProfileUpdateResponse, ...errors(400, 401) },
      },
      // Signed in first: a visitor gets 401, whatever the body.
      onRequest: authenticate,
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const { country, timeZone } = request.body;
      await deps.db
        .update(users)
        .set({
          ...(country !== undefined ? { country } : {}),
          ...(timeZone !== undefined ? { timeZone } : {}),
          updatedAt: deps.clock(),
        })
        .where(eq(users.id, userId));
      const account = await deps.users.findAccount(userId);
      // Deleted between the session check and the write.
      if (!account) throw AppError.unauthorized();
      return { user: toUserDto(account, deps.clock()), message: PROFILE_TEXT.saved };
    },
  );
}
