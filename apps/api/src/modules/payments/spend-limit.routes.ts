import { ZErrorResponse } from '@magotips/contracts/error-response';
import {
  SPEND_LIMIT_RAISE_HOURS,
  ZSpendLimitBody,
  ZSpendLimitResponse,
} from '@magotips/contracts/spend-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../module-deps';

const bearer = [{ bearerAuth: [] }];
const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, ZErrorResponse]));

/** GET/PUT of the caller's monthly spend limit (issue 32 item 4, decision 0113). */
export async function spendLimitRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { spendLimit } = deps.payments;
  const signedIn = deps.guards.authenticate;

  r.get(
    '/api/account/spend-limit',
    {
      preValidation: signedIn,
      schema: {
        tags: ['payments'],
        summary: 'Límite de gasto mensual de quien llama, lo gastado y lo que le queda este mes',
        description:
          'Importes en USD. El mes es el natural en UTC; cuenta lo cobrado (compras, renovaciones, regalos comprados, cambios de plan) menos lo reembolsado. `pendingLimit`/`pendingFrom`: un aumento o una retirada que espera sus 72 horas (`pendingLimit` null con `pendingFrom`: retirada).',
        security: bearer,
        response: { 200: ZSpendLimitResponse, ...errors(401) },
      },
    },
    async (request) => ({
      success: true as const,
      spendLimit: await spendLimit.view(deps.guards.requireAuth(request).userId),
    }),
  );

  r.put(
    '/api/account/spend-limit',
    {
      preValidation: signedIn,
      schema: {
        tags: ['payments'],
        summary: 'Fija, baja, sube o quita (con null) el límite de gasto mensual',
        description: `\`monthlyLimit\`: importe en USD mayor que 0 con dos decimales como máximo (número, o texto como "12,50"), o null. Bajarlo (o fijarlo por primera vez) se aplica al momento; subirlo o quitarlo se aplica a las ${SPEND_LIMIT_RAISE_HOURS} horas. Las compras nuevas que lo superen reciben 409 SPEND_LIMIT antes de abrir el pago.`,
        security: bearer,
        body: ZSpendLimitBody,
        response: { 200: ZSpendLimitResponse, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { userId } = deps.guards.requireAuth(request);
      const result = await spendLimit.set(userId, request.body.monthlyLimit);
      return { success: true as const, ...result };
    },
  );
}
