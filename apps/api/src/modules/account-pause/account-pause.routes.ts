import { ZErrorResponse } from '@magotips/contracts/error-response';
import { ZPauseLiftRequest, ZPauseRequest } from '@magotips/contracts/pause';
import { ZUser } from '@magotips/contracts/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { AUTH_LIMITS } from '../auth/auth.routes';
import { credentialFailureLogs } from '../auth/credential-failure';
import { createAccountPauseService } from './account-pause.service';
import { registerPauseEmailJob } from './pause-email';

const bearer = [{ bearerAuth: [] }];
const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, ZErrorResponse]));

/** Both answers: the account as it is now (`paused`, `pausedUntil`…) and the sentence to show. */
export const ZPauseResponse = z.object({
  success: z.literal(true),
  user: ZUser,
  message: z.string(),
});

/** The reader's pause (issue 32 item 3, decision 0116): any signed-in account pauses itself,
 * confirming with its password; nobody, admins included, shortens a pause. */
export async function accountPauseRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createAccountPauseService({
    db: deps.db,
    users: deps.users,
    clock: deps.clock,
    jobs: deps.jobs,
    events: deps.readerEvents,
  });
  registerPauseEmailJob({
    jobs: deps.jobs,
    mailer: deps.mailer,
    users: deps.users,
    appUrl: deps.config.appUrl,
  });
  const { authenticate, requireAuth } = deps.guards;
  // The budget of every password confirmation (change password, delete account): one counter,
  // so a stolen session can't guess the password through this route instead.
  const passwordLimit = deps.rateLimiter.hooks(AUTH_LIMITS.passwordCheck);
  const failureLogs = credentialFailureLogs(deps.config.jwtSecret);

  r.post(
    '/api/account/pause',
    {
      schema: {
        tags: ['auth'],
        summary: 'Pausa la cuenta 1, 3 o 6 meses (`months`) o indefinidamente (`months: null`)',
        description:
          'Confirma con la contraseña. Al momento: sin alertas por ningún canal, compras y regalos rechazados (409 PAUSED), renovación automática cancelada (también en Stripe), sin ofertas y fuera del grupo VIP; lo ya pagado sigue legible. Un e-mail confirma la pausa y su fin. 400 INVALID_PASSWORD contraseña incorrecta; 400 NO_PASSWORD cuenta solo con Google; 409 PAUSED si ya está en pausa.',
        security: bearer,
        body: ZPauseRequest,
        response: { 200: ZPauseResponse, ...errors(400, 401, 409, 429) },
      },
      // Signed in first: a visitor gets 401, whatever the body.
      onRequest: authenticate,
      ...passwordLimit,
      onError: failureLogs.passwordCheck,
    },
    async (request) => service.pause(requireAuth(request).account, request.body),
  );

  r.post(
    '/api/account/pause/lift',
    {
      schema: {
        tags: ['auth'],
        summary: 'Pide levantar una pausa indefinida (a partir de 6 meses); termina 7 días después',
        description:
          'Confirma con la contraseña. Solo una pausa indefinida que dura ya 6 meses (`pauseLiftableFrom`): fija `pausedUntil` a 7 días. 409 si la pausa tiene fecha de fin (no se acorta), si aún no han pasado 6 meses (el texto dice desde cuándo) o si la cuenta no está en pausa.',
        security: bearer,
        body: ZPauseLiftRequest,
        response: { 200: ZPauseResponse, ...errors(400, 401, 409, 429) },
      },
      onRequest: authenticate,
      ...passwordLimit,
      onError: failureLogs.passwordCheck,
    },
    async (request) => service.lift(requireAuth(request).account, request.body),
  );
}
