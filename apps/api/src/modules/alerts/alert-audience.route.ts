import { ZAlertAudienceQuery, ZAlertAudienceResponse } from '@magotips/contracts/alerts';
import { ZErrorResponse } from '@magotips/contracts/error-response';
import { MSG } from '@magotips/contracts/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../module-deps';
import type { AlertReadersRepository } from './alert-readers.repository';

/** The count the editor's "Se publicará … y se avisará a N lectores" reads before a tip's first
 * publication (issue 29 item 15f, decision 0087). Read-only; for the editors who write tips. */
export async function alertAudienceRoute(
  app: FastifyInstance,
  opts: { deps: ModuleDeps; readers: AlertReadersRepository },
) {
  const { deps, readers } = opts;
  // Checked before validation, as the tips' own routes do: others learn nothing of the inputs.
  const editorOnly = deps.guards.requireAnyRole(['editor'], MSG.editorRequired);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/alerts/audience',
    {
      preValidation: editorOnly,
      schema: {
        tags: ['alerts'],
        summary: 'Cuántos lectores avisaría un tip nuevo de esa categoría (rol editor)',
        description:
          'Lectores con el e-mail confirmado y los avisos de esa categoría activados por e-mail o push (con un dispositivo); para un tip VIP, solo quien puede leerlo hoy (suscripción activa, o rol editor/admin). Telegram es un canal público y no cuenta.',
        security: [{ bearerAuth: [] }],
        querystring: ZAlertAudienceQuery,
        response: {
          200: ZAlertAudienceResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const { category } = request.query;
      return {
        success: true as const,
        category,
        readers: await readers.countAudience(category, deps.clock()),
      };
    },
  );
}
